@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A picker inside fzf's frame (`--margin`, `--border`, `--border-label`, `--padding`).
private struct FramedScreen: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var frame: PromptFrame
    var title: String { "Find" }
    var pickMode: PickMode { .single }
    var filterPrompt: FilterPrompt? {
        var prompt = FilterPrompt(prompt: "> ", isOnTop: true)
        prompt.frame = frame
        return prompt
    }

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func filterQuery(_ text: String) -> FilterQuery { FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(text))) }
}

@MainActor
@Suite struct PromptFrameTests {
    private func app(_ frame: PromptFrame, size: Size = Size(rows: 9, columns: 20)) async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FramedScreen(loader: loader, frame: frame), size: size)
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
}
