import GRDB
import Lister
import TerminalCore

/// The preview panes of `lister sqlite`: a table's schema beside the list of tables, a
/// row's columns as `name: value` lines beside its table's rows.
extension SqliteTablesScreen {
    package var previewPlacement: PreviewPlacement? { .right(.percent(50)) }

    package func preview(_ table: SqliteTable, context: ListContext<SqliteTablesScreen>) -> Preview? {
        let database = self.database
        return Preview(key: table.name, debounce: .milliseconds(20)) {
            let sql = try database.read { db in
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = ?", arguments: [table.name])
            }
            let lines = (sql ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { Text(String($0)) }
            return PreviewText(lines: lines.isEmpty ? [Text("no schema").dim()] : lines)
        }
    }
}

extension SqliteRowsScreen {
    package var previewPlacement: PreviewPlacement? { .right(.percent(50)) }

    /// Every column of the row, already loaded with its page: no query.
    package func preview(_ row: SqliteRow, context: ListContext<SqliteRowsScreen>) -> Preview? {
        .immediate(key: row.id) { SqlitePreview.columns(of: row) }
    }
}

enum SqlitePreview {
    /// `name  value` lines, names padded to one width; a value of several lines goes on
    /// under its name, indented.
    static func columns(of row: SqliteRow) -> PreviewText {
        let nameWidth = min(24, row.columns.map { DisplayWidth.of($0) }.max() ?? 0)
        let indent = String(repeating: " ", count: nameWidth + 2)
        var lines: [Text] = []
        for (name, value) in zip(row.columns, row.values) {
            let parts = value.split(separator: "\n", omittingEmptySubsequences: false)
            let shown = value == "NULL" ? Text("NULL").dim() : Text(String(parts.first ?? ""))
            lines.append(Text(name.padded(to: nameWidth, cut: true) + "  ").bold() + shown)
            lines += parts.dropFirst().map { Text(indent + $0) }
        }
        return PreviewText(lines: lines)
    }
}
