import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Books on shelves of ten: book 0-9 on "Shelf 0", 10-19 on "Shelf 1"…
struct ShelvedBooks: GroupedListScreen {
    let title = "Shelves"
    let loader: ScriptedLoader<[Book]>

    nonisolated func load() async throws -> [Book] { try await loader.load() }
    func sectionTitle(for book: Book) -> String { "Shelf \(book.id / 10)" }
    func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
}

/// The same books, page by page, grouped.
struct PagedShelves: PagedListScreen, GroupedListScreen {
    let title = "Shelves"
    let pages: PaginatedRepository<Book, LimitOffset>

    func sectionTitle(for book: Book) -> String { "Shelf \(book.id / 10)" }
    func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
}

@MainActor
@Suite struct GroupedListTests {
    @Test func theIndexPutsAHeaderWhereTheKeyChanges() {
        let index = SectionIndex(books(8..<13) + [Book(3)]) { "Shelf \($0.id / 10)" }
        #expect(index.titles == ["Shelf 0", "Shelf 1", "Shelf 0"])  // runs, in order
        #expect(index.starts == [0, 2, 5])
        #expect(index.rowCount == 9)
        #expect((0..<9).map(index.entry(atRow:)) == [
            .header(section: 0), .item(index: 0), .item(index: 1),
            .header(section: 1), .item(index: 2), .item(index: 3), .item(index: 4),
            .header(section: 2), .item(index: 5),
        ])
        #expect((0..<6).map(index.row(ofItem:)) == [1, 2, 4, 5, 6, 8])
        #expect(index.section(atRow: 6) == 1)
        #expect(SectionIndex([Book]()) { _ in "" }.rowCount == 0)
    }

    @Test func aStickyHeaderCoversTheFirstLine() {
        let list = ListView(count: 10, selection: 4, scrollOffset: 2, stickyHeader: Text("Shelf 0")) { Text("row \($0)") }
        var buffer = Buffer(size: Size(rows: 4, columns: 12))
        list.render(in: buffer.area, buffer: &buffer)
        #expect(buffer.lines == ["Shelf 0", "row 3", "row 4", "row 5"])
    }

    @Test func theSelectionStaysBelowTheStickyHeader() {
        // Scrolling down: the selection reaches the last line; scrolling up, the second.
        #expect(ListView.scrollOffset(keeping: 9, visibleIn: 4, from: 0, rows: 20, stickyHeader: true) == 6)
        #expect(ListView.scrollOffset(keeping: 6, visibleIn: 4, from: 6, rows: 20, stickyHeader: true) == 5)
        #expect(ListView.scrollOffset(keeping: 1, visibleIn: 4, from: 5, rows: 20, stickyHeader: true) == 0)
        // Too small for a sticky header: plain scrolling.
        #expect(ListView.scrollOffset(keeping: 6, visibleIn: 2, from: 0, rows: 20, stickyHeader: true) == 5)
    }

    @Test func scrollingKeepsTheHeaderOfTheSectionAtTheTop() async {
        let loader = ScriptedLoader<[Book]>()
        let app = HeadlessApp(root: ShelvedBooks(loader: loader), size: Size(rows: 8, columns: 30))
        await app.start()
        loader.succeed(books(0..<25))
        await app.settle()
        #expect(Array(app.lines[1...6]) == ["Shelf 0", "book 0", "book 1", "book 2", "book 3", "book 4"])
        #expect(app.lines[7].hasPrefix("1/25 "))
        await app.press(.pageDown, .pageDown)  // book 10, the first of shelf 1
        #expect(app.lines[7].hasPrefix("11/25 "))
        #expect(Array(app.lines[1...6]) == ["Shelf 0", "book 7", "book 8", "book 9", "Shelf 1", "book 10"])
        await app.press(.down)
        #expect(Array(app.lines[1...6]) == ["Shelf 0", "book 8", "book 9", "Shelf 1", "book 10", "book 11"])
        await app.press(.down, .down)
        // The last row of shelf 0 at the top: the next header takes over from the sticky one.
        #expect(Array(app.lines[1...6]) == ["book 9", "Shelf 1", "book 10", "book 11", "book 12", "book 13"])
        await app.press(.down)
        #expect(Array(app.lines[1...6]) == ["Shelf 1", "book 10", "book 11", "book 12", "book 13", "book 14"])
        #expect(app.frame?.cursor?.row == 6)  // the selection, never under the sticky header
        await app.press(.character("G"))
        #expect(Array(app.lines[1...6]) == ["Shelf 2", "book 20", "book 21", "book 22", "book 23", "book 24"])
        await app.press(.character("g"))
        #expect(Array(app.lines[1...2]) == ["Shelf 0", "book 0"])
        #expect(app.frame?.cursor?.row == 2)
    }

    @Test func aPagedGroupedListGrowsItsSectionsPageByPage() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let shelves = PagedShelves(pages: PaginatedRepository(.limitOffset(limit: 8), fetch: api.fetch))
        let app = HeadlessApp(root: shelves, size: Size(rows: 8, columns: 30))
        await app.start()
        api.succeed(books(0..<8))
        await app.settle()
        await app.press(.end)  // book 7, a screen from the end: page 2 loads
        #expect(api.requests.map(\.offset) == [0, 8])
        #expect(app.lines[6] == "Loading more…")
        api.succeed(books(8..<16))
        await app.settle()
        await app.press(.down, .down, .down)  // book 10
        #expect(app.lines[7].hasPrefix("11/16+ · page 2"))
        #expect(Array(app.lines[1...6]) == ["Shelf 0", "book 7", "book 8", "book 9", "Shelf 1", "book 10"])
    }
}
