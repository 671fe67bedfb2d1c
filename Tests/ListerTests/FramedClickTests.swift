@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A picker inside fzf's frame whose body draws its rows with a list view made by hand,
/// which notes no region: clicks then go by the body's room in the frame.
private struct HandDrawnPicker: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var promptOnTop = false
    var title: String { "Find" }
    var pickMode: PickMode { .single }
    var filterPrompt: FilterPrompt? {
        var prompt = FilterPrompt(prompt: "> ", isOnTop: promptOnTop)
        var frame = PromptFrame()
        frame.margin = PromptFrame.Insets([.cells(2)])
        frame.border = .rounded
        prompt.frame = frame
        return prompt
    }

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }

    @ViewBuilder
    func body(_ context: ListContext<Self>) -> Group {
        let items = context.state.items
        ListView(count: items.count, selection: context.model.selection) { Text(items[$0].name) }
    }
}

@MainActor
@Suite struct FramedClickTests {
    /// `--border --margin 2`: the body starts on row 4 (two margin rows, the border, the
    /// title), not on row 1 as on a screen without a frame; the prompt is below the rows,
    /// or above them (`--layout reverse`).
    @Test(arguments: [false, true])
    func aClickInAFramedPickerSelectsTheRowUnderThePointer(promptOnTop: Bool) async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: HandDrawnPicker(loader: loader, promptOnTop: promptOnTop), size: Size(rows: 14, columns: 30))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        let cherry = promptOnTop ? 7 : 6
        #expect(app.lines[2].hasPrefix("  ╭"))
        #expect(app.lines[3].hasPrefix("  │Find"))
        #expect(app.lines[cherry].hasPrefix("  │cherry"))
        await app.mouse(.press, row: cherry, column: 5)
        #expect(app.frame?[cherry, 3].style.attributes.contains(.reverse) == true)
        #expect(app.lines.contains { $0.hasPrefix("  │3/7") })
        // The margin above the frame and the prompt line are outside the rows: nothing is selected.
        await app.mouse(.press, row: 1, column: 5)
        await app.mouse(.press, row: promptOnTop ? 4 : 9, column: 5)
        #expect(app.lines.contains { $0.hasPrefix("  │3/7") })
    }
}
