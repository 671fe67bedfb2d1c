import GRDB
import Lister

/// One row of a table, its values written out for display.
package struct SqliteRow: Identifiable, Hashable, Sendable {
    /// The row's key (its rowid or primary key), or its position when it has none.
    package let id: String
    /// How the row is named in its detail's title: `rowid 42`, `kind w, name c`, `row 7`.
    package let label: String
    /// The names of the columns.
    package let columns: [String]
    /// Each column's value as text: `NULL`, a number, the text, or `<blob, N bytes>`.
    package let values: [String]
    /// Each column's value as a table sorts and draws it (a blob as its size).
    package let cells: [SqliteValue]
    /// The values of the row's key (its rowid or primary key); empty when it has none.
    package var key: [SqliteValue] = []

    /// Creates a row of text values (each one a text cell, `NULL` a null one).
    package init(id: String, label: String, columns: [String], values: [String]) {
        self.id = id
        self.label = label
        self.columns = columns
        self.values = values
        cells = values.map { $0 == "NULL" ? .null : .text($0) }
    }

    /// Creates a row of typed values.
    package init(id: String, label: String, columns: [String], cells: [SqliteValue]) {
        self.id = id
        self.label = label
        self.columns = columns
        self.cells = cells
        values = cells.map(\.text)
    }
}

/// A value of a row as SQLite stores it; a blob is kept as its size only.
package enum SqliteValue: Hashable, Sendable, TableCellValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(bytes: Int)

    /// The value read from the database.
    package init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let string): self = .text(string)
        case .blob(let data): self = .blob(bytes: data.count)
        }
    }

    /// The value to compare with in SQL; nil for a blob (only its size is kept).
    var databaseValue: DatabaseValue? {
        switch self {
        case .null: return .null
        case .integer(let number): return number.databaseValue
        case .real(let number): return number.databaseValue
        case .text(let string): return string.databaseValue
        case .blob: return nil
        }
    }

    /// As text: `NULL`, a number, the text itself, or `<blob, N bytes>`.
    package var text: String {
        switch self {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let string): return string
        case .blob(let bytes): return "<blob, \(bytes) bytes>"
        }
    }

    package var tableValue: TableValue {
        switch self {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .number(number)
        case .text(let string): return .text(string)
        case .blob(let bytes): return .text("<blob \(bytes) B>")
        }
    }

    /// The cell in a table: NULL and blobs dimmed, a long text cut, newlines as spaces.
    package var cell: Text {
        switch self {
        case .null: return Text("NULL").dim()
        case .blob(let bytes): return Text("<blob \(bytes) B>").dim()
        case .text(let string): return Text(String(string.prefix(256)).oneLine)
        case .integer, .real: return Text(text).aligned(.trailing)
        }
    }
}

/// A request for a page of rows: after a key (keyset paging), or at an offset.
package struct SqliteRowRequest: Hashable, Sendable {
    /// The key of the last row already shown (in a sorted table, its sort value first);
    /// nil for the first page.
    package var after: [DatabaseValue]?
    /// Rows to skip (for a view, which has no key).
    package var offset: Int
    /// In a sorted table: whether the rows whose sort value is NULL are read (they come
    /// after all the others, in both directions).
    package var nulls = false

    /// Creates a request.
    package init(after: [DatabaseValue]?, offset: Int, nulls: Bool = false) {
        self.after = after
        self.offset = offset
        self.nulls = nulls
    }

    /// The first page.
    package static let first = SqliteRowRequest(after: nil, offset: 0)
}

/// Reads a table's rows page by page.
package struct SqliteRowSource: Sendable {
    /// The database.
    package let database: SqliteDatabase
    /// The table or view.
    package let table: SqliteTable
    /// Rows in a page.
    package var pageSize = 200
    /// The order asked of SQLite (`ORDER BY` the column, NULLs last), keyset-paged on the
    /// column and the key; nil for the key's order.
    package var sort: TableSort?
    /// A row the first page in ``sort``'s order reaches (the row selected when the order
    /// changed): its place is counted (`COUNT(*)` of the rows before it, which an index on
    /// the column serves) and the first page holds the rows up to it and a page more.
    package var keeping: SqliteRow?
    /// The first page reaches ``keeping`` only when at most this many rows come before it.
    package static let keepingLimit = 100_000

    /// Creates a source of `table`'s rows.
    package init(database: SqliteDatabase, table: SqliteTable, pageSize: Int = 200) {
        self.database = database
        self.table = table
        self.pageSize = pageSize
    }

    /// The rows of `table` as a repository: keyset paging on the rowid or primary key where
    /// the table has one, else limit and offset.
    package var repository: PaginatedRepository<SqliteRow, SqliteRowRequest> {
        PaginatedRepository(first: .first) { request in try self.page(request) }
    }

    /// One page of rows.
    package func page(_ request: SqliteRowRequest) throws -> Page<SqliteRow, SqliteRowRequest> {
        try database.read { db in
            let key = try SqliteCatalog.key(of: table, in: db)
            let columns = try SqliteCatalog.columns(of: table, in: db)
            let name = table.name.quotedSQLIdentifier
            if let sort, columns.indices.contains(sort.column) {
                return try sortedPage(request, by: columns[sort.column], ascending: sort.ascending, key: key, columns: columns, in: db)
            }
            switch key {
            case .columns(let keyColumns):
                let list = keyColumns.map(\.quotedSQLIdentifier).joined(separator: ", ")
                var sql = "SELECT \(list), * FROM \(name)"
                var arguments = StatementArguments()
                if let after = request.after {
                    sql += " WHERE (\(list)) > (\(Array(repeating: "?", count: after.count).joined(separator: ", ")))"
                    arguments = StatementArguments(after)
                }
                var pageSize = self.pageSize
                if request.after == nil, let kept = keeping, kept.key.count == keyColumns.count {
                    // The first page reaches the row kept selected, when not too far.
                    let key = kept.key.compactMap(\.databaseValue)
                    let count = "SELECT COUNT(*) FROM \(name) WHERE (\(list)) < (\(Array(repeating: "?", count: key.count).joined(separator: ", ")))"
                    if key.count == keyColumns.count, let before = try Int.fetchOne(db, sql: count, arguments: StatementArguments(key)),
                       before <= Self.keepingLimit {
                        pageSize = max(pageSize, before + self.pageSize)
                    }
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
                    var item = SqliteRow(id: keyText.joined(separator: "\u{1F}"), label: label, columns: columns,
                                         cells: values.dropFirst(keyColumns.count).map(SqliteValue.init))
                    item.key = keyValues.map(SqliteValue.init)
                    return item
                }
                let last = rows.last.map { Array($0.databaseValues.prefix(keyColumns.count)) }
                let next = fetched.count <= pageSize ? nil : SqliteRowRequest(after: last, offset: request.offset + rows.count)
                return Page(items, next: next)
            case .none:
                return try offsetPage("SELECT * FROM \(name)", request, columns: columns, in: db)
            }
        }
    }

    /// A page of `select`'s rows by offset (a view, which has no key to page on): each row
    /// named by its place, `row N`.
    private func offsetPage(_ select: String, _ request: SqliteRowRequest, columns: [String],
                            in db: Database) throws -> Page<SqliteRow, SqliteRowRequest> {
        let sql = "\(select) LIMIT \(pageSize + 1) OFFSET \(request.offset)"
        let start = ContinuousClock.now
        let fetched = try Row.fetchAll(db, sql: sql)
        database.logQuery(sql, rows: fetched.count, since: start)
        let rows = fetched.prefix(pageSize)
        let items = rows.enumerated().map { index, row in
            SqliteRow(id: String(request.offset + index + 1), label: "row \(request.offset + index + 1)",
                      columns: columns, cells: row.databaseValues.map(SqliteValue.init))
        }
        let next = fetched.count <= pageSize ? nil : SqliteRowRequest(after: nil, offset: request.offset + rows.count)
        return Page(items, next: next)
    }

    /// How many rows come before `row` in the order of `column` (values `ORDER BY column,
    /// key`, then NULLs by key): nil when the row cannot be placed (no key, a blob).
    func rowsBefore(_ row: SqliteRow, column: String, ascending: Bool, keyColumns: [String], columns: [String],
                    in db: Database) throws -> Int? {
        guard !row.key.isEmpty, row.key.count == keyColumns.count, let index = columns.firstIndex(of: column),
              index < row.cells.count else { return nil }
        let key = row.key.compactMap(\.databaseValue)
        guard key.count == keyColumns.count, let value = row.cells[index].databaseValue else { return nil }
        let name = table.name.quotedSQLIdentifier
        let sorted = column.quotedSQLIdentifier
        let list = keyColumns.map(\.quotedSQLIdentifier).joined(separator: ", ")
        let marks = { (count: Int) in Array(repeating: "?", count: count).joined(separator: ", ") }
        let sql: String
        let arguments: StatementArguments
        if value.isNull {
            // After every row with a value, and the NULLs before it by key.
            sql = "SELECT (SELECT COUNT(*) FROM \(name) WHERE \(sorted) IS NOT NULL)"
                + " + (SELECT COUNT(*) FROM \(name) WHERE \(sorted) IS NULL AND (\(list)) < (\(marks(key.count))))"
            arguments = StatementArguments(key)
        } else {
            sql = "SELECT COUNT(*) FROM \(name) WHERE \(sorted) IS NOT NULL"
                + " AND (\(sorted), \(list)) \(ascending ? "<" : ">") (\(marks(key.count + 1)))"
            arguments = StatementArguments([value] + key)
        }
        let start = ContinuousClock.now
        let count = try Int.fetchOne(db, sql: sql, arguments: arguments)
        database.logQuery(sql, rows: 1, since: start)
        return count
    }

    /// A value as text: `NULL`, a number, the text itself, or `<blob, N bytes>`.
    package static func text(_ value: DatabaseValue) -> String { SqliteValue(value).text }

    /// A page of rows in the order of `column`: the rows with a value first (`ORDER BY
    /// column, key`, keyset-paged on both, so an index on the column serves every page),
    /// then those with NULL (by key). A view, without a key, pages by offset.
    func sortedPage(_ request: SqliteRowRequest, by column: String, ascending: Bool, key: SqliteKey,
                    columns: [String], in db: Database) throws -> Page<SqliteRow, SqliteRowRequest> {
        let name = table.name.quotedSQLIdentifier
        let sorted = column.quotedSQLIdentifier
        let direction = ascending ? "" : " DESC"
        guard case .columns(let keyColumns) = key else {
            return try offsetPage("SELECT * FROM \(name) ORDER BY (\(sorted) IS NULL), \(sorted)\(direction)", request,
                                  columns: columns, in: db)
        }
        let list = keyColumns.map(\.quotedSQLIdentifier).joined(separator: ", ")
        let marks = { (count: Int) in Array(repeating: "?", count: count).joined(separator: ", ") }
        /// Rows of one part (with values, or NULL), after `after`, at most `limit`.
        func fetch(nulls: Bool, after: [DatabaseValue]?, limit: Int) throws -> [Row] {
            var sql = "SELECT \(list), \(sorted), * FROM \(name) WHERE \(sorted) IS \(nulls ? "" : "NOT ")NULL"
            var arguments = StatementArguments()
            if let after {
                sql += nulls ? " AND (\(list)) > (\(marks(after.count)))"
                             : " AND (\(sorted), \(list)) \(ascending ? ">" : "<") (\(marks(after.count)))"
                arguments = StatementArguments(after)
            }
            sql += nulls ? " ORDER BY \(list)" : " ORDER BY \(sorted)\(direction), " + keyColumns.map { $0.quotedSQLIdentifier + direction }.joined(separator: ", ")
            sql += " LIMIT \(limit)"
            let start = ContinuousClock.now
            let fetched = try Row.fetchAll(db, sql: sql, arguments: arguments)
            database.logQuery(sql, rows: fetched.count, since: start)
            return fetched
        }
        // The first page reaches the row kept selected, when not too far.
        var pageSize = self.pageSize
        if request.after == nil, !request.nulls, let kept = keeping,
           let before = try rowsBefore(kept, column: column, ascending: ascending, keyColumns: keyColumns, columns: columns, in: db),
           before <= Self.keepingLimit {
            pageSize = max(pageSize, before + self.pageSize)
        }
        var fetched = try fetch(nulls: request.nulls, after: request.after, limit: pageSize + 1)
        if !request.nulls, fetched.count <= pageSize {
            // The rows with a value ran out: the NULLs fill the rest of the page.
            fetched += try fetch(nulls: true, after: nil, limit: pageSize + 1 - fetched.count)
        }
        let rows = fetched.prefix(pageSize)
        let items = rows.map { row in
            let values = Array(row.databaseValues)
            let keyText = values.prefix(keyColumns.count).map(Self.text)
            let label = zip(keyColumns, keyText).map { "\($0) \($1)" }.joined(separator: ", ")
            var item = SqliteRow(id: keyText.joined(separator: "\u{1F}"), label: label, columns: columns,
                                 cells: values.dropFirst(keyColumns.count + 1).map(SqliteValue.init))
            item.key = values.prefix(keyColumns.count).map(SqliteValue.init)
            return item
        }
        guard fetched.count > pageSize, let last = rows.last else { return Page(items, next: nil) }
        let values = Array(last.databaseValues)
        let lastKey = Array(values.prefix(keyColumns.count))
        let lastIsNull = values[keyColumns.count].isNull
        let after = lastIsNull ? lastKey : [values[keyColumns.count]] + lastKey
        return Page(items, next: SqliteRowRequest(after: after, offset: request.offset + rows.count, nulls: lastIsNull))
    }
}
