import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Sectioned lists with rows of two lines (issue 17's row layout, shared with sections).
@MainActor
@Suite struct SectionTallRowsTests {
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .zero, frameInterval: .milliseconds(80))

    /// Two sections of books, each drawn as its title and a dimmed second line.
    struct TallShelves: SectionedListScreen {
        let loaders = [ScriptedLoader<[Book]>(), ScriptedLoader<[Book]>()]
        var title: String { "Shelves" }
        var rowHeight: RowHeight { .uniform(2) }
        var sections: [ListSection<Book>] {
            zip(["Fantasy", "Poetry"], loaders).map { name, loader in ListSection(name) { try await loader.load() } }
        }
        func row(_ book: Book, context: RowContext) -> VStack {
            VStack { Text(book.title); Text("  about \(book.id)").dim() }
        }
    }

    func start(rows: Int) async -> HeadlessApp {
        let screen = TallShelves()
        let app = HeadlessApp(root: screen, size: Size(rows: rows, columns: 30), configuration: Configuration(timing: timing))
        await app.start()
        screen.loaders[0].succeed(books(0..<6))
        screen.loaders[1].succeed(books(10..<13))
        await app.settle()
        return app
    }

    @Test func rowsTakeTwoLinesAndTheSelectedOneIsAlwaysWhole() async {
        for rows in [6, 7, 9, 12] {
            let app = await start(rows: rows)
            #expect(Array(app.lines[1...3]) == ["Fantasy", "book 0", "  about 0"], "\(rows): \(app.lines)")
            for step in 1...8 {
                await app.press(.down)
                // "4/6 · Fantasy": book 3; "2/3 · Poetry": book 11.
                let status = app.lines.last ?? ""
                let number = Int(status.prefix { $0 != "/" }) ?? -1
                let id = status.contains("Poetry") ? 10 + number - 1 : number - 1
                let at = app.lines.firstIndex(of: "book \(id)")
                #expect(at.map { app.lines[$0 + 1] } == "  about \(id)", "\(rows) step \(step): \(app.lines)")
            }
        }
    }

    @Test func theStickyHeaderTakesALineOfItsOwn() async {
        let app = await start(rows: 8)  // 6 lines of list
        await app.press(.down, .down, .down)  // book 3
        #expect(app.lines[1] == "Fantasy", "\(app.lines)")
        #expect(app.lines[2].hasPrefix("book ") || app.lines[2].hasPrefix("  about"), "\(app.lines)")
        #expect(app.lines.contains("book 3") && app.lines.contains("  about 3"), "\(app.lines)")
    }

    @Test func aClickOnEitherLineSelectsTheRowAndPagesMoveByWholeRows() async {
        let app = await start(rows: 12)
        await app.mouse(.press, row: 5)  // "  about 1"
        #expect(app.lines.last?.hasPrefix("2/6 · Fantasy") == true, "\(app.lines)")
        await app.mouse(.press, row: 1)  // the header: nothing
        #expect(app.lines.last?.hasPrefix("2/6 · Fantasy") == true, "\(app.lines)")
        await app.press(.pageDown)  // 9 lines for rows below the header's: 4 rows fit, a page is 3
        #expect(app.lines.last?.hasPrefix("5/6 · Fantasy") == true, "\(app.lines)")
    }
}
