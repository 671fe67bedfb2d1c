import Lister
import ListerTestSupport
import TerminalCore
import Testing

struct Article: Sendable, Hashable {
    let title: String
    let body: String
}

struct ArticleScreen: DetailScreen {
    let loader: ScriptedLoader<Article>
    var title: String { "Article" }
    var next: FruitScreen?

    nonisolated func load() async throws -> Article { try await loader.load() }

    func placeholder(width: Int) -> [Text] { [Text("Known title").bold()] }

    func content(_ article: Article, width: Int) -> [Text] {
        [Text(article.title).bold()] + Text.wrapping(article.body, width: width)
    }

    func open(_ article: Article) -> OpenResult { next.map { .screen($0) } ?? .nothing }
}

@Suite struct DetailModelTests {
    @Test func refreshKeepsTheContentAndAFailedRefreshSaysSo() {
        var model = DetailModel<Int>()
        _ = model.load(now: .zero)
        model.receive(.success(1), generation: 1, now: .zero)
        #expect(model.refresh(now: .zero) == [.start(generation: 2)])
        #expect(model.isRefreshing)
        #expect(model.state.value == 1)
        model.receive(.failure(ListError("offline")), generation: 2, now: .zero)
        #expect(model.state.value == 1)
        #expect(model.refreshError == ListError("offline"))
    }

    @Test func aStaleValueIsDropped() {
        var model = DetailModel<Int>()
        _ = model.load(now: .zero)
        _ = model.load(now: .zero)
        let stale = model.receive(.success(1), generation: 1, now: .zero)
        let current = model.receive(.success(2), generation: 2, now: .zero)
        #expect(!stale)
        #expect(current)
        #expect(model.state.value == 2)
    }

    @Test func scrollingIsClamped() {
        var model = DetailModel<Int>()
        model.scroll(by: 50, lineCount: 30, height: 10)
        #expect(model.scrollOffset == 20)
        model.scroll(by: -100, lineCount: 30, height: 10)
        #expect(model.scrollOffset == 0)
    }
}

@MainActor
@Suite struct DetailScreenTests {
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .zero)

    @Test func showsWhatItKnowsAtOnceThenTheSpinnerThenTheContent() async {
        let loader = ScriptedLoader<Article>()
        let app = HeadlessApp(root: ArticleScreen(loader: loader), size: Size(rows: 8, columns: 30),
                              configuration: Configuration(timing: timing))
        await app.start()
        #expect(Array(app.lines[1...3]) == ["Known title", "", ""])
        await app.advance(by: .milliseconds(100))
        #expect(Array(app.lines[1...3]) == ["Known title", "", "⠋ Loading Article…"])
        loader.succeed(Article(title: "Real title", body: "one two three four five six seven eight nine ten"))
        await app.settle()
        #expect(Array(app.lines[1...4]) == ["Real title", "one two three four five six", "seven eight nine ten", ""])
    }

    @Test func errorKeepsThePlaceholderAndRetryLoads() async {
        let loader = ScriptedLoader<Article>()
        let app = HeadlessApp(root: ArticleScreen(loader: loader), size: Size(rows: 8, columns: 40),
                              configuration: Configuration(timing: timing))
        await app.start()
        loader.fail(ListError("HTTP 500"))
        await app.settle()
        #expect(Array(app.lines[1...5]) == ["Known title", "", "✗ Could not load Article", "  HTTP 500", "  Press r to retry"])
        await app.press(.character("r"))
        loader.succeed(Article(title: "T", body: "B"))
        await app.settle()
        #expect(Array(app.lines[1...2]) == ["T", "B"])
    }

    @Test func helpListsOnlyTheKeysADetailAnswers() async {
        let loader = ScriptedLoader<Article>()
        let nextLoader = ScriptedLoader<[Fruit]>()
        let plain = HeadlessApp(root: ArticleScreen(loader: loader), size: Size(rows: 30, columns: 60),
                                configuration: Configuration(timing: timing))
        await plain.start()
        loader.succeed(Article(title: "T", body: "B"))
        await plain.settle()
        await plain.press(.character("?"))
        #expect(plain.screen.contains("Next page"))
        #expect(plain.screen.contains("Retry, else refresh"))
        for absent in ["Filter the rows", "Mark or unmark", "Scroll long rows", "Open or choose", "Back to the previous screen"] {
            #expect(!plain.screen.contains(absent), "a detail's help lists \(absent)")
        }

        let linked = HeadlessApp(root: ArticleScreen(loader: loader, next: FruitScreen(loader: nextLoader)),
                                 size: Size(rows: 30, columns: 60), configuration: Configuration(timing: timing))
        await linked.start()
        loader.succeed(Article(title: "T", body: "B"))
        await linked.settle()
        await linked.press(.character("?"))
        #expect(linked.screen.contains("Open or choose"))  // this one opens a list
    }

    @Test func tallContentScrolls() async {
        let loader = ScriptedLoader<Article>()
        let app = HeadlessApp(root: ArticleScreen(loader: loader), size: Size(rows: 5, columns: 20),
                              configuration: Configuration(timing: timing))
        await app.start()
        loader.succeed(Article(title: "T", body: (1...10).map { "line\($0)" }.joined(separator: "\n")))
        await app.settle()
        #expect(Array(app.lines[1...3]) == ["T", "line1", "line2"])
        await app.press(.down, .down)
        #expect(Array(app.lines[1...3]) == ["line2", "line3", "line4"])
        await app.press(.end)
        #expect(Array(app.lines[1...3]) == ["line8", "line9", "line10"])
        #expect(app.lines[4].hasPrefix("9/11"))
    }

    @Test func aLoadFinishingAfterPopTouchesNoScreen() async {
        // Three levels: fruit list → article → fruit list; leave the third and the second
        // while their loads are in flight, then let those loads finish late.
        let rootLoader = ScriptedLoader<[Fruit]>()
        let articleLoader = ScriptedLoader<Article>(ignoresCancellation: true)
        let leafLoader = ScriptedLoader<[Fruit]>(ignoresCancellation: true)

        struct Root: ListScreen {
            let loader: ScriptedLoader<[Fruit]>
            let article: ArticleScreen
            var title: String { "Fruit" }
            nonisolated func load() async throws -> [Fruit] { try await loader.load() }
            func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
            func open(_ fruit: Fruit) -> OpenResult { .screen(article) }
        }
        let article = ArticleScreen(loader: articleLoader, next: FruitScreen(title: "Leaf", loader: leafLoader))
        let app = HeadlessApp(root: Root(loader: rootLoader, article: article), size: Size(rows: 6, columns: 40),
                              configuration: Configuration(timing: timing))
        await app.start()
        rootLoader.succeed(fruits)
        await app.settle()
        await app.press(.down, .enter)                 // article loads (call 1)
        articleLoader.succeed(Article(title: "A", body: "b"))
        await app.settle()
        await app.press(.enter)                        // leaf loads
        #expect(app.lines[0] == "Fruit › Article › Leaf")
        await app.press(.escape)                       // leave the leaf while it loads
        await app.press(.character("r"))               // article refresh (call 2) in flight
        await app.press(.escape)                       // leave the article too
        #expect(app.lines[0] == "Fruit")
        leafLoader.succeed([Fruit(id: 99, name: "late leaf")])
        articleLoader.succeed(Article(title: "late article", body: ""), call: 2)
        await app.settle()
        #expect(app.lines[0] == "Fruit")
        #expect(app.lines[2] == "banana")              // the parent exactly as it was
        #expect(app.lines.last?.hasPrefix("2/7") == true)
        #expect(!app.screen.contains("late"))
        #expect(app.loadsInFlight == 0)
    }
}
