import Logging
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// The file of `--log FILE`: opened once for appending (created 0644 if missing); each
/// line is written whole with one `write(2)` under a lock, so lines from several threads
/// never interleave and each is in the file as soon as it is logged.
final class LogFile: Sendable {
    /// The path as given.
    let path: String
    /// The descriptor; the lock also orders the writes.
    private let descriptor: Locked<Int32>

    /// Why a log file could not be opened: one line with what, where and what to do.
    struct OpenError: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String {
            "cannot open the log file '\(path)' (--log): \(reason); give a writable file path"
        }
    }

    /// Opens `path` for appending, creating it (mode 0644) if needed.
    ///
    /// Non-blocking: opening a FIFO that no process reads would otherwise wait for ever
    /// before the screen opens (it fails with ENXIO instead), and a write to a full FIFO is
    /// dropped instead of stopping the app. A regular file ignores the flag.
    init(path: String) throws(OpenError) {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "it is a FIFO that no process is reading" : String(cString: strerror(errno))
            throw OpenError(path: path, reason: reason)
        }
        if isatty(fd) == 1 {
            // The app draws on the terminal: a log written there would be drawn over.
            Glibc.close(fd)
            throw OpenError(path: path, reason: "it is a terminal")
        }
        self.path = path
        descriptor = Locked(fd)
    }

    deinit {
        descriptor.withLock { fd in
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }
    }

    /// Appends `line` (which must end with a newline). A failed write is dropped: the log
    /// must never disturb the app.
    func append(_ line: String) {
        descriptor.withLock { fd in
            if fd >= 0 { FileDescriptor(fd: fd).write(line) }
        }
    }
}

/// A swift-log handler that appends one line per message to a ``LogFile``:
/// `2026-11-22T05:41:19.123Z debug lister.json: http response status=200 bytes=1234`.
///
/// The timestamp is UTC with milliseconds; metadata follows the message as `key=value`,
/// sorted by key, values with spaces or quotes quoted. Control characters (newlines
/// included) are escaped, so one message is always one line.
struct FileLogHandler: LogHandler {
    let label: String
    let file: LogFile
    var logLevel: Logger.Level = .debug
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, file: LogFile, level: Logger.Level = .debug) {
        self.label = label
        self.file = file
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let own = event.metadata { all.merge(own) { $1 } }
        if let error = event.error { all["error"] = "\(error)" }
        file.append(Self.line(date: Self.now(), level: event.level, label: label, message: "\(event.message)", metadata: all))
    }

    /// One log line, newline included.
    static func line(date: (seconds: Int, milliseconds: Int), level: Logger.Level, label: String,
                     message: String, metadata: Logger.Metadata) -> String {
        var line = timestamp(seconds: date.seconds, milliseconds: date.milliseconds)
        line += " \(level.rawValue) \(label): \(escaped(message))"
        for key in metadata.keys.sorted() {
            line += " \(escaped(key))=\(value(metadata[key]!))"
        }
        return line + "\n"
    }

    /// The wall clock now: seconds since 1970 and the millisecond.
    static func now() -> (seconds: Int, milliseconds: Int) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return (Int(spec.tv_sec), Int(spec.tv_nsec) / 1_000_000)
    }

    /// ISO 8601 in UTC with milliseconds: `2026-11-22T05:41:19.123Z`.
    static func timestamp(seconds: Int, milliseconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millis)Z"
    }

    private static func value(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let text):
            return quotedIfNeeded(text)
        case .stringConvertible(let convertible):
            return quotedIfNeeded(convertible.description)
        case .array(let values):
            return "[" + values.map { Self.value($0) }.joined(separator: ",") + "]"
        case .dictionary(let values):
            return "{" + values.keys.sorted().map { "\(escaped($0))=\(Self.value(values[$0]!))" }.joined(separator: ",") + "}"
        }
    }

    private static func quotedIfNeeded(_ text: String) -> String {
        let plain = !text.isEmpty && !text.contains { $0 == " " || $0 == "\"" || $0 == "=" }
        let body = escaped(text)
        return plain ? body : "\"" + body.replacing("\"", with: "\\\"") + "\""
    }

    /// Control characters as `\n`, `\t`, `\u{1B}`: a message is one line, and escape
    /// sequences never reach a terminal that shows the log.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
