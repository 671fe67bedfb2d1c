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
            list of its rows, paged as you scroll; Enter on a row shows every column. The \
            database is opened immutable: it is never written, and no -wal, -shm or journal \
            file is created next to it (changes still in another process's -wal file are not \
            seen).
            """
    )

    @Argument(help: "The database file.")
    package var database: String

    @Argument(help: "A table or view to open at once.")
    package var table: String?

    @OptionGroup package var interface: InterfaceOptions

    package init() {}

    /// Always `lister-sqlite`.
    package var sibling: Sibling? { .sqlite }

    /// What can be checked without SQLite: the file exists and is a regular file (SQLite
    /// would wait for ever on a FIFO with no writer, and a device is no database). That it
    /// is a database with TABLE is checked by `lister-sqlite` before its screen opens.
    package func validate() throws {
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
