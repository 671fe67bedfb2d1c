import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// The default body of a ListScreen in each state, against literal lines.
@MainActor
@Suite struct RenderingTests {
    let size = Size(rows: 6, columns: 32)

    func render(_ model: ListModel<Fruit>, now: Duration = .zero) -> [String] {
        let screen = FruitScreen(loader: ScriptedLoader())
        var buffer = Buffer(size: size)
        var model = model
        model.layout(height: size.rows)
        screen.body(ListContext(screen: screen, model: model, now: now)).render(in: buffer.area, buffer: &buffer)
        return buffer.lines
    }

    @Test func idleDrawsNothing() {
        #expect(render(ListModel()) == ["", "", "", "", "", ""])
    }

    @Test func loadingBeforeTheDelayDrawsNothingThenTheSpinner() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        #expect(render(model) == ["", "", "", "", "", ""])
        model.advance(to: .milliseconds(100))
        #expect(render(model, now: .milliseconds(100)) == ["⠋ Loading Fruit…", "", "", "", "", ""])
        #expect(render(model, now: .milliseconds(260)) == ["⠹ Loading Fruit…", "", "", "", "", ""])
    }

    @Test func emptyShowsTheMessage() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(.success([]), generation: 1, now: .zero)
        #expect(render(model) == ["Nothing here", "", "", "", "", ""])
    }

    @Test func errorShowsTheMessageAndTheRetryHint() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(.failure(ListError("HTTP 503 from api.example")), generation: 1, now: .zero)
        #expect(render(model) == [
            "✗ Could not load Fruit",
            "  HTTP 503 from api.example",
            "  Press r to retry",
            "", "", "",
        ])
    }

    @Test func aNonRetryableErrorHasNoRetryHint() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(.failure(ListError("no such file", isRetryable: false)), generation: 1, now: .zero)
        #expect(render(model) == ["✗ Could not load Fruit", "  no such file", "", "", "", ""])
    }

    @Test func loadedDrawsOnlyTheVisibleRowsWithTheSelectionHighlighted() {
        let model = loadedModel(fruits, selected: 6)
        #expect(render(model) == ["banana", "cherry", "damson", "elderberry", "fig", "grape"])
        let screen = FruitScreen(loader: ScriptedLoader())
        var buffer = Buffer(size: size)
        var m = model
        m.layout(height: size.rows)
        screen.body(ListContext(screen: screen, model: m, now: .zero)).render(in: buffer.area, buffer: &buffer)
        #expect(buffer[5, 0].style.attributes.contains(.reverse))
        #expect(buffer[5, 4].style.attributes.contains(.reverse))
        #expect(!buffer[5, 5].style.attributes.contains(.reverse))  // the highlight covers the text
        #expect(!buffer[4, 0].style.attributes.contains(.reverse))
        #expect(buffer.cursor == Point(row: 5, column: 0))
    }

    @Test func aMillionRowsBuildOnlyTheVisibleOnes() {
        var built = 0
        let list = ListView(count: 1_000_000, selection: 500_000, scrollOffset: 499_998) { index in
            built += 1
            return Text("row \(index)")
        }
        var buffer = Buffer(size: Size(rows: 4, columns: 20))
        list.render(in: buffer.area, buffer: &buffer)
        #expect(built == 4)
        #expect(buffer.lines == ["row 499998", "row 499999", "row 500000", "row 500001"])
    }

    @Test func statusBarDropsTheHintFirstThenTheState() {
        let bar = StatusBar(position: "42/150", state: "refreshing", hint: "? help")
        func draw(_ width: Int) -> String {
            var buffer = Buffer(size: Size(rows: 1, columns: width))
            bar.render(in: buffer.area, buffer: &buffer)
            return buffer.line(0)
        }
        #expect(draw(32) == "42/150   refreshing       ? help")
        #expect(draw(25) == "42/150   refreshing")
        #expect(draw(12) == "42/150")
        let failed = StatusBar(position: "1/2", state: "stopped: cannot read standard input", hint: "? help")
        var buffer = Buffer(size: Size(rows: 1, columns: 30))
        failed.render(in: buffer.area, buffer: &buffer)
        #expect(buffer.line(0) == "1/2   stopped: cannot read st…")
    }

    @Test func hostileTextCannotReachTheTerminal() {
        var buffer = Buffer(size: Size(rows: 1, columns: 40))
        Text("\u{1B}]2;owned\u{07}\u{1B}[31mred").render(in: buffer.area, buffer: &buffer)
        #expect(buffer.line(0) == "^[]2;owned^G^[[31mred")
    }
}

@MainActor
@Suite struct BreadcrumbTests {
    @Test func fitsOrIsCutFromTheLeft() {
        let crumb = Breadcrumb(["Feed", "A rather long post title", "Comments"])
        #expect(crumb.visibleText(width: 80) == "Feed › A rather long post title › Comments")
        #expect(crumb.visibleText(width: 20) == "…st title › Comments")
        #expect(DisplayWidth.of(crumb.visibleText(width: 20)) == 20)
        #expect(Breadcrumb(["日本語のタイトル", "詳細"]).visibleText(width: 10) == "…ル › 詳細")  // a wide character is never split
    }
}

@MainActor
@Suite struct HorizontalScrollTests {
    @Test func longRowsScrollSidewaysWithoutSplittingWideCharacters() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 4, columns: 12))
        await app.start()
        loader.succeed([Fruit(id: 1, name: "0123456789abcdefghij"), Fruit(id: 2, name: "日本語のテキストです")])
        await app.settle()
        #expect(Array(app.lines[1...2]) == ["0123456789a…", "日本語のテ…"])
        await app.press(.character(">"))
        #expect(Array(app.lines[1...2]) == ["89abcdefghij", "テキストです"])
        await app.press(.character(">"), .character("<"), .character("<"), .character("<"))
        #expect(app.lines[1] == "0123456789a…")
    }
}

/// Seed 002: a screen brings its own loading, empty and error views.
struct CustomViewsScreen: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var title: String { "Orchard" }
    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func loadingView(frame: Int) -> Text { Text("Picking fruit (\(frame))…") }
    func emptyView() -> Text { Text("The orchard is bare") }
    func errorView(_ error: ListError) -> Text { Text("Storm: \(error.message)") }
}

@MainActor
@Suite struct CustomViewTests {
    @Test func aScreenReplacesTheLoadingEmptyAndErrorViews() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: CustomViewsScreen(loader: loader), size: Size(rows: 5, columns: 30),
                              configuration: Configuration(timing: LoadTiming(spinnerDelay: .zero, spinnerMinimum: .zero)))
        await app.start()
        await app.advance(by: .zero)
        #expect(app.lines[1] == "Picking fruit (0)…")
        loader.fail(ListError("hail"))
        await app.settle()
        #expect(app.lines[1] == "Storm: hail")
        await app.press(.character("r"))
        loader.succeed([])
        await app.settle()
        #expect(app.lines[1] == "The orchard is bare")
    }
}
