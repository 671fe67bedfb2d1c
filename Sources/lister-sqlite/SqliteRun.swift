import ArgumentParser
import Lister
import ListerCommands
import ListerSqlite

/// `lister sqlite DATABASE [TABLE]`: the database opened immutable, then its tables or TABLE.
@MainActor
enum SqliteRun {
    /// Runs the command; ends by throwing `ExitCode` (the outcome) or a one-line error.
    static func run(_ command: SqliteCommand) async throws {
        // Open it before the screen, so that a file that is not a database and a missing
        // table are usage errors (status 2), not a screen; the log hears why it did not start.
        let log = try command.interface.openLog()
        do {
            try check(command)
        } catch let error as ValidationError {
            log.logger("lister.sqlite").error("not started", metadata: ["database": "\(command.database)", "error": "\(error.message)"])
            throw error
        }
        let handle = SqliteDatabase(path: command.database, logger: log.logger("lister.sqlite"))
        let root: any Screen
        if let table = command.table, let found = try? handle.tables().first(where: { $0.name == table }) {
            root = SqliteRowsScreen(source: SqliteRowSource(database: handle, table: found))
        } else {
            root = SqliteTablesScreen(database: handle)
        }
        let outcome = try await AppRunner.run(root, interface: command.interface, log: log)
        throw ExitCode(outcome.exitStatus)
    }

    /// Throws a `ValidationError` when the file is not a database or has no table TABLE.
    static func check(_ command: SqliteCommand) throws {
        do {
            let tables = try SqliteDatabase(path: command.database).tables()
            if let table = command.table, !tables.contains(where: { $0.name == table }) {
                let names = tables.map(\.name).joined(separator: ", ")
                throw ValidationError(
                    "no table or view '\(table)' in '\(command.database)'" + (names.isEmpty ? " (it has none)" : "; it has: \(names)")
                )
            }
        } catch let error as ListError {
            throw ValidationError(error.message)
        }
    }
}
