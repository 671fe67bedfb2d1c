import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Three sections, each loaded by its own scripted loader.
struct Library: SectionedListScreen {
    let title = "Library"
    let loaders: [ScriptedLoader<[Book]>]
    var timeout: Duration? = .seconds(30)

    init(names: [String] = ["Fantasy", "Poetry", "Drama"]) {
        loaders = names.map { _ in ScriptedLoader<[Book]>() }
        self.names = names
    }

    let names: [String]

    var sections: [ListSection<Book>] {
        zip(names, loaders).map { name, loader in ListSection(name) { try await loader.load() } }
    }

    func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
}

@MainActor
@Suite struct SectionTests {
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .zero, frameInterval: .milliseconds(80))

    func makeApp(_ library: Library, rows: Int = 10) -> HeadlessApp {
        HeadlessApp(root: library, size: Size(rows: rows, columns: 32), configuration: Configuration(timing: timing))
    }

    /// One section of books; Enter and Right open an article, or in a picker Enter
    /// chooses the book and Right says so.
    struct Shelf: SectionedListScreen {
        let loader = ScriptedLoader<[Book]>()
        let article = ScriptedLoader<Article>()
        var pickMode: PickMode = .none
        var title: String { "Shelf" }
        var sections: [ListSection<Book>] { [ListSection("Books") { [loader] in try await loader.load() }] }
        func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
        func open(_ book: Book) -> OpenResult { pickMode == .none ? .screen(ArticleScreen(loader: article)) : .pick(book) }
    }

    /// A started app on `shelf` with three books loaded (tall enough for the whole help).
    func loaded(_ shelf: Shelf) async -> HeadlessApp {
        let app = HeadlessApp(root: shelf, size: Size(rows: 30, columns: 60), configuration: Configuration(timing: timing))
        await app.start()
        shelf.loader.succeed(books(0..<3))
        await app.settle()
        return app
    }

    @Test func rightOpensAnItemAndNeverChooses() async {
        let app = await loaded(Shelf())
        await app.press(.character("?"))
        #expect(app.screen.contains("Open (never chooses)"))
        #expect(app.screen.contains("Filter the rows"))  // sections filter like any list
        #expect(!app.screen.contains("Mark"))  // but mark only in a multiple picker
        await app.press(.character("?"))
        await app.press(.down, .character("l"))
        #expect(app.lines[0] == "Shelf › Article")
        await app.press(.character("?"))
        #expect(app.screen.contains("Back to the previous screen"))  // there is one now

        let pick = await loaded(Shelf(pickMode: .single))
        await pick.press(.character("?"))
        #expect(pick.screen.contains("Open or choose"))
        #expect(!pick.screen.contains("Open (never chooses)"))  // the book opens only as a choice
        await pick.press(.character("?"))
        await pick.press(.right)
        #expect(pick.outcome == nil)
        #expect(pick.lines.last?.contains("Enter chooses this row") == true)
        await pick.press(.enter)
        guard case .picked(let items) = pick.outcome else { Issue.record("expected a pick, got \(String(describing: pick.outcome))"); return }
        #expect(items.compactMap { $0 as? Book } == [books(0..<1)[0]])
    }

    @Test func eachSectionShowsItsOwnState() async {
        let library = Library()
        let app = makeApp(library)
        await app.start()
        #expect(library.loaders.map(\.callCount) == [1, 1, 1])
        #expect(Array(app.lines[1...6]) == ["Fantasy", "", "Poetry", "", "Drama", ""])  // no flash
        await app.advance(by: .milliseconds(100))
        #expect(Array(app.lines[1...6]) == ["Fantasy", "⠋ Loading Fantasy…", "Poetry", "⠋ Loading Poetry…", "Drama", "⠋ Loading Drama…"])
        library.loaders[1].succeed(books(0..<3))  // the second section does not wait for the first
        await app.settle()
        #expect(Array(app.lines[1...7]) == ["Fantasy", "⠋ Loading Fantasy…", "Poetry", "book 0", "book 1", "book 2", "Drama"])
        library.loaders[0].fail(ListError("offline"))
        library.loaders[2].succeed([])
        await app.settle()
        #expect(Array(app.lines[1...8]) == [
            "Fantasy", "✗ offline · r to retry",
            "Poetry", "book 0", "book 1", "book 2",
            "Drama", "Nothing in Drama",
        ])
        #expect(app.lines[9].hasPrefix("Fantasy   1 section failed"))
        #expect(app.nextDeadline == nil)
    }

    @Test func rOnAFailedSectionRetriesThatSectionOnly() async {
        let library = Library()
        let app = makeApp(library)
        await app.start()
        library.loaders[0].fail(ListError("offline"))
        library.loaders[1].succeed(books(0..<2))
        library.loaders[2].succeed(books(10..<11))
        await app.settle()
        #expect(app.frame?.cursor?.row == 2)  // the error row can be selected
        await app.press(.character("r"))
        #expect(library.loaders.map(\.callCount) == [2, 1, 1])
        library.loaders[0].succeed(books(20..<22))
        await app.settle()
        #expect(Array(app.lines[1...3]) == ["Fantasy", "book 20", "book 21"])
        #expect(app.lines[9].hasPrefix("1/2 · Fantasy"))
        // On an item, r refreshes every section behind its rows.
        await app.press(.character("r"))
        #expect(library.loaders.map(\.callCount) == [3, 2, 2])
        #expect(app.lines[2] == "book 20")
        #expect(app.lines[9].contains("refreshing"))
    }

    @Test func aClickSelectsItemsAndRetriesAFailedSectionButNotHeaders() async {
        let library = Library(names: ["Fantasy", "Essays", "Drama"])
        let app = makeApp(library)
        await app.start()
        library.loaders[0].succeed(books(0..<2))
        library.loaders[1].succeed([])
        library.loaders[2].fail(ListError("offline"))
        await app.settle()
        // Screen rows: 1 Fantasy, 2 book 0, 3 book 1, 4 Essays, 5 Nothing in Essays, 6 Drama, 7 the error.
        await app.mouse(.press, row: 3)
        #expect(app.lines[9].hasPrefix("2/2 · Fantasy"))
        await app.mouse(.press, row: 1)  // a header
        await app.mouse(.press, row: 5)  // an empty section's row
        #expect(app.lines[9].hasPrefix("2/2 · Fantasy"))
        #expect(library.loaders.map(\.callCount) == [1, 1, 1])
        await app.mouse(.press, row: 7)  // the failed section: retried, that one only
        #expect(library.loaders.map(\.callCount) == [1, 1, 2])
        #expect(app.frame?.cursor?.row == 7)
    }

    @Test func navigationSkipsHeadersAndEmptySections() async {
        let library = Library(names: ["Fantasy", "Essays", "Drama"])
        let app = makeApp(library)
        await app.start()
        library.loaders[0].succeed(books(0..<2))
        library.loaders[1].succeed([])
        library.loaders[2].succeed(books(10..<12))
        await app.settle()
        await app.press(.down)
        #expect(app.lines[9].hasPrefix("2/2 · Fantasy"))
        await app.press(.down)  // over "Fantasy", "Essays", "Nothing in Essays", "Drama"
        #expect(app.lines[9].hasPrefix("1/2 · Drama"))
        #expect(app.frame?.cursor?.row == 7)
        await app.press(.up)
        #expect(app.lines[9].hasPrefix("2/2 · Fantasy"))
        await app.press(.character("G"))
        #expect(app.lines[9].hasPrefix("2/2 · Drama"))
        await app.press(.character("g"))
        #expect(app.lines[9].hasPrefix("1/2 · Fantasy"))
        await app.press(.down, .down, .down, .down)  // stops at the last item
        #expect(app.lines[9].hasPrefix("2/2 · Drama"))
    }

    @Test func theSelectionStaysOnItsItemWhileASectionAboveLoads() async {
        let library = Library()
        let app = makeApp(library, rows: 12)
        await app.start()
        library.loaders[1].succeed(books(0..<3))
        await app.settle()
        await app.press(.down, .down)  // Fantasy's loading row, then book 0, then book 1
        #expect(app.lines[11].hasPrefix("2/3 · Poetry"))
        library.loaders[0].succeed(books(20..<25))
        await app.settle()
        #expect(app.lines[11].hasPrefix("2/3 · Poetry"))
        #expect(app.lines[app.frame?.cursor?.row ?? 0] == "book 1")
    }

    @Test func pagingAcrossSectionsKeepsTheHeaderSticky() async {
        let library = Library()
        let app = makeApp(library, rows: 7)  // 5 list rows
        await app.start()
        library.loaders[0].succeed(books(0..<6))
        library.loaders[1].succeed(books(10..<16))
        library.loaders[2].succeed(books(20..<26))
        await app.settle()
        #expect(Array(app.lines[1...5]) == ["Fantasy", "book 0", "book 1", "book 2", "book 3"])
        await app.press(.pageDown)
        #expect(app.lines[6].hasPrefix("5/6 · Fantasy"))
        #expect(Array(app.lines[1...5]) == ["Fantasy", "book 1", "book 2", "book 3", "book 4"])
        await app.press(.pageDown)  // four rows on: over the Poetry header
        #expect(app.lines[6].hasPrefix("2/6 · Poetry"))
        #expect(Array(app.lines[1...5]) == ["Fantasy", "book 5", "Poetry", "book 10", "book 11"])
        await app.press(.pageDown)
        #expect(app.lines[1] == "Poetry")  // sticky while Poetry's rows scroll under it
        await app.press(.character("G"))
        #expect(Array(app.lines[1...5]) == ["Drama", "book 22", "book 23", "book 24", "book 25"])
    }

    @Test func aSectionThatHangsTimesOutAloneOnTheVirtualClock() async {
        let library = Library()
        let app = makeApp(library)
        await app.start()
        library.loaders[0].succeed(books(0..<1))
        library.loaders[2].succeed(books(10..<11))
        await app.settle()
        await app.advance(by: .seconds(30))
        #expect(Array(app.lines[3...4]) == ["Poetry", "✗ timed out after 30 s · r to r…"])
        #expect(library.loaders[1].cancelledCalls == [1])
        #expect(app.lines[2] == "book 0")
    }
}
