import Foundation
import GRDB
import Lister
import ListerSources
import ListerSqlite
import ListerTestSupport
import TerminalCore
import Testing

/// Makes databases for the tests with a separate, writable GRDB connection, closed before
/// `lister` opens them.
enum SqliteFixture {
    /// A database in `scratch` named `name`, set up by `sql`; in WAL mode when `wal`.
    static func make(in scratch: DirSqlScratch, name: String = "test.db", wal: Bool = false, _ sql: String) throws -> String {
        let path = scratch.path + "/" + name
        let queue = try DatabaseQueue(path: path)
        if wal { try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode=WAL") } }
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
        return path
    }

    static let people = """
        CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, email TEXT, photo BLOB, score REAL);
        CREATE TABLE tags (name TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (kind, name)) WITHOUT ROWID;
        CREATE VIEW adults AS SELECT name, email FROM people WHERE id % 2 = 0;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
        INSERT INTO people SELECT i, 'person ' || i, 'p' || i || '@example.com', NULL, i / 4.0 FROM n;
        UPDATE people SET photo = zeroblob(300) WHERE id = 1;
        INSERT INTO tags VALUES ('b', 'x'), ('a', 'x'), ('c', 'w');
        """
}

@Suite struct SqliteSourceTests {
    @Test func listsTablesAndViewsWithCounts() throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, SqliteFixture.people))
        let tables = try database.tables()
        #expect(tables == [
            SqliteTable(name: "adults", kind: .view, rowCount: nil, columns: ["name", "email"]),
            SqliteTable(name: "people", kind: .table, rowCount: 1000, columns: ["id", "name", "email", "photo", "score"]),
            SqliteTable(name: "tags", kind: .table, rowCount: 3, columns: ["name", "kind"]),
        ])
    }

    @Test func pagesByRowidToTheEnd() throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, SqliteFixture.people))
        let people = try #require(database.tables().first { $0.name == "people" })
        let source = SqliteRowSource(database: database, table: people, pageSize: 300)
        var request: SqliteRowRequest? = .first
        var rows: [SqliteRow] = []
        var pages = 0
        while let next = request {
            let page = try source.page(next)
            rows += page.items
            request = page.next
            pages += 1
        }
        #expect(pages == 4)  // 300, 300, 300, 100: no empty page at the end
        #expect(rows.map(\.id) == (1...1000).map(String.init))
        #expect(rows[0].columns == ["id", "name", "email", "photo", "score"])
        #expect(rows[0].values == ["1", "person 1", "p1@example.com", "<blob, 300 bytes>", "0.25"])
        #expect(rows[1].values[3] == "NULL")
    }

    @Test func aWithoutRowidTablePagesByItsPrimaryKeyAndAViewByOffset() throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, SqliteFixture.people))
        let tables = try database.tables()
        let tags = SqliteRowSource(database: database, table: try #require(tables.first { $0.name == "tags" }), pageSize: 2)
        let first = try tags.page(.first)
        #expect(first.items.map(\.values) == [["c", "w"], ["a", "x"]])
        let second = try tags.page(try #require(first.next))
        #expect(second.items.map(\.values) == [["b", "x"]])
        #expect(second.next == nil)
        #expect(first.items.map(\.label) == ["kind w, name c", "kind x, name a"])
        let adults = SqliteRowSource(database: database, table: try #require(tables.first { $0.name == "adults" }), pageSize: 400)
        let page = try adults.page(SqliteRowRequest(after: nil, offset: 400))
        #expect(page.items.count == 100)
        #expect(page.items.first?.values == ["person 802", "p802@example.com"])
        #expect(page.items.first?.label == "row 401")
    }

    @Test func notADatabaseIsAClearErrorRetryCannotFix() throws {
        let scratch = try DirSqlScratch()
        let path = try scratch.file("notes.db", Array(String(repeating: "not sqlite at all\n", count: 100).utf8))
        #expect(throws: ListError("\(path) is not an SQLite database", isRetryable: false)) {
            try SqliteDatabase(path: path).tables()
        }
    }

    @Test func aMissingFileIsNotCreated() throws {
        let scratch = try DirSqlScratch()
        let path = scratch.path + "/missing.db"
        #expect(throws: ListError.self) { try SqliteDatabase(path: path).tables() }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theURIIsAbsoluteAndEscaped() {
        #expect(SqliteDatabase.immutableURI("/tmp/a b?#%.db") == "file:/tmp/a%20b%3F%23%25.db?mode=ro&immutable=1")
        #expect(SqliteDatabase.immutableURI("x.db").hasPrefix("file:/"))
    }

    @Test func aDatabaseLockedByAWriterStillBrowses() throws {
        let scratch = try DirSqlScratch()
        let path = try SqliteFixture.make(in: scratch, SqliteFixture.people)
        let writer = try DatabaseQueue(path: path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE; DELETE FROM tags")  // held until COMMIT
            // Immutable: no lock is asked for, so the exclusive lock does not stop a reader
            // (which sees the file as it is on disk).
            let database = SqliteDatabase(path: path)
            #expect(try database.tables().first { $0.name == "tags" }?.rowCount == 3)
            try db.execute(sql: "ROLLBACK")
        }
        try writer.close()
    }

    /// Immutable, SQLite trusts the file never to change and keeps what it read while the
    /// connection is open: each read opens its own, so a refresh sees another program's
    /// committed changes (it read stale rows, then "malformed" pages, before).
    @Test func eachReadSeesTheFileAsItIsNow() throws {
        let scratch = try DirSqlScratch()
        let path = try SqliteFixture.make(in: scratch, SqliteFixture.people)
        let database = SqliteDatabase(path: path)
        let people = try #require(database.tables().first { $0.name == "people" })
        #expect(people.rowCount == 1000)
        let source = SqliteRowSource(database: database, table: people, pageSize: 5)
        #expect(try source.page(.first).items.first?.values[1] == "person 1")
        let writer = try DatabaseQueue(path: path)
        try writer.write { db in
            try db.execute(sql: "UPDATE people SET name = 'CHANGED ' || id WHERE id <= 3")
            try db.execute(sql: "DELETE FROM people WHERE id > 10")
            try db.execute(sql: "CREATE TABLE added (x)")
        }
        try writer.close()
        #expect(try database.tables().map(\.name).contains("added"))
        #expect(try database.tables().first { $0.name == "people" }?.rowCount == 10)
        #expect(try source.page(.first).items.first?.values[1] == "CHANGED 1")
    }

    @Test func tableNamesWithQuotesAreQuotedInEveryQuery() throws {
        let scratch = try DirSqlScratch()
        let path = try SqliteFixture.make(in: scratch, """
            CREATE TABLE "a""b" ("c""d" INTEGER PRIMARY KEY, v TEXT);
            INSERT INTO "a""b" VALUES (1, 'one'), (2, 'two');
            CREATE TABLE "quo""te's" (v TEXT NOT NULL, PRIMARY KEY (v)) WITHOUT ROWID;
            INSERT INTO "quo""te's" VALUES ('x');
            """)
        let database = SqliteDatabase(path: path)
        let tables = try database.tables()
        #expect(tables.map(\.name) == ["a\"b", "quo\"te's"])
        #expect(tables.map(\.rowCount) == [2, 1])
        let ab = try SqliteRowSource(database: database, table: tables[0], pageSize: 1).page(.first)
        #expect(ab.items.map(\.values) == [["1", "one"]])
        #expect(try SqliteRowSource(database: database, table: tables[0], pageSize: 1).page(try #require(ab.next)).items.map(\.values) == [["2", "two"]])
        #expect(try SqliteRowSource(database: database, table: tables[1], pageSize: 5).page(.first).items.map(\.values) == [["x"]])
    }

    /// Columns line up when a value holds control characters: they are drawn as `^[`,
    /// two columns, and must be measured that way.
    @MainActor
    @Test func columnsLineUpAroundControlCharacters() async throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, """
            CREATE TABLE t (a TEXT, b TEXT);
            INSERT INTO t VALUES ('plain', 'next'), ('x' || char(27) || '[31mRED' || char(7), 'next');
            """))
        let table = try #require(database.tables().first)
        let app = HeadlessApp(root: SqliteRowsScreen(source: SqliteRowSource(database: database, table: table)))
        await app.start()
        await app.press(.character("p"))
        #expect(app.lines[2].distance(of: "next") == app.lines[3].distance(of: "next"))
        #expect(app.lines[3].hasPrefix("x^[[31mRED^G  next"))
    }

    /// Sorting asks SQLite: values in order with NULLs last both ways, paged by the sort
    /// value and the key, every row once.
    @Test func sortedPagesComeFromOrderByWithNullsLast() throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v);
            INSERT INTO t VALUES (1, 30), (2, NULL), (3, 'text'), (4, 10), (5, NULL), (6, 10), (7, 2.5);
            CREATE VIEW w AS SELECT v FROM t;
            """))
        let tables = try database.tables()
        for (ascending, expected) in [(true, ["7", "4", "6", "1", "3", "2", "5"]), (false, ["3", "1", "6", "4", "7", "2", "5"])] {
            var source = SqliteRowSource(database: database, table: try #require(tables.first { $0.name == "t" }), pageSize: 2)
            source.sort = TableSort(column: 1, ascending: ascending)
            var request: SqliteRowRequest? = .first
            var ids: [String] = []
            while let next = request {
                let page = try source.page(next)
                ids += page.items.map(\.id)
                request = page.next
            }
            #expect(ids == expected)
        }
        var view = SqliteRowSource(database: database, table: try #require(tables.first { $0.name == "w" }), pageSize: 10)
        view.sort = TableSort(column: 0)
        #expect(try view.page(.first).items.map(\.values) == [["2.5"], ["10"], ["10"], ["30"], ["text"], ["NULL"], ["NULL"]])
    }

    /// `--sort` names a column as SQL does: spelled as it is, else without regard to case.
    @Test func aColumnIsFoundByItsNameInAnyCase() {
        let table = SqliteTable(name: "t", kind: .table, rowCount: 0, columns: ["id", "Name", "name2", "NAME"])
        #expect(table.column(named: "Name") == 1)
        #expect(table.column(named: "NAME") == 3)
        #expect(table.column(named: "name") == 1)
        #expect(table.column(named: "nam") == nil)
    }

    /// `lister sqlite DB TABLE` looks up the one table, its rows not counted.
    @Test func oneTableIsFoundByNameWithItsColumns() throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, SqliteFixture.people))
        #expect(try database.table(named: "people") == SqliteTable(name: "people", kind: .table, rowCount: nil,
                                                                  columns: ["id", "name", "email", "photo", "score"]))
        #expect(try database.table(named: "adults")?.kind == .view)
        #expect(try database.table(named: "nobody") == nil)
    }

    /// A row kept selected across a sort: the first page reaches it, whatever its value
    /// (a number, a text, NULL) and the direction: it holds the rows before it and a page.
    @Test func theFirstSortedPageReachesTheRowKept() throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v);
            INSERT INTO t VALUES (1, 30), (2, NULL), (3, 'text'), (4, 10), (5, NULL), (6, 10), (7, 2.5);
            """))
        let table = try #require(try database.tables().first { $0.name == "t" })
        let rows = try SqliteRowSource(database: database, table: table, pageSize: 10).page(.first).items
        for (ascending, order) in [(true, ["7", "4", "6", "1", "3", "2", "5"]), (false, ["3", "1", "6", "4", "7", "2", "5"])] {
            for kept in rows {
                var source = SqliteRowSource(database: database, table: table, pageSize: 1)
                source.sort = TableSort(column: 1, ascending: ascending)
                source.keeping = kept
                let position = try #require(order.firstIndex(of: kept.id))
                let first = try source.page(.first)
                #expect(first.items.map(\.id) == Array(order.prefix(position + 1)), "\(kept.id) \(ascending)")  // the rows before it and a page (of 1)
                var request = first.next
                var ids = first.items.map(\.id)
                while let next = request {
                    let page = try source.page(next)
                    ids += page.items.map(\.id)
                    request = page.next
                }
                #expect(ids == order)  // every row once, in order
            }
        }
        var unsorted = SqliteRowSource(database: database, table: table, pageSize: 1)
        unsorted.keeping = rows[4]
        #expect(try unsorted.page(.first).items.map(\.id) == ["1", "2", "3", "4", "5"])
    }

    @Test func aWALDatabaseIsNeverWrittenNorGivenCompanions() throws {
        let scratch = try DirSqlScratch()
        let path = try SqliteFixture.make(in: scratch, wal: true, SqliteFixture.people)
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(before == ["test.db"])  // closing checkpointed and removed -wal and -shm
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Browse: tables, every page of every table, through the screens' sources.
        let database = SqliteDatabase(path: path)
        for table in try database.tables() {
            let source = SqliteRowSource(database: database, table: table, pageSize: 128)
            var request: SqliteRowRequest? = .first
            while let next = request { request = try source.page(next).next }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["test.db"])
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
        #expect(after[.size] as? Int == attributes[.size] as? Int)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        // Still WAL mode: the header says so (bytes 18 and 19 are 2).
        #expect(bytes[18] == 2 && bytes[19] == 2)
    }
}

