import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// fzf's `--preview-window` look: `wrap`, `follow`, `border-none`, as the pane draws them.
@MainActor
@Suite struct PreviewWindowLookTests {
    let loader = ScriptedLoader<PreviewText>()

    private func app(_ placement: PreviewPlacement) async -> HeadlessApp {
        let app = HeadlessApp(root: PreviewedFruits(placement: placement, loader: loader), size: Size(rows: 8, columns: 50))
        await app.start()
        return app
    }

    /// The pane's columns (30-49) of `line`.
    private func pane(_ app: HeadlessApp, line: Int) -> String {
        String(app.lines[line].dropFirst(30))
    }

    @Test func wrapContinuesALongLineOnTheNextLines() async {
        var placement = PreviewPlacement.right(.cells(20))
        placement.wraps = true
        let app = await app(placement)
        loader.succeed(PreviewText(lines: [Text("0123456789abcdefghijKLMNO"), Text("next")]))
        await app.settle()
        #expect(pane(app, line: 1) == "0123456789abcdefghij")
        #expect(pane(app, line: 2) == "KLMNO")
        #expect(pane(app, line: 3) == "next")
    }

    @Test func followShowsTheEndUntilThePaneIsScrolled() async {
        var placement = PreviewPlacement.right(.cells(20))
        placement.follows = true
        let app = await app(placement)
        loader.succeed(PreviewText(lines: (1...30).map { Text("line \($0)") }))
        await app.settle()
        #expect(app.lines.contains { $0.hasSuffix("line 30") })
        #expect(!app.lines.contains { $0.hasSuffix("line 1") })
        await app.press(.shiftUp)  // scrolled by the user: follow lets go
        #expect(!app.lines.contains { $0.hasSuffix("line 30") })
    }

    @Test func borderNoneTakesTheLineBesideThePaneAway() async {
        var placement = PreviewPlacement.right(.cells(20))
        let bordered = await app(placement)
        loader.succeed(PreviewText(lines: [Text("about")]))
        await bordered.settle()
        #expect(bordered.lines[1].contains("│"))
        placement.showsBorder = false
        let bare = await app(placement)
        loader.succeed(PreviewText(lines: [Text("about")]))
        await bare.settle()
        #expect(!bare.lines[1].contains("│"))
        #expect(pane(bare, line: 1) == "about")
    }
}
