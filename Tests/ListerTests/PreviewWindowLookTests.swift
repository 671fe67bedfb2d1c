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

    @Test func aStartLineOpensThePaneThereUntilItIsScrolled() async {
        let prompt = FilterPrompt(prompt: "> ", isOnTop: true)
        let app = HeadlessApp(root: PreviewedPicker(prompt: prompt, loader: loader, start: PreviewStart(line: 10)),
                              size: Size(rows: 8, columns: 50))
        await app.start()
        loader.succeed(PreviewText(lines: (1...40).map { Text("line \($0)") }))
        await app.settle()
        let first = { app.lines.compactMap { line in line.range(of: "line ").map { String(line[$0.lowerBound...]) } }.first }
        #expect(first() == "line 11")  // fzf's +11: line 11 at the top
        await app.press(.shiftDown)  // scrolled from where it opened
        #expect(first() == "line 12")
        let centred = HeadlessApp(root: PreviewedPicker(prompt: prompt, loader: loader, start: PreviewStart(line: 10, divisor: 2)),
                                  size: Size(rows: 8, columns: 50))
        await centred.start()
        loader.succeed(PreviewText(lines: (1...40).map { Text("line \($0)") }))
        await centred.settle()
        let pane = centred.lines.filter { $0.contains("line ") }
        #expect(pane.firstIndex { $0.hasSuffix("line 11") } == pane.count / 2, "\(centred.screen)")  // -/2: in the middle
    }

    @Test func aPickersPaneTakesThePreviewColoursOfItsTheme() async {
        var prompt = FilterPrompt(prompt: "> ", isOnTop: true)
        prompt.theme.preview = Style(foreground: .red, background: .blue)
        let app = HeadlessApp(root: PreviewedPicker(prompt: prompt, loader: loader), size: Size(rows: 6, columns: 50))
        await app.start()
        loader.succeed(PreviewText(lines: [Text("about")]))
        await app.settle()
        let row = app.lines.firstIndex { $0.hasSuffix("about") } ?? 0
        #expect(app.frame?[row, 30].style == Style(foreground: .red, background: .blue), "\(app.screen)")
        #expect(app.frame?[row + 1, 30].style.background == .blue)  // under the text too
    }
}

/// A picker (a prompt-first list) with a preview pane, its lines from a scripted loader.
@MainActor
private struct PreviewedPicker: ListScreen {
    var prompt: FilterPrompt
    let loader: ScriptedLoader<PreviewText>
    var start: PreviewStart?
    var title: String { "Pick" }
    var filterPrompt: FilterPrompt? { prompt }
    var previewPlacement: PreviewPlacement? { .right(.cells(20)) }

    nonisolated func load() async throws -> [Fruit] { Array(fruits.prefix(3)) }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func filterQuery(_ text: String) -> FilterQuery { FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(text))) }
    func preview(_ fruit: Fruit, context: ListContext<Self>) -> Preview? {
        let loader = self.loader
        var preview = Preview(key: fruit.id) { try await loader.load() }
        preview.start = start
        return preview
    }
}
