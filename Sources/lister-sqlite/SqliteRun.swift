import ArgumentParser
import Lister
import ListerCommands
import ListerSqlite

/// `lister sqlite DATABASE [TABLE] [--sort COLUMN]`: the database opened immutable, then its
/// tables, or TABLE (sorted at the source by `--sort`).
@MainActor
enum SqliteRun {
    /// Runs the command; ends by throwing `ExitCode` (the outcome) or a one-line error.
    static func run(_ command: SqliteCommand) async throws {
        // Open it before the screen, so that a file that is not a database, a missing table
        // and a missing column are usage errors (status 2), not a screen.
        let log = try command.interface.openLog()
        let handle = SqliteDatabase(path: command.database, logger: log.logger("lister.sqlite"))
        // Its error is logged as every failed start is (ListerMain, StartFailureLog).
        let opened = try check(command, in: handle)
        let root: any Screen
        if let table = opened.table {
            var source = SqliteRowSource(database: handle, table: table)
            source.sort = opened.sort
            root = SqliteRowsScreen(source: source)
        } else {
            root = SqliteTablesScreen(database: handle)
        }
        let outcome = try await AppRunner.run(root, interface: command.interface, log: log)
        throw ExitCode(outcome.exitStatus)
    }

    /// TABLE and the order `--sort` asks for; throws a `ValidationError` when the file is
    /// not a database, has no table TABLE, or TABLE has no column `--sort` names.
    static func check(_ command: SqliteCommand, in database: SqliteDatabase) throws -> (table: SqliteTable?, sort: TableSort?) {
        do {
            guard let name = command.table else {
                try database.checkReadable()  // the tables screen counts their rows itself
                return (nil, nil)
            }
            // The one table's columns only: its rows and the other tables' are not counted.
            guard let table = try database.table(named: name) else {
                let names = try database.tables().map(\.name).joined(separator: ", ")
                throw ValidationError(
                    "no table or view '\(name)' in '\(command.database)'" + (names.isEmpty ? " (it has none)" : "; it has: \(names)")
                )
            }
            guard let sort = command.columnSort else { return (table, nil) }
            guard let column = table.column(named: sort.column) else {
                throw ValidationError("--sort: no column '\(sort.column)' in '\(name)'; it has: \(table.columns.joined(separator: ", "))")
            }
            return (table, TableSort(column: column, ascending: sort.ascending))
        } catch let error as ListError {
            throw ValidationError(error.message)
        }
    }
}
