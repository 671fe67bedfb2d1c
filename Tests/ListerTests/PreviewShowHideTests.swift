@testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// fzf's `show-preview`, `hide-preview` and `preview-half-page-up/down`: the pane shown or
/// hidden whatever it was, and scrolled by half its height.
@MainActor
@Suite struct PreviewShowHideTests {
    let loader = ScriptedLoader<PreviewText>()

    private func app() async -> HeadlessApp {
        var keys = KeyMap.standard
        keys.bind([.character("s")], to: .showPreview, help: "")
        keys.bind([.character("h")], to: .hidePreview, help: "")
        keys.bind([.character("d")], to: .previewHalfPageDown, help: "")
        keys.bind([.character("u")], to: .previewHalfPageUp, help: "")
        let app = HeadlessApp(root: PreviewedFruits(loader: loader), size: Size(rows: 12, columns: 50),
                              configuration: Configuration(keyMap: keys))
        await app.start()
        loader.succeed(PreviewText(lines: (1...40).map { Text("about \($0)") }))
        await app.settle()
        return app
    }

    @Test func showAndHideSetThePaneWhateverItWas() async {
        let app = await app()
        #expect(app.screen.contains("about 1"))
        await app.press(.character("s"))  // shown already: stays
        #expect(app.screen.contains("about 1"))
        await app.press(.character("h"))
        #expect(!app.screen.contains("about 1"))
        await app.press(.character("h"))  // hidden already: stays
        #expect(!app.screen.contains("about 1"))
        await app.press(.character("s"))
        loader.succeed(PreviewText(lines: [Text("about 1 again")]))  // shown again: loaded again
        await app.settle()
        #expect(app.screen.contains("about 1 again"), "\(app.screen)")
    }

    @Test func halfPagesScrollByHalfThePane() async throws {
        let app = await app()
        let height = app.lines.filter { $0.contains("about ") }.count
        #expect(height > 4)
        await app.press(.character("d"))
        let first = app.lines.first { $0.contains("about ") }
        #expect(first?.hasSuffix("about \(1 + height / 2)") == true, "\(app.screen)")
        await app.press(.character("u"))
        #expect(app.lines.first { $0.contains("about ") }?.hasSuffix("about 1") == true)
    }

    @Test func halfPagesOnTheState() {
        let app = HeadlessApp(root: FruitScreen(loader: ScriptedLoader()))
        var state = PreviewHostState(contents: ContentRegistry(screen: 1, timing: LoadTiming(), scheduler: app.runtime),
                                     preference: PreviewPreference(), placement: .right())
        state.height = 5
        let text = PreviewText(lines: (1...10).map { Text("line \($0)") })
        let key = ContentKey("a")
        #expect(state.scroll(.previewHalfPageDown, key: key, text: text) && state.offset(for: key) == 2)
        #expect(state.scroll(.previewHalfPageDown, key: key, text: text) && state.offset(for: key) == 4)
        #expect(state.scroll(.previewHalfPageUp, key: key, text: text) && state.offset(for: key) == 2)
        state.height = 1
        #expect(state.scroll(.previewHalfPageUp, key: key, text: text) && state.offset(for: key) == 1)  // at least a line
    }
}
