import Foundation
@_spi(Testing) import Lister
import ListerSources
import ListerSqlite
import ListerTestSupport
import TerminalCore
import Testing

@MainActor
@Suite struct SqliteAppTests {
    /// The fixture's `people` table (1,000 rows) in a new database, as `lister sqlite DB
    /// people` opens it. Keep the value while the test runs: it holds the scratch folder.
    struct People {
        let scratch: DirSqlScratch
        let table: SqliteTable
        let source: SqliteRowSource

        init() throws {
            scratch = try DirSqlScratch()
            let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, SqliteFixture.people))
            table = try #require(try database.tables().first { $0.name == "people" })
            source = SqliteRowSource(database: database, table: table)
        }
    }

    @Test func tablesThenRowsPagedToTheEndThenOneRow() async throws {
        let scratch = try DirSqlScratch()
        let path = try SqliteFixture.make(in: scratch, SqliteFixture.people)
        let app = HeadlessApp(root: SqliteTablesScreen(database: SqliteDatabase(path: path)))
        await app.start()
        await app.press(.character("p"))  // rows at full width; screens opened next keep the pane hidden
        #expect(app.lines[1] == "Name    Kind   Rows  Columns")
        #expect(app.lines[2] == "adults  view      ?        2")
        #expect(app.lines[3] == "people  table  1000        5")
        #expect(app.lines[4] == "tags    table     3        2")
        await app.press(.down, .enter)
        #expect(app.lines[0].contains("people"))
        #expect(app.lines[1] == "id  name       email            photo         score")
        #expect(app.lines[2] == " 1  person 1   p1@example.com   <blob 300 B>   0.25")
        #expect(app.lines[3] == " 2  person 2   p2@example.com   NULL            0.5")
        #expect(app.screen.contains("1/200+ · page 1"))
        for _ in 0..<6 { await app.press(.end) }
        #expect(app.screen.contains("End of list · 1000 items"))
        #expect(app.screen.contains("1000/1000 · page 5"))
        await app.press(.enter)
        #expect(app.lines[0].hasSuffix("people › rowid 1000"))
        #expect(app.screen.contains("email  p1000@example.com"))
        #expect(app.screen.contains("score  250.0"))
        await app.press(.escape, .escape)
        #expect(app.lines[3].hasPrefix("people"))
        await app.press(.enter, .character("s"), .character("s"))  // by name, asked of SQLite
        #expect(app.lines[1].contains("name ▲"))
        #expect(app.lines[2].hasPrefix("   1  person 1 ") && app.lines[3].hasPrefix("  10  person 10 "))
        #expect(!app.screen.contains("loaded rows only"))
        await app.press(.character("S"))  // descending: the selected "person 1" goes last, the list with it
        #expect(app.screen.contains("1000/1000"))
        await app.press(.home)
        #expect(app.lines[2].drop { $0 == " " }.hasPrefix("999  person 999 "))
        await app.press(.escape)
        await app.press(.character("q"))
        #expect(app.outcome?.exitStatus == 0)
    }

    /// NULL in a column of numbers sits right, under the numbers, and is dimmed.
    @Test func nullInANumericColumnIsDimmedAndRightAligned() async throws {
        let scratch = try DirSqlScratch()
        let path = try SqliteFixture.make(in: scratch, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, amount INTEGER);
            INSERT INTO t VALUES (1, 'a', 12345), (2, 'b', NULL), (3, 'c', 7);
            """)
        let database = SqliteDatabase(path: path)
        let table = try #require(try database.tables().first { $0.name == "t" })
        let app = HeadlessApp(root: SqliteRowsScreen(source: SqliteRowSource(database: database, table: table)),
                              size: Size(rows: 10, columns: 40))
        await app.start()
        await app.press(.character("p"))  // rows at full width
        #expect(app.lines[1] == "id  name  amount")
        #expect(app.lines[2] == " 1  a      12345")
        #expect(app.lines[3] == " 2  b       NULL")
        #expect(app.lines[4] == " 3  c          7")
        let null = app.lines[3].distance(of: "NULL")
        #expect(app.frame?[3, null].style.attributes.contains(.dim) == true)
        #expect(app.frame?[4, 15].style.attributes.contains(.dim) == false)
    }

    /// Sorting asks SQLite where the selected row goes (a count) and reads the rows up to
    /// it: the selection stays on it though it is far past the first page of 200.
    @Test func sortingKeepsTheSelectionOnItsRowPastTheFirstPage() async throws {
        let people = try People()
        let app = HeadlessApp(root: SqliteRowsScreen(source: people.source), size: Size(rows: 24, columns: 100))
        await app.start()
        await app.press(.character("p"))
        await app.press(.pageDown, .pageDown, .pageDown, .down)
        func selected() -> String {
            guard let row = app.frame?.cursor?.row else { return "" }
            return String(app.lines[row].split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " "))
        }
        let before = selected()  // "N person N"
        let id = try #require(Int(before.split(separator: " ").first ?? ""))
        #expect(id > 40 && id < 100)
        await app.press(.character("s"), .character("s"))  // by name: "person 1", "person 10", "person 100"…
        #expect(app.lines[1].contains("name ▲"))
        #expect(selected() == before)
        let position = try #require(Int(app.lines.last?.split(separator: "/").first ?? ""))
        #expect(position > 500)
        await app.press(.character("s"), .character("s"), .character("s"), .character("S"))  // by score, descending
        #expect(app.lines[1].contains("score ▼"))
        #expect(selected() == before)
        #expect(app.lines.last?.hasPrefix("\(1001 - id)/") == true)
        await app.press(.character("S"), .character("s"))  // back to the rowid's order
        #expect(selected() == before)
        #expect(app.lines.last?.hasPrefix("\(id)/") == true)
        #expect(!app.screen.contains("loaded rows only"))
    }

    /// While SQLite sorts, the rows shown stay and the status line says so.
    @Test func aSortAtTheSourceSaysSortingUntilItsRowsCome() async throws {
        let people = try People()
        let app = HeadlessApp(root: SqliteRowsScreen(source: people.source), size: Size(rows: 24, columns: 100))
        await app.start()
        await app.settle()
        app.runtime.process(.terminal(.key(.character("S"))))  // by id, descending: asked of SQLite
        #expect(app.lines[1].contains("id ▼"))
        #expect(app.lines.last?.contains("sorting…") == true)
        #expect(app.lines[2].drop { $0 == " " }.hasPrefix("1  person 1 "))  // the rows stay until the sorted ones come
        await app.settle()
        #expect(app.lines.last?.contains("sorting") == false)
        await app.press(.character("r"))  // a refresh of the user's own is said as one
        #expect(app.lines.last?.contains("sorting") == false)
    }

    /// `lister sqlite DB TABLE --sort COLUMN`: the table opens in SQLite's order, the
    /// header's arrow and "sorting…" shown from the first frame, before the rows come.
    @Test func aTableOpenedSortedSaysSoFromTheFirstFrame() async throws {
        let people = try People()
        var source = people.source
        source.sort = TableSort(column: try #require(people.table.column(named: "NAME")), ascending: false)
        let app = HeadlessApp(root: SqliteRowsScreen(source: source), size: Size(rows: 24, columns: 100))
        app.runtime.start()  // the first frame, drawn before the load's rows come
        #expect(app.lines[1].hasPrefix("id  name ▼  email"))
        #expect(app.lines.last?.contains("sorting…") == true)
        await app.settle()
        await app.press(.character("p"))
        #expect(app.lines[1].contains("name ▼"))
        #expect(app.lines[2].drop { $0 == " " }.hasPrefix("999  person 999 "))
        #expect(app.lines[3].drop { $0 == " " }.hasPrefix("998  person 998 "))
        #expect(app.lines.last?.contains("sorting") == false)
        await app.press(.character("S"))  // the other way, from the order it opened in
        #expect(app.lines[1].contains("name ▲"))
        await app.press(.home)
        #expect(app.lines[2].drop { $0 == " " }.hasPrefix("1  person 1 "))
        #expect(!app.screen.contains("loaded rows only"))
    }

    @Test func notADatabaseShowsTheErrorWithoutRetry() async throws {
        let scratch = try DirSqlScratch()
        let path = try scratch.file("plain.db", Array(String(repeating: "hello\n", count: 200).utf8))
        let app = HeadlessApp(root: SqliteTablesScreen(database: SqliteDatabase(path: path)), size: Size(rows: 24, columns: 200))
        await app.start()
        #expect(app.screen.contains("\(path) is not an SQLite database"))
    }
}
