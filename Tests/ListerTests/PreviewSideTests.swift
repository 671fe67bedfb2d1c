import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// The preview pane on the left of the list and above it (fzf's `--preview-window left`
/// and `up`).
@MainActor
@Suite struct PreviewSideTests {
    let loader = ScriptedLoader<PreviewText>()

    private func app(_ placement: PreviewPlacement, size: Size) async -> HeadlessApp {
        let app = HeadlessApp(root: PreviewedFruits(placement: placement, loader: loader), size: size)
        await app.start()
        loader.succeed(PreviewText(lines: [Text("about fruit 1")]))
        await app.settle()
        return app
    }

    @Test func aPaneOnTheLeftPutsTheListOnTheRight() async {
        let app = await app(PreviewPlacement(.left, size: .cells(20)), size: Size(rows: 12, columns: 50))
        #expect(app.lines[1].hasPrefix("about fruit 1"))
        #expect(app.lines[1].hasSuffix("fruit 1") && app.lines[1].contains("│"))
        let divider = app.lines[1].firstIndex(of: "│").map { app.lines[1].distance(from: app.lines[1].startIndex, to: $0) }
        #expect(divider == 20, "the pane is 20 columns wide, then the divider")
    }

    @Test func aPaneAboveTheListPutsTheListUnderIt() async {
        let app = await app(PreviewPlacement(.top, size: .cells(4)), size: Size(rows: 14, columns: 40))
        // Rows 1-4 are the pane, 5 the divider, 6- the list.
        #expect(app.lines[1] == "about fruit 1")
        #expect(app.lines[5].allSatisfy { $0 == "─" })
        #expect(app.lines[6].hasPrefix("fruit 1"))
    }
}
