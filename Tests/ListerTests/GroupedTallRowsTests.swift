import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A grouped list (``GroupedListScreen``) with rows of two lines: the row layout of issue 17
/// covers the headers between the rows as it does a ``SectionedListScreen``'s.
@MainActor
@Suite struct GroupedTallRowsTests {
    /// Books on shelves of ten, each drawn as its title and a dimmed second line.
    struct TallShelvedBooks: GroupedListScreen {
        let title = "Shelves"
        let loader: ScriptedLoader<[Book]>

        var rowHeight: RowHeight { .uniform(2) }
        nonisolated func load() async throws -> [Book] { try await loader.load() }
        func sectionTitle(for book: Book) -> String { "Shelf \(book.id / 10)" }
        func row(_ book: Book, context: RowContext) -> VStack {
            VStack { Text(book.title); Text("  about \(book.id)").dim() }
        }
    }

    func start(rows: Int, books ids: [Int] = Array(0..<6) + Array(10..<13)) async -> HeadlessApp {
        let loader = ScriptedLoader<[Book]>()
        let app = HeadlessApp(root: TallShelvedBooks(loader: loader), size: Size(rows: rows, columns: 30))
        await app.start()
        loader.succeed(ids.map { Book($0) })
        await app.settle()
        return app
    }

    /// The selected book, from the status bar's "n/9".
    func selectedID(_ app: HeadlessApp) -> Int {
        let number = Int((app.lines.last ?? "").prefix { $0 != "/" }) ?? 0
        return number <= 6 ? number - 1 : 10 + number - 7
    }

    @Test func rowsTakeTwoLinesAndTheSelectedOneIsAlwaysWhole() async {
        for rows in [6, 7, 9, 12] {
            let app = await start(rows: rows)
            #expect(Array(app.lines[1...3]) == ["Shelf 0", "book 0", "  about 0"], "\(rows): \(app.lines)")
            for step in 1...10 {
                await app.press(step <= 8 ? .down : .up)
                let id = selectedID(app)
                let at = app.lines.firstIndex(of: "book \(id)")
                #expect(at.map { app.lines[$0 + 1] } == "  about \(id)", "\(rows) step \(step): \(app.lines)")
            }
            await app.press(.end)
            #expect(app.lines.contains("book 12") && app.lines.contains("  about 12"), "\(rows) End: \(app.lines)")
            await app.press(.home)
            #expect(Array(app.lines[1...3]) == ["Shelf 0", "book 0", "  about 0"], "\(rows) Home: \(app.lines)")
        }
    }

    @Test func theStickyHeaderTakesALineOfItsOwn() async {
        let app = await start(rows: 8)  // 6 lines of list
        await app.press(.down, .down, .down)  // book 3
        #expect(app.lines[1] == "Shelf 0", "\(app.lines)")
        #expect(app.lines[2].hasPrefix("book ") || app.lines[2].hasPrefix("  about"), "\(app.lines)")
        #expect(app.lines.contains("book 3") && app.lines.contains("  about 3"), "\(app.lines)")
    }

    @Test func aClickOnEitherLineSelectsTheRowAndPagesMoveByWholeRows() async {
        let app = await start(rows: 12)
        await app.mouse(.press, row: 5)  // "  about 1"
        #expect(app.lines.last?.hasPrefix("2/9") == true, "\(app.lines)")
        await app.mouse(.press, row: 1)  // the header: nothing
        #expect(app.lines.last?.hasPrefix("2/9") == true, "\(app.lines)")
        await app.press(.pageDown)  // 9 lines below the sticky header's: 4 rows fit, a page is 3
        #expect(app.lines.last?.hasPrefix("5/9") == true, "\(app.lines)")
        // Scrolled: a click on the second line of another row on screen selects that row.
        await app.press(.down, .down)  // book 10, under "Shelf 1"
        let other = app.lines.indices.first { app.lines[$0].hasPrefix("  about ") && app.lines[$0] != "  about 10" }
        #expect(other != nil, "\(app.lines)")
        if let other, let id = Int(app.lines[other].dropFirst("  about ".count)) {
            await app.mouse(.press, row: other)
            #expect(selectedID(app) == id, "clicked line \(other): \(app.lines)")
        }
    }
}
