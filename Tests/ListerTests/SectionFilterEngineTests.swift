@_spi(Testing) @testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Sectioned lists filter through the same engine as plain lists (issue 34): a big search
/// runs off the main actor and its result arrives as a message, the next key cancels the
/// run in flight, and marks answer as a plain list's do.
@MainActor
@Suite struct SectionFilterEngineTests {
    /// One big section and one small one.
    struct Shelves: SectionedListScreen {
        let loaders = [ScriptedLoader<[Book]>(), ScriptedLoader<[Book]>()]
        var pickMode: PickMode = .none
        var title: String { "Shelves" }
        var sections: [ListSection<Book>] {
            zip(["Tales", "Poetry"], loaders).map { name, loader in ListSection(name) { try await loader.load() } }
        }
        func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
    }

    /// More rows than the host checks on the main actor (``FilterHosting/inlineFilterWorkload``).
    static let tales = (0..<60_000).map { Book($0, title: "tale \($0)") }
    static let poetry = ["Leaves of Grass", "The Waste Land", "Ariel"].enumerated().map { Book(100_000 + $0.offset, title: $0.element) }

    func start(_ screen: Shelves) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: Size(rows: 10, columns: 100))
        await app.start()
        screen.loaders[0].succeed(Self.tales)
        screen.loaders[1].succeed(Self.poetry)
        await app.settle()
        return app
    }

    func sectionsHost(_ app: HeadlessApp) -> SectionsHost<Shelves>? { app.runtime.stack.last as? SectionsHost<Shelves> }

    @Test func aBigSectionIsFilteredOffTheMainActorAndTheRowsStayUntilTheRunDelivers() async throws {
        let app = await start(Shelves())
        await app.press(.character("/"))
        app.runtime.process(.terminal(.key(.character("9"))))  // no settling: the run is off the main actor
        let host = try #require(sectionsHost(app))
        #expect(host.filter.asyncRunID != nil)
        #expect(app.lines[1...3] == ["Tales", "tale 0", "tale 1"], "\(app.lines)")  // the rows as they were
        #expect(app.lines.last?.contains("filtering…") == true, "\(app.lines)")
        await app.settle()
        #expect(host.filter.asyncRunID == nil)
        #expect(app.lines[1...3] == ["Tales", "tale 9", "tale 19"], "\(app.lines)")
        #expect(app.lines.last?.contains("filtering…") == false, "\(app.lines)")
        #expect(app.lines.last?.contains(" of 60003 match") == true, "\(app.lines)")
        #expect(app.loadsInFlight == 0)
    }

    @Test func theNextKeyCancelsTheRunInFlightAndNarrowsFromTheLastMatches() async throws {
        let app = await start(Shelves())
        await app.press(.character("/"))
        app.runtime.process(.terminal(.key(.character("9"))))
        let host = try #require(sectionsHost(app))
        let first = try #require(host.filter.asyncRunID)
        app.runtime.process(.terminal(.key(.character("9"))))
        let firstLoad = try #require(app.runtime.loadBook.inFlight[LoadID(screen: host.id, stream: .filter, generation: first)])
        #expect(firstLoad.task.isCancelled)
        #expect(host.filter.asyncRunID != first)
        await app.settle()
        #expect(app.lines[1...3] == ["Tales", "tale 99", "tale 199"], "\(app.lines)")
        await app.press(.character("9"))
        #expect(app.lines[1...3] == ["Tales", "tale 999", "tale 1999"], "\(app.lines)")
        // The next key would search only the matches of "999", not every row.
        var engine = host.filter.engine
        let matches = engine.visibleCount
        #expect(matches < 1_000)
        #expect(engine.setQuery(FilterQuery("9999")).run?.workload == matches)
    }

    @Test func tabOnASectionedListThatIsNotAPickerAnswersAsAPlainList() async {
        let sections = await start(Shelves())
        await sections.press(.tab)
        let loader = ScriptedLoader<[Fruit]>()
        let plain = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 10, columns: 100))
        await plain.start()
        loader.succeed(fruits)
        await plain.settle()
        await plain.press(.tab)
        let hint = "Marking needs a screen that chooses several rows"
        #expect(plain.lines.last?.contains(hint) == true, "\(plain.lines)")
        #expect(sections.lines.last?.contains(hint) == true, "\(sections.lines)")
    }

    @Test func tabWhileABigRunIsInFlightMarksAMatchOfTheQueryAsTyped() async throws {
        var shelves = Shelves()
        shelves.pickMode = .multiple
        let app = await start(shelves)
        await app.press(.character("/"))
        for key: Key in [.character("5"), .enter, .tab] {
            app.runtime.process(.terminal(.key(key)))  // "5" over every row, off the main actor
        }
        let host = try #require(sectionsHost(app))
        #expect(host.marks.count == 1)
        #expect(host.marks.contains(.item(section: 0, id: 5)), "\(host.marks.keys)")  // tale 5: the first match of "5"
        await app.settle()
    }
}
