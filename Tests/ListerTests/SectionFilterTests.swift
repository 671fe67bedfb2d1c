import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Sectioned lists filter and mark like plain ones (issue 17): `/` narrows each section to
/// its matches, sections with no match disappear, headers stay sticky, Tab marks.
@MainActor
@Suite struct SectionFilterTests {
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .zero, frameInterval: .milliseconds(80))

    /// Two shelves of named books, and a third still loading.
    struct Shelves: SectionedListScreen {
        let loaders = [ScriptedLoader<[Book]>(), ScriptedLoader<[Book]>(), ScriptedLoader<[Book]>()]
        var pickMode: PickMode = .none
        var title: String { "Shelves" }
        var sections: [ListSection<Book>] {
            zip(["Fantasy", "Poetry", "Drama"], loaders).map { name, loader in ListSection(name) { try await loader.load() } }
        }
        func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
    }

    static let fantasy = ["The Hobbit", "Earthsea", "Dune Messiah", "Gormenghast", "The Last Unicorn", "Stardust"]
        .enumerated().map { Book($0.offset, title: $0.element) }
    static let poetry = ["Leaves of Grass", "The Waste Land", "Ariel"].enumerated().map { Book(100 + $0.offset, title: $0.element) }

    func start(_ screen: Shelves, rows: Int = 14) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: Size(rows: rows, columns: 60), configuration: Configuration(timing: timing))
        await app.start()
        screen.loaders[0].succeed(Self.fantasy)
        screen.loaders[1].succeed(Self.poetry)
        await app.settle()
        return app
    }

    @Test func theFilterNarrowsSectionsAndHidesThoseWithNoMatch() async {
        let app = await start(Shelves())
        await app.type("/the")
        #expect(app.lines[1...5] == ["Fantasy", "The Hobbit", "The Last Unicorn", "Poetry", "The Waste Land"], "\(app.lines)")
        #expect(app.lines.contains("/the"))
        #expect(app.lines.last?.contains("3 of 9 match") == true, "\(app.lines)")
        #expect(app.lines.contains { $0.contains("Loading Drama") || $0 == "Drama" })  // still loading: stays
        await app.type("ho")  // "theho": only in no book
        #expect(app.lines[1...2] == ["Drama", ""], "\(app.lines)")  // only the section still loading
        await app.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        await app.type("gras")
        #expect(!app.lines.contains("Fantasy"), "\(app.lines)")  // no match: the header goes too
        #expect(app.lines[1...2] == ["Poetry", "Leaves of Grass"], "\(app.lines)")
        await app.press(.enter)  // keeps the filter
        #expect(app.lines.contains { $0.hasPrefix("/gras") && $0.contains("Esc clears") }, "\(app.lines)")
        await app.press(.escape)  // clears it
        #expect(app.lines.contains("Earthsea") && app.lines.contains("Ariel"), "\(app.lines)")
        #expect(!app.lines.contains { $0.hasPrefix("/") })
    }

    @Test func theSelectionStaysOnItsItemThroughTheFilter() async {
        let app = await start(Shelves())
        await app.press(.down, .down, .down)  // Gormenghast
        #expect(app.lines.last?.hasPrefix("4/6 · Fantasy") == true, "\(app.lines)")
        await app.type("/a")
        await app.press(.enter)
        #expect(app.lines.last?.hasPrefix("4/6 · Fantasy") == true, "\(app.lines)")  // it matches "a"
        await app.press(.down)  // the next match: Stardust (The Last Unicorn has an a too)
        #expect(app.lines.last?.hasPrefix("5/6 · Fantasy") == true, "\(app.lines)")
        await app.press(.escape)
        #expect(app.lines.last?.hasPrefix("5/6 · Fantasy") == true, "\(app.lines)")
    }

    @Test func headersStayStickyWhileFiltered() async {
        let screen = Shelves()
        let app = HeadlessApp(root: screen, size: Size(rows: 6, columns: 40), configuration: Configuration(timing: timing))
        await app.start()
        screen.loaders[0].succeed((0..<30).map { Book($0, title: "tale \($0)") })
        screen.loaders[1].succeed(Self.poetry)
        await app.settle()
        await app.type("/tale 1")
        await app.press(.enter)
        await app.press(.down, .down, .down, .down, .down, .down)
        #expect(app.lines[1] == "Fantasy", "\(app.lines)")  // the header over the first line
        #expect(app.lines[2...3].allSatisfy { $0.hasPrefix("tale 1") }, "\(app.lines)")
        #expect(app.lines[4].hasPrefix("/tale 1"), "\(app.lines)")
    }

    @Test func tabMarksItemsAcrossSectionsAndEnterPicksThemInOrder() async {
        var shelves = Shelves()
        shelves.pickMode = .multiple
        let app = await start(shelves)
        await app.press(.tab)  // The Hobbit
        #expect(app.lines.contains("● The Hobbit"), "\(app.lines)")
        await app.press(.end)  // Drama's loading row
        await app.press(.up, .up)  // The Waste Land
        await app.press(.tab)
        #expect(app.lines.last?.contains("2 marked") == true, "\(app.lines)")
        await app.press(.escape)  // Esc clears the marks first
        #expect(!(app.lines.last?.contains("marked") ?? true), "\(app.lines)")
        await app.press(.home, .tab)
        await app.type("/waste")
        await app.press(.enter, .tab, .enter)
        let picked = app.outcome?.picked(as: Book.self).map(\.title)
        #expect(picked == ["The Hobbit", "The Waste Land"])
    }
}
