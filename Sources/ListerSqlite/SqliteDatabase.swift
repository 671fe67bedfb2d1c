import GRDB
import Lister
import ListerSources
import Logging
import TerminalCore

/// An SQLite database opened strictly read-only: through the URI `file:…?immutable=1`, so
/// SQLite takes no locks and never writes the file nor creates a `-wal`, `-shm` or journal
/// file next to it, even for a database in WAL mode.
///
/// The price of `immutable`: changes another process has not yet checkpointed from a
/// `-wal` file are not seen. And since SQLite then trusts the file never to change, it
/// keeps what it read for as long as the connection is open, so every ``read(_:)`` opens
/// a connection of its own and closes it: each load (a refresh, the next page) sees the
/// file as it is then, and a read that failed while another program was writing the file
/// is not remembered.
package final class SqliteDatabase: Sendable {
    /// The database file as given.
    package let path: String
    /// Where opens and queries are logged (SQL, rows, milliseconds): `lister sqlite --log`.
    package let logger: Logger

    /// Creates a handle on the database at `path`; nothing is opened yet.
    package init(path: String, logger: Logger = Lister.Configuration.silentLogger) {
        self.path = path
        self.logger = logger
    }

    /// The URI that opens `path` read-only and immutable (absolute, percent-encoded).
    package static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileSystemPath.current + "/" + path
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        var encoded = ""
        for byte in absolute.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return "file:" + encoded + "?mode=ro&immutable=1"
    }

    /// Runs `body` on a connection opened for it and closed after, mapping SQLite's errors
    /// to messages a person can act on.
    package func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        do {
            let queue = try open()
            defer { try? queue.close() }
            return try queue.read(body)
        } catch {
            let failure = Self.listError(error, path: path)
            logger.warning("sqlite read failed", metadata: ["error": "\(failure.message)"])
            throw failure
        }
    }

    private func open() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "lister"
        let uri = Self.immutableURI(path)
        let started = ContinuousClock.now
        let opened = try DatabaseQueue(path: uri, configuration: configuration)
        logger.debug("sqlite open", metadata: ["uri": "\(uri)", "ms": "\(started.millisecondsAgo)"])
        return opened
    }

    /// Logs a query that ran: its SQL, the rows it returned and how long it took.
    func logQuery(_ sql: String, rows: Int, since start: ContinuousClock.Instant) {
        let oneLine = sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        logger.debug("sqlite query", metadata: ["sql": "\(oneLine)", "rows": "\(rows)", "ms": "\(start.millisecondsAgo)"])
    }

    /// A ``ListError`` for an error thrown by GRDB or SQLite.
    static func listError(_ error: any Error, path: String) -> ListError {
        if let listError = error as? ListError { return listError }
        guard let error = error as? DatabaseError else { return ListError(error) }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return ListError("\(path) is not an SQLite database", isRetryable: false)
        case .SQLITE_CANTOPEN:
            return ListError("cannot open \(path): \(error.message ?? "unable to open database file")")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return ListError("\(path) is locked by another connection; try again")
        case .SQLITE_CORRUPT:
            // Read without locks, a file another program is writing looks the same as a
            // damaged one: say both, and let `r` read it again.
            return ListError("\(path) is damaged or was being written: \(error.message ?? "database disk image is malformed")")
        default:
            return ListError("\(path): \(error.message ?? "\(error.resultCode)")")
        }
    }
}

/// The current directory, for making a path absolute.
enum FileSystemPath {
    static var current: String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// The name as an SQL identifier: in double quotes, with a double quote in it doubled
    /// (GRDB's `quotedDatabaseIdentifier` does not double it, so `a"b` broke every query).
    var quotedSQLIdentifier: String { "\"" + replacing("\"", with: "\"\"") + "\"" }
}
