import Foundation
@_spi(Testing) import Lister
import ListerSources
import ListerSqlite
import ListerTestSupport
import TerminalCore
import Testing

/// A view whose rows cannot be read is listed as failed, not as one with a count of 0 or 2
/// (its columns, read as rows) (issue 35).
@MainActor
@Suite struct SqliteBrokenViewTests {
    static let schema = """
        CREATE TABLE t (a INTEGER);
        INSERT INTO t VALUES (1), (2);
        CREATE TABLE gone (x INTEGER, y INTEGER);
        CREATE VIEW dropped AS SELECT * FROM gone;
        DROP TABLE gone;
        CREATE VIEW overflow AS SELECT sum(x) AS s, 1 AS k FROM (SELECT 9223372036854775807 AS x UNION ALL SELECT 1);
        CREATE VIEW fine AS SELECT a FROM t;
        """

    @Test func aViewThatCannotBeReadSaysWhy() throws {
        let scratch = try DirSqlScratch()
        let database = SqliteDatabase(path: try SqliteFixture.make(in: scratch, Self.schema))
        let tables = Dictionary(uniqueKeysWithValues: try database.tables().map { ($0.name, $0) })
        #expect(tables["dropped"]?.failure?.contains("no such table") == true)
        #expect(tables["overflow"]?.failure?.contains("integer overflow") == true)
        #expect(tables["fine"]?.failure == nil)
        #expect(tables["t"]?.failure == nil)
    }

    @Test func theListShowsFailedAndTheReason() async throws {
        let scratch = try DirSqlScratch()
        let app = HeadlessApp(root: SqliteTablesScreen(database: SqliteDatabase(path: try SqliteFixture.make(in: scratch, Self.schema))))
        await app.start()
        await app.press(.character("p"))  // full width
        #expect(app.lines[1] == "Name      Kind     Rows  Columns")
        #expect(app.lines[2] == "dropped   view   failed        ?")
        #expect(app.lines[3] == "fine      view        ?        1")
        #expect(app.lines[4] == "overflow  view   failed        2")
        #expect(app.lines[5] == "t         table       2        1")
        #expect(app.screen.contains("dropped cannot be read: no such table: main.gone"))
        await app.press(.down, .down)
        #expect(app.screen.contains("overflow cannot be read: integer overflow"))
    }
}
