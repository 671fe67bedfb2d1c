import GRDB
import Lister

/// One row of a table, its values written out for display.
public struct SqliteRow: Identifiable, Hashable, Sendable {
    /// The row's key (its rowid or primary key), or its position when it has none.
    public let id: String
    /// How the row is named in its detail's title: `rowid 42`, `kind w, name c`, `row 7`.
    public let label: String
    /// The names of the columns.
    public let columns: [String]
    /// Each column's value as text: `NULL`, a number, the text, or `<blob, N bytes>`.
    public let values: [String]

    /// Creates a row.
    public init(id: String, label: String, columns: [String], values: [String]) {
        self.id = id
        self.label = label
        self.columns = columns
        self.values = values
    }
}

/// A request for a page of rows: after a key (keyset paging), or at an offset.
public struct SqliteRowRequest: Hashable, Sendable {
    /// The key of the last row already shown; nil for the first page.
    public var after: [DatabaseValue]?
    /// Rows to skip (for a view, which has no key).
    public var offset: Int

    /// Creates a request.
    public init(after: [DatabaseValue]?, offset: Int) {
        self.after = after
        self.offset = offset
    }

    /// The first page.
    public static let first = SqliteRowRequest(after: nil, offset: 0)
}

/// Reads a table's rows page by page.
public struct SqliteRowSource: Sendable {
    /// The database.
    public let database: SqliteDatabase
    /// The table or view.
    public let table: SqliteTable
    /// Rows in a page.
    public var pageSize = 200

    /// Creates a source of `table`'s rows.
    public init(database: SqliteDatabase, table: SqliteTable, pageSize: Int = 200) {
        self.database = database
        self.table = table
        self.pageSize = pageSize
    }

    /// The rows of `table` as a repository: keyset paging on the rowid or primary key where
    /// the table has one, else limit and offset.
    public var repository: PaginatedRepository<SqliteRow, SqliteRowRequest> {
        PaginatedRepository(first: .first) { request in try self.page(request) }
    }

    /// One page of rows.
    public func page(_ request: SqliteRowRequest) throws -> Page<SqliteRow, SqliteRowRequest> {
        try database.read { db in
            let key = try SqliteCatalog.key(of: table, in: db)
            let columns = try SqliteCatalog.columns(of: table, in: db)
            let name = table.name.quotedSQLIdentifier
            switch key {
            case .columns(let keyColumns):
                let list = keyColumns.map(\.quotedSQLIdentifier).joined(separator: ", ")
                var sql = "SELECT \(list), * FROM \(name)"
                var arguments = StatementArguments()
                if let after = request.after {
                    sql += " WHERE (\(list)) > (\(Array(repeating: "?", count: after.count).joined(separator: ", ")))"
                    arguments = StatementArguments(after)
                }
                sql += " ORDER BY \(list) LIMIT \(pageSize + 1)"  // one more: is there a next page?
                let start = ContinuousClock.now
                let fetched = try Row.fetchAll(db, sql: sql, arguments: arguments)
                database.logQuery(sql, rows: fetched.count, since: start)
                let rows = fetched.prefix(pageSize)
                let items = rows.map { row in
                    let values = Array(row.databaseValues)
                    let keyValues = Array(values.prefix(keyColumns.count))
                    let keyText = keyValues.map(Self.text)
                    let label = zip(keyColumns, keyText).map { "\($0) \($1)" }.joined(separator: ", ")
                    return SqliteRow(id: keyText.joined(separator: "\u{1F}"), label: label, columns: columns,
                                     values: values.dropFirst(keyColumns.count).map(Self.text))
                }
                let last = rows.last.map { Array($0.databaseValues.prefix(keyColumns.count)) }
                let next = fetched.count <= pageSize ? nil : SqliteRowRequest(after: last, offset: request.offset + rows.count)
                return Page(items, next: next)
            case .none:
                let sql = "SELECT * FROM \(name) LIMIT \(pageSize + 1) OFFSET \(request.offset)"
                let start = ContinuousClock.now
                let fetched = try Row.fetchAll(db, sql: sql)
                database.logQuery(sql, rows: fetched.count, since: start)
                let rows = fetched.prefix(pageSize)
                let items = rows.enumerated().map { index, row in
                    SqliteRow(id: String(request.offset + index + 1), label: "row \(request.offset + index + 1)",
                              columns: columns, values: row.databaseValues.map(Self.text))
                }
                let next = fetched.count <= pageSize ? nil : SqliteRowRequest(after: nil, offset: request.offset + rows.count)
                return Page(items, next: next)
            }
        }
    }

    /// A value as text: `NULL`, a number, the text itself, or `<blob, N bytes>`.
    public static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "NULL"
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let string): return string
        case .blob(let data): return "<blob, \(data.count) bytes>"
        }
    }
}
