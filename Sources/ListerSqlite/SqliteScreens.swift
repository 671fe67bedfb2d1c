import Lister
import TerminalCore

/// `lister sqlite DATABASE`: the tables and views of a database, with their row counts.
/// Enter opens one as a paged list of its rows.
public struct SqliteTablesScreen: ListScreen {
    /// The database, opened read-only and immutable.
    public let database: SqliteDatabase

    /// Creates the screen.
    public init(database: SqliteDatabase) { self.database = database }

    public var title: String { database.path }

    public var emptyMessage: String { "No tables or views in \(database.path)" }

    public nonisolated func load() async throws -> [SqliteTable] {
        try database.tables()
    }

    /// `users  table  1,204 rows`.
    public func row(_ table: SqliteTable, context: RowContext) -> Text {
        let count: String
        switch table.rowCount {
        case nil: count = ""
        case let rows? where rows > SqliteCatalog.countLimit: count = "\(SqliteCatalog.countLimit)+ rows"
        case let rows?: count = "\(rows) \(rows == 1 ? "row" : "rows")"
        }
        return Text(table.name.padded(to: 24)).bold() + Text("  " + table.kind.rawValue.padded(to: 5) + "  " + count).dim()
    }

    public func filterText(_ table: SqliteTable) -> String { table.name }

    public func open(_ table: SqliteTable) -> OpenResult {
        .screen(SqliteRowsScreen(source: SqliteRowSource(database: database, table: table)))
    }
}

/// The rows of a table or view, page by page; each row shows its first columns, Enter shows
/// every column.
public struct SqliteRowsScreen: PagedListScreen {
    /// Where the rows come from.
    public let source: SqliteRowSource
    /// The columns shown in a row; the rest are in the row's detail.
    public var visibleColumns = 6

    /// Creates the screen.
    public init(source: SqliteRowSource) { self.source = source }

    public var title: String { source.table.name }

    public var emptyMessage: String { "\(source.table.name) has no rows" }

    public nonisolated var pages: PaginatedRepository<SqliteRow, SqliteRowRequest> { source.repository }

    /// The first columns, each cut or padded to the same width so that they line up.
    public func row(_ row: SqliteRow, context: RowContext) -> Text {
        let shown = row.values.prefix(visibleColumns).map { String($0.prefix(64)).oneLine.padded(to: 18, cut: true) }
        let more = row.values.count > visibleColumns ? "  …" : ""
        return Text(shown.joined(separator: "  ")) + Text(more).dim()
    }

    public func filterText(_ row: SqliteRow) -> String { row.values.joined(separator: " ") }

    public func open(_ row: SqliteRow) -> OpenResult {
        .screen(SqliteRowScreen(table: source.table.name, row: row))
    }
}

/// Every column of one row: `name  value`, long values wrapped.
public struct SqliteRowScreen: DetailScreen {
    /// The table's name.
    public let table: String
    /// The row.
    public let row: SqliteRow

    /// Creates the screen.
    public init(table: String, row: SqliteRow) {
        self.table = table
        self.row = row
    }

    public var title: String { row.label }

    public var canReload: Bool { false }

    /// The row is already loaded with its page.
    public nonisolated func load() async throws -> SqliteRow { row }

    public func content(_ row: SqliteRow, width: Int) -> [Text] {
        let nameWidth = min(24, row.columns.map { DisplayWidth.of($0) }.max() ?? 0)
        var lines: [Text] = []
        for (name, value) in zip(row.columns, row.values) {
            let label = Text(name.padded(to: nameWidth, cut: true) + "  ").bold()
            let wrapped = value.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                Text.wrapping(String($0), width: max(10, width - nameWidth - 2))
            }
            let indent = String(repeating: " ", count: nameWidth + 2)
            lines.append(label + (wrapped.first ?? Text("")))
            lines += wrapped.dropFirst().map { Text(indent) + $0 }
        }
        return lines
    }
}

extension String {
    /// Newlines and tabs as spaces, for a value shown on one line.
    var oneLine: String {
        String(map { $0 == "\n" || $0 == "\r\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
    }

    /// Made safe to show (control characters as `^[`, as a ``Text`` draws them) and padded
    /// with spaces to `width` display columns; cut with `…` when longer and `cut`. Measured
    /// after cleaning: a value with an escape in it is two columns wider once drawn.
    func padded(to width: Int, cut: Bool = false) -> String {
        var text = Sanitizer.clean(self)
        if cut, DisplayWidth.of(text) > width {
            var kept = ""
            var used = 0
            for character in text {
                let next = DisplayWidth.of(character)
                if used + next > width - 1 { break }
                kept.append(character)
                used += next
            }
            text = kept + "…"
        }
        return text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }
}
