import ArgumentParser
import Lister
import ListerSources

#if canImport(Glibc)
import Glibc
#endif

/// `lister sqlite`: browse an SQLite database's tables and rows, strictly read-only.
struct SqliteCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlite",
        abstract: "Browse the tables and rows of an SQLite database, read-only.",
        discussion: """
            Without TABLE, the tables and views with their row counts; Enter opens one as a
            list of its rows, paged as you scroll; Enter on a row shows every column. The
            database is opened immutable: it is never written, and no -wal, -shm or journal
            file is created next to it (changes still in another process's -wal file are not
            seen).
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "A table or view to open at once.")
    var table: String?

    @OptionGroup var interface: InterfaceOptions

    func validate() throws {
        var info = stat()
        guard stat(database, &info) == 0 else {
            throw ValidationError("cannot open '\(database)': \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ValidationError("'\(database)' is a directory, not an SQLite database")
        }
        // Open it now, so that a file that is not a database and a missing table are
        // usage errors (status 2), not a screen.
        let handle = SqliteDatabase(path: database)
        do {
            let tables = try handle.tables()
            if let table, !tables.contains(where: { $0.name == table }) {
                let names = tables.map(\.name).joined(separator: ", ")
                throw ValidationError("no table or view '\(table)' in '\(database)'" + (names.isEmpty ? " (it has none)" : "; it has: \(names)"))
            }
        } catch let error as ListError {
            throw ValidationError(error.message)
        }
    }

    func execute() async throws {
        let log = try interface.openLog()
        let handle = SqliteDatabase(path: database, logger: log.logger("lister.sqlite"))
        let root: any Screen
        if let table, let found = try? handle.tables().first(where: { $0.name == table }) {
            root = SqliteRowsScreen(source: SqliteRowSource(database: handle, table: found))
        } else {
            root = SqliteTablesScreen(database: handle)
        }
        let outcome = try await AppRunner.run(root, interface: interface, log: log)
        throw ExitCode(outcome.exitStatus)
    }
}
