import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A detail screen with an action that changes what it loads.
private struct Counter: DetailScreen {
    let loader: ScriptedLoader<Article>
    var title: String { "Counter \(step)" }
    var step = 1
    nonisolated func load() async throws -> Article { try await loader.load() }
    func content(_ article: Article, width: Int) -> [Text] { [Text(article.title)] }
    var actions: [ScreenAction<Counter>] {
        [ScreenAction(.character("+"), help: "Step up") { counter in
            var next = counter
            next.step += 1
            return next
        }]
    }
}

/// A sectioned list with an action.
private struct Shelves: SectionedListScreen {
    let loader = ScriptedLoader<[Book]>()
    var title: String { sorted ? "Shelves (sorted)" : "Shelves" }
    var sorted = false
    var sections: [ListSection<Book>] { [ListSection("Books") { [loader] in try await loader.load() }] }
    func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
    var actions: [ScreenAction<Shelves>] {
        [ScreenAction(.character("s"), help: "Sort") { shelves in
            var next = shelves
            next.sorted = true
            return next
        }]
    }
}

/// Actions (keys with help) on sectioned lists and detail screens, as on plain lists.
@MainActor
@Suite struct ScreenActionKindsTests {
    @Test func aDetailScreensActionReplacesItAndLoadsAgain() async {
        let loader = ScriptedLoader<Article>()
        let app = HeadlessApp(root: Counter(loader: loader), size: Size(rows: 20, columns: 50))
        await app.start()
        loader.succeed(Article(title: "one", body: ""))
        await app.settle()
        await app.press(.character("+"))
        #expect(app.lines[0].contains("Counter 2"), "\(app.lines)")
        #expect(loader.callCount == 2)
        await app.press(.character("?"))
        #expect(app.screen.contains("Step up"), "\(app.screen)")
    }

    @Test func aSectionedListsActionReplacesItAndRefreshes() async {
        let shelves = Shelves()
        let app = HeadlessApp(root: shelves, size: Size(rows: 20, columns: 50))
        await app.start()
        shelves.loader.succeed([Book(1, title: "Dune")])
        await app.settle()
        await app.press(.character("s"))
        #expect(app.lines[0].contains("Shelves (sorted)"), "\(app.lines)")
        #expect(shelves.loader.callCount == 2)
        await app.press(.character("?"))
        #expect(app.screen.contains("Sort"), "\(app.screen)")
    }
}
