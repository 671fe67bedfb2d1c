@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A picker inside fzf's frame (`--margin`, `--border`, `--border-label`, `--padding`).
private struct FramedScreen: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var frame: PromptFrame
    var info = PromptInfo.default
    var title: String { "Find" }
    var pickMode: PickMode { .single }
    var filterPrompt: FilterPrompt? {
        var prompt = FilterPrompt(prompt: "> ", isOnTop: true)
        prompt.frame = frame
        prompt.info = info
        return prompt
    }

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func filterQuery(_ text: String) -> FilterQuery { FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(text))) }
}

@MainActor
@Suite struct PromptFrameTests {
    private func app(_ frame: PromptFrame, info: PromptInfo = .default, size: Size = Size(rows: 9, columns: 20)) async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FramedScreen(loader: loader, frame: frame, info: info), size: size)
        await app.start()
        loader.succeed(Array(fruits.prefix(2)))
        await app.settle()
        return app
    }

    @Test func aRoundedBorderWithALabelMarginAndPadding() async {
        var frame = PromptFrame()
        frame.margin = PromptFrame.Insets([.cells(1), .cells(2)])  // vertical, horizontal
        frame.border = .rounded
        frame.label = "hi"
        frame.padding = PromptFrame.Insets([.cells(0), .cells(1)])
        let app = await app(frame)
        #expect(app.lines[0] == "")
        #expect(app.lines[1] == "  ╭──────hi──────╮")
        #expect(app.lines[2].hasPrefix("  │ Find"))
        #expect(app.lines[2].hasSuffix("│"))
        #expect(app.lines[3] == "  │ >            │")
        #expect(app.lines[4].hasPrefix("  │ apple"))
        #expect(app.lines[7] == "  ╰──────────────╯")
        #expect(app.lines[8] == "")
    }

    @Test func aHorizontalBorderDrawsTheTopAndBottomLinesOnly() async {
        var frame = PromptFrame()
        frame.border = .horizontal
        let app = await app(frame, size: Size(rows: 8, columns: 10))
        #expect(app.lines[0] == String(repeating: "─", count: 10))
        #expect(app.lines[1].hasPrefix("Find"))
        #expect(app.lines[7] == String(repeating: "─", count: 10))
    }

    @Test func withoutAFrameThePickerTakesTheWholeScreen() async {
        let app = await app(PromptFrame())
        #expect(app.lines[0].hasPrefix("Find"))
        #expect(app.lines[1] == ">")
    }

    @Test func infoInlineIsOnThePromptLineAndTheStatusBarIsGone() async {
        let app = await app(PromptFrame(), info: .inline, size: Size(rows: 5, columns: 20))
        #expect(app.lines[1] == ">   < 1/2 ──────────")  // after the query, as fzf 0.74.5 draws it
        #expect(app.lines[4] == "")  // no status bar: the list's last row
        let right = await self.app(PromptFrame(), info: .inlineRight, size: Size(rows: 5, columns: 20))
        #expect(right.lines[1] == ">" + String(repeating: " ", count: 15) + "1/2")  // a column left free at the end
    }

    @Test func infoHiddenShowsNoCount() async {
        let app = await app(PromptFrame(), info: .hidden, size: Size(rows: 5, columns: 20))
        #expect(!app.lines.contains { $0.contains("1/2") })
        let shown = await self.app(PromptFrame(), size: Size(rows: 5, columns: 20))
        #expect(shown.lines[4].hasPrefix("1/2"))  // the default: in the status bar
    }
}
