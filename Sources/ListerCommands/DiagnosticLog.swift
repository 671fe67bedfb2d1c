import Lister
import Logging

/// The diagnostic log of one run (`--log FILE`): loggers for the runtime and each source,
/// all writing to the same file, or silent when no file was given.
package struct DiagnosticLog: Sendable {
    /// The open file; nil when nothing is logged.
    let file: LogFile?

    /// No log: every logger drops everything.
    static let none = DiagnosticLog(file: nil)

    /// Opens `path` for appending (nil: no log). Fails before any screen opens.
    static func open(_ path: String?) throws(LogFile.OpenError) -> DiagnosticLog {
        guard let path else { return .none }
        return DiagnosticLog(file: try LogFile(path: path))
    }

    /// A logger labelled `label` (`lister`, `lister.json`, …).
    package func logger(_ label: String) -> Logger {
        guard let file else { return Configuration.silentLogger }
        return Logger(label: label) { label in FileLogHandler(label: label, file: file) }
    }
}
