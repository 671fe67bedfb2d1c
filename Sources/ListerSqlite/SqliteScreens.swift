import Lister
import TerminalCore

/// `lister sqlite DATABASE`: the tables and views of a database, with their row and column
/// counts, as a table. Enter opens one as a paged table of its rows.
package struct SqliteTablesScreen: TableScreen {
    /// The database, opened read-only and immutable.
    package let database: SqliteDatabase

    /// Creates the screen.
    package init(database: SqliteDatabase) { self.database = database }

    package var title: String { database.path }

    package var emptyMessage: String { "No tables or views in \(database.path)" }

    package nonisolated func load() async throws -> [SqliteTable] {
        try database.tables()
    }

    /// Name, kind, rows (counted up to ``SqliteCatalog/countLimit``: `100000+`; `?` for a
    /// view, not counted; `failed` for one that cannot be read) and columns.
    package var columns: [TableColumn<SqliteTable>] {
        [TableColumn("Name") { $0.name }.text { Text($0.name).bold() },
         TableColumn("Kind") { $0.kind.rawValue }.text { Text($0.kind.rawValue).dim() },
         TableColumn("Rows", alignment: .trailing) { $0.rowCount }.text { table in
             if table.failure != nil { return Text("failed").foreground(.red) }
             guard let rows = table.rowCount else { return Text("?").dim() }  // a view: not counted
             return Text(rows > SqliteCatalog.countLimit ? "\(SqliteCatalog.countLimit)+" : "\(rows)")
         },
         TableColumn("Columns") { $0.columns.count }.text { table in
             table.failure != nil && table.columns.isEmpty ? Text("?").dim() : Text("\(table.columns.count)")
         }]
    }

    /// Why the selected view cannot be read, when it cannot.
    package func statusNote(_ context: ListContext<SqliteTablesScreen>) -> String? {
        guard let table = context.model.selectedItem, let failure = table.failure else { return nil }
        return "\(table.name) cannot be read: \(failure)"
    }

    package func filterText(_ table: SqliteTable) -> String { table.name }

    package func open(_ table: SqliteTable) -> OpenResult {
        .screen(SqliteRowsScreen(source: SqliteRowSource(database: database, table: table)))
    }
}

/// The rows of a table or view as a table, page by page: a column per column, NULL and
/// blobs dimmed; sorting asks SQLite (`ORDER BY`, still paged). Enter shows every column.
package struct SqliteRowsScreen: PagedListScreen, TableScreen {
    /// Where the rows come from, in the order shown.
    package var source: SqliteRowSource

    /// Creates the screen.
    package init(source: SqliteRowSource) { self.source = source }

    package var title: String { source.table.name }

    package var emptyMessage: String { "\(source.table.name) has no rows" }

    package nonisolated var pages: PaginatedRepository<SqliteRow, SqliteRowRequest> { source.repository }

    /// A column per column of the table, each cut at 40 columns until the room allows more.
    package var columns: [TableColumn<SqliteRow>] {
        source.table.columns.enumerated().map { index, name in
            TableColumn(name, width: .fit(max: 40)) { row in index < row.cells.count ? row.cells[index] : SqliteValue.null }
                .text { row in index < row.cells.count ? row.cells[index].cell : Text("") }
        }
    }

    /// The order SQLite was asked for.
    package var sort: TableSort? { source.sort }

    /// The same rows in `sort`'s order, read from SQLite with `ORDER BY`, page by page.
    package func sorted(by sort: TableSort?) -> SqliteRowsScreen? {
        sorted(by: sort, keeping: nil)
    }

    /// The rows in `sort`'s order, the first page reaching `selected` (its place counted
    /// by SQLite) so that the selection stays on it.
    package func sorted(by sort: TableSort?, keeping selected: SqliteRow?) -> SqliteRowsScreen? {
        var copy = self
        copy.source.sort = sort
        copy.source.keeping = selected
        return copy
    }

    package func filterText(_ row: SqliteRow) -> String { row.values.joined(separator: " ") }

    package func open(_ row: SqliteRow) -> OpenResult {
        .screen(SqliteRowScreen(table: source.table.name, row: row))
    }
}

/// Every column of one row: `name  value`, long values wrapped.
package struct SqliteRowScreen: DetailScreen {
    /// The table's name.
    package let table: String
    /// The row.
    package let row: SqliteRow

    /// Creates the screen.
    package init(table: String, row: SqliteRow) {
        self.table = table
        self.row = row
    }

    package var title: String { row.label }

    package var canReload: Bool { false }

    /// The row is already loaded with its page.
    package nonisolated func load() async throws -> SqliteRow { row }

    package func content(_ row: SqliteRow, width: Int) -> [Text] {
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
