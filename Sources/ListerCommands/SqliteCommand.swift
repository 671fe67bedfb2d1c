import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// `lister sqlite`: browse an SQLite database's tables and rows, strictly read-only. Only
/// the arguments are here: `lister` checks the file exists, then hands the command to
/// `lister-sqlite` (GRDB and SQLite), which opens the database and runs the screen.
package struct SqliteCommand: SiblingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "sqlite",
        abstract: "Browse the tables and rows of an SQLite database, read-only.",
        discussion: """
            Without TABLE, the tables and views with their row counts; Enter opens one as a \
            list of its rows, paged as you scroll; Enter on a row shows every column. With \
            TABLE and --sort COLUMN, the table opens sorted by SQLite (ORDER BY), still \
            paged as you scroll; s, S or a click on a title sort it another way. The \
            database is opened immutable: it is never written, and no -wal, -shm or journal \
            file is created next to it (changes still in another process's -wal file are not \
            seen).
            """
    )

    @Argument(help: "The database file.")
    package var database: String

    @Argument(help: "A table or view to open at once.")
    package var table: String?

    @Option(help: ArgumentHelp(
        "Open TABLE sorted by COLUMN, ascending unless ':desc' follows (SQLite sorts: ORDER BY).",
        valueName: "column[:asc|:desc]"))
    package var sort: String?

    @OptionGroup package var interface: InterfaceOptions

    package init() {}

    /// `--sort` read (checked by ``validate()``): the column by name, and the direction.
    package var columnSort: ColumnSortOption? { sort.flatMap { try? ColumnSortOption(parsing: $0) } }

    /// Always `lister-sqlite`.
    package var sibling: Sibling? { .sqlite }

    /// What can be checked without SQLite: the file exists and is a regular file (SQLite
    /// would wait for ever on a FIFO with no writer, and a device is no database). That it
    /// is a database with TABLE is checked by `lister-sqlite` before its screen opens.
    package func validate() throws {
        if let sort {
            guard table != nil else {
                throw ValidationError("--sort sorts the rows of a table: give one, as in 'lister sqlite \(database) TABLE --sort \(sort)'")
            }
            _ = try ColumnSortOption(parsing: sort)
        }
        var info = stat()
        guard stat(database, &info) == 0 else {
            throw ValidationError("cannot open '\(database)': \(String(cString: strerror(errno)))")
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw ValidationError("'\(database)' is \(kind), not an SQLite database: give the path of a database file")
    }
}

/// `--sort COLUMN[:asc|:desc]`: a column by name and a direction. The direction follows the
/// last `:`, so a column whose name holds a `:` is written with its direction (`a:b:asc`).
package struct ColumnSortOption: Hashable, Sendable {
    /// The column's name as given (matched against the table's columns by `lister-sqlite`).
    package var column: String
    /// Ascending unless `:desc` was given.
    package var ascending: Bool

    /// The column `column`, ascending or not.
    package init(column: String, ascending: Bool) {
        self.column = column
        self.ascending = ascending
    }

    /// Reads `COLUMN`, `COLUMN:asc` or `COLUMN:desc` (the direction in any case).
    package init(parsing text: String) throws {
        var column = Substring(text)
        ascending = true
        if let colon = text.lastIndex(of: ":") {
            let direction = text[text.index(after: colon)...]
            switch direction.lowercased() {
            case "asc": ascending = true
            case "desc": ascending = false
            default:
                throw ValidationError(
                    "--sort takes COLUMN, COLUMN:asc or COLUMN:desc, not '\(text)': '\(direction)' is no direction"
                        + " (a column whose name has a ':' is written with its direction, as in '\(text):asc')")
            }
            column = text[..<colon]
        }
        guard !column.isEmpty else {
            throw ValidationError("--sort takes COLUMN, COLUMN:asc or COLUMN:desc, not '\(text)': the column's name is missing")
        }
        self.column = String(column)
    }
}
