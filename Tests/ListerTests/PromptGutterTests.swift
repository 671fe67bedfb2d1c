@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A picker with fzf's gutter (`--pointer`, `--marker`): its strings drawn before the
/// selected and the marked rows.
private struct GutterScreen: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var pointer: String?
    var marker: String?
    var title: String { "Find" }
    var pickMode: PickMode { .multiple }
    var filterPrompt: FilterPrompt? {
        var prompt = FilterPrompt(prompt: "> ", isOnTop: true)
        prompt.pointer = pointer
        prompt.marker = marker
        return prompt
    }

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func filterQuery(_ text: String) -> FilterQuery { FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(text))) }
}

@MainActor
@Suite struct PromptGutterTests {
    private func loadedApp(pointer: String?, marker: String?) async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: GutterScreen(loader: loader, pointer: pointer, marker: marker), size: Size(rows: 10, columns: 40))
        await app.start()
        loader.succeed(Array(fruits.prefix(3)))
        await app.settle()
        return app
    }

    @Test func thePointerFollowsTheSelectionAndTheMarkerShowsTheMarks() async {
        let app = await loadedApp(pointer: "→", marker: "✚")
        // The other rows show fzf 0.74.5's gutter, a half block, in the pointer's column.
        #expect(Array(app.lines[2...4]) == ["→ apple", "▌ banana", "▌ cherry"])
        await app.press(.tab)  // marks apple, moves down
        #expect(Array(app.lines[2...4]) == ["▌✚apple", "→ banana", "▌ cherry"])
        await app.press(.down)
        #expect(Array(app.lines[2...4]) == ["▌✚apple", "▌ banana", "→ cherry"])
        #expect(app.frame?[2, 0].style == .dim)  // no gutter colour: dim, as fzf's --no-color
    }

    @Test func aWidePointerTakesItsWidth() async {
        let app = await loadedApp(pointer: "=>", marker: nil)
        #expect(Array(app.lines[2...3]) == ["=> apple", "▌  banana"])  // the marker column: ● when marked (fzf: the same)
        await app.press(.tab)
        #expect(Array(app.lines[2...3]) == ["▌ ●apple", "=> banana"])
    }

    @Test func withoutEitherTheRowsHaveNoGutter() async {
        let app = await loadedApp(pointer: nil, marker: nil)
        #expect(Array(app.lines[2...3]) == ["  apple", "  banana"])  // the ● column of a multiple picker
    }
}

/// The gutter's and the frame's colours (fzf's `--color pointer:…,marker:…,border:…,label:…`).
@MainActor
@Suite struct PromptColorTests {
    @Test func theGutterDrawsThePointerAndMarkerInTheirColours() {
        var row = GutterRow(pointer: ">", marker: "*", isSelected: true, isMarked: true, content: Text("x"))
        row.pointerStyle = Style(foreground: .indexed(208))
        row.markerStyle = Style(foreground: .blue)
        var buffer = Buffer(size: Size(rows: 1, columns: 6))
        row.render(in: Rect(size: buffer.size), buffer: &buffer)
        let cells = buffer.cells(row: 0, columns: 0..<3)
        #expect(cells.map(\.text) == [">", "*", "x"])
        #expect(cells[cells.startIndex].style.foreground == .indexed(208))
        #expect(cells[cells.startIndex + 1].style.foreground == .blue)
    }

    @Test func theFrameDrawsItsBorderAndLabelInTheirColours() {
        var frame = PromptFrame()
        frame.border = .sharp
        frame.label = "L"
        frame.borderStyle = Style(foreground: .cyan)
        frame.labelStyle = Style(foreground: .yellow)
        var buffer = Buffer(size: Size(rows: 3, columns: 5))
        _ = frame.draw(in: Rect(size: buffer.size), buffer: &buffer)
        let top = buffer.cells(row: 0, columns: 0..<5)
        #expect(top.map(\.text).joined() == "┌─L─┐")
        #expect(top[top.startIndex].style.foreground == .cyan)
        #expect(top[top.startIndex + 2].style.foreground == .yellow)
    }
}
