import GRDB
import Lister

/// A table or view of a database, as `lister sqlite` lists them.
package struct SqliteTable: Identifiable, Hashable, Sendable {
    /// Whether it is a table or a view.
    package enum Kind: String, Hashable, Sendable {
        case table, view
    }

    /// Its name.
    package let name: String
    /// Table or view.
    package let kind: Kind
    /// How many rows, counted up to ``SqliteCatalog/countLimit`` (nil for views, which may
    /// be costly to count).
    package let rowCount: Int?
    /// The names of its columns, in order (empty when not read).
    package let columns: [String]
    /// Why its rows cannot be read (a view over a dropped table, one whose first row fails
    /// to compute), found when the tables are listed; nil when they can be.
    package let failure: String?

    /// The name identifies it.
    package var id: String { name }

    /// The position of the column named `name` among ``columns``: the one spelled so, else
    /// the one SQLite would take for it (names are compared without case, as SQL does).
    package func column(named name: String) -> Int? {
        columns.firstIndex(of: name) ?? columns.firstIndex { $0.lowercased() == name.lowercased() }
    }

    /// Creates a description.
    package init(name: String, kind: Kind, rowCount: Int?, columns: [String] = [], failure: String? = nil) {
        self.name = name
        self.kind = kind
        self.rowCount = rowCount
        self.columns = columns
        self.failure = failure
    }
}

/// How a table's rows are paged: by a key (the rowid, or the primary key of a `WITHOUT
/// ROWID` table) or, for views, by limit and offset.
package enum SqliteKey: Hashable, Sendable {
    /// Keyset paging on these columns (`rowid`, or the primary key's columns).
    case columns([String])
    /// No usable key: `LIMIT … OFFSET …`.
    case none
}

/// What a database holds: its tables and views, and how each is paged.
package enum SqliteCatalog {
    /// Row counts stop here (`100000+`), so listing tables stays cheap on large databases.
    package static let countLimit = 100_000

    /// The tables and views of the main database, by name (SQLite's own `sqlite_` tables
    /// left out). `log` is told each query with its rows and start.
    package static func tables(
        _ db: Database, log: (_ sql: String, _ rows: Int, _ start: ContinuousClock.Instant) -> Void = { _, _, _ in }
    ) throws -> [SqliteTable] {
        let schemaSQL = """
            SELECT name, type FROM sqlite_schema
            WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY name
            """
        var start = ContinuousClock.now
        let rows = try Row.fetchAll(db, sql: schemaSQL)
        log(schemaSQL, rows.count, start)
        return try rows.map { row in
            let table = uncounted(name: row["name"], type: row["type"], in: db)
            guard table.kind == .table else { return probed(table, in: db, log: log) }
            let countSQL = "SELECT count(*) FROM (SELECT 1 FROM \(table.name.quotedSQLIdentifier) LIMIT \(countLimit + 1))"
            start = ContinuousClock.now
            let count = try Int.fetchOne(db, sql: countSQL)
            log(countSQL, 1, start)
            return SqliteTable(name: table.name, kind: table.kind, rowCount: count, columns: table.columns)
        }
    }

    /// `view` with ``SqliteTable/failure`` set when its first row cannot be read: a view is
    /// not counted (it may be costly), but one that fails (over a dropped table, an
    /// integer overflow) says so in the list instead of looking like one with no rows.
    private static func probed(
        _ view: SqliteTable, in db: Database, log: (_ sql: String, _ rows: Int, _ start: ContinuousClock.Instant) -> Void
    ) -> SqliteTable {
        let sql = "SELECT * FROM \(view.name.quotedSQLIdentifier) LIMIT 1"
        let start = ContinuousClock.now
        do {
            let row = try Row.fetchOne(db, sql: sql)
            log(sql, row == nil ? 0 : 1, start)
            return view
        } catch {
            log(sql, 0, start)
            let reason = (error as? DatabaseError)?.message ?? "\(error)"
            return SqliteTable(name: view.name, kind: view.kind, rowCount: nil, columns: view.columns, failure: reason)
        }
    }

    /// The table or view `name` of the schema's `type` with its columns, its rows not
    /// counted.
    private static func uncounted(name: String, type: String, in db: Database) -> SqliteTable {
        let kind: SqliteTable.Kind = type == "view" ? .view : .table
        let columns = (try? tableInfo(SqliteTable(name: name, kind: kind, rowCount: nil), in: db).map(\.name)) ?? []
        return SqliteTable(name: name, kind: kind, rowCount: nil, columns: columns)
    }

    /// The table or view `name` with its columns, its rows not counted (nil when there is
    /// none): what `lister sqlite DATABASE TABLE` needs before its first frame.
    package static func table(
        named name: String, in db: Database,
        log: (_ sql: String, _ rows: Int, _ start: ContinuousClock.Instant) -> Void = { _, _, _ in }
    ) throws -> SqliteTable? {
        let sql = "SELECT type FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?"
        let start = ContinuousClock.now
        guard let type = try String.fetchOne(db, sql: sql, arguments: [name]) else { return nil }
        log(sql, 1, start)
        return uncounted(name: name, type: type, in: db)
    }

    /// The key to page `table` by: the rowid when it has one, else the primary key of a
    /// `WITHOUT ROWID` table, else none (views).
    package static func key(of table: SqliteTable, in db: Database) throws -> SqliteKey {
        guard table.kind == .table else { return .none }
        let quoted = table.name.quotedSQLIdentifier
        let info = try tableInfo(table, in: db)
        let columns = Set(info.map { $0.name.lowercased() })
        // A column may hide the rowid behind one of its three names.
        for alias in ["rowid", "_rowid_", "oid"] where !columns.contains(alias) {
            if (try? db.makeStatement(sql: "SELECT \(alias) FROM \(quoted) LIMIT 0")) != nil {
                return .columns([alias])
            }
        }
        let primaryKey = info.filter { $0.primaryKeyIndex > 0 }.sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
        return primaryKey.isEmpty ? .none : .columns(primaryKey)
    }

    /// The names of `table`'s columns, in order.
    package static func columns(of table: SqliteTable, in db: Database) throws -> [String] {
        try tableInfo(table, in: db).map(\.name)
    }

    /// `table`'s columns in order (hidden columns of virtual tables left out), and where
    /// each is in the primary key (0: not in it). The table's name is a bound argument:
    /// GRDB's `columns(in:)` and `primaryKey(_:)` quote it without doubling a `"` in it.
    static func tableInfo(_ table: SqliteTable, in db: Database) throws -> [(name: String, primaryKeyIndex: Int)] {
        try Row.fetchAll(db, sql: "SELECT name, pk FROM pragma_table_xinfo(?) WHERE hidden != 1 ORDER BY cid",
                         arguments: [table.name])
            .map { (name: $0["name"], primaryKeyIndex: $0["pk"]) }
    }
}

extension SqliteDatabase {
    /// The table or view `name` (see ``SqliteCatalog/table(named:in:log:)``).
    package func table(named name: String) throws -> SqliteTable? {
        try read { db in try SqliteCatalog.table(named: name, in: db) { sql, rows, start in logQuery(sql, rows: rows, since: start) } }
    }

    /// Reads the schema and nothing more: throws when the file is not a database SQLite
    /// can read (what `lister sqlite DATABASE` checks before its screen lists the tables).
    package func checkReadable() throws {
        let sql = "SELECT count(*) FROM sqlite_schema"
        try read { db in
            let start = ContinuousClock.now
            _ = try Int.fetchOne(db, sql: sql)
            logQuery(sql, rows: 1, since: start)
        }
    }

    /// The tables and views (see ``SqliteCatalog/tables(_:)``).
    package func tables() throws -> [SqliteTable] {
        try read { db in try SqliteCatalog.tables(db) { sql, rows, start in logQuery(sql, rows: rows, since: start) } }
    }
}
