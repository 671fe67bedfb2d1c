import Lister
import Logging
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// The beginning of a file, as `lister dir` previews it: its first lines as text (control
/// characters made visible, tabs expanded), or "binary, N bytes".
package struct FilePreview: Hashable, Sendable {
    /// What the preview shows.
    package enum Content: Hashable, Sendable {
        /// The first lines; `truncated` when the file goes on after them.
        case text(lines: [String], truncated: Bool)
        /// A file with a NUL byte in its beginning.
        case binary
        /// Not a regular file: a directory, FIFO, socket or device (never read).
        case special(String)
    }

    /// The file's size in bytes.
    package var size: Int64
    /// What is shown.
    package var content: Content

    /// Creates a preview.
    package init(size: Int64, content: Content) {
        self.size = size
        self.content = content
    }

    /// How many bytes of a file are read for its preview.
    package static let limit = 64 * 1024

    /// Reads the beginning of the file at `path`. A FIFO or device is never opened for
    /// reading, so a preview cannot block.
    package static func read(_ path: String) throws -> FilePreview {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { throw failure(path) }
        let statSize = Int64(info.st_size)
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return FilePreview(size: statSize, content: .special(DirReader.kind(of: info.st_mode).label))
        }
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, limit - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure(path) }
            if count == 0 { break }
            filled += count
        }
        let head = bytes.prefix(filled)
        // Files of /proc and /sys say 0 bytes and have content: say what was read.
        let size = max(statSize, Int64(filled))
        if head.contains(0) { return FilePreview(size: size, content: .binary) }
        // "\r\n" is one Character: split on it too, or a Windows text file is one line.
        var lines = Sanitizer.decode(head).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            .map(String.init)
        let truncated = size > Int64(filled)
        if truncated, lines.count > 1 { lines.removeLast() }  // cut mid-line
        if !truncated, lines.last == "" { lines.removeLast() }
        return FilePreview(size: size, content: .text(lines: lines, truncated: truncated))
    }

    static func failure(_ path: String) -> ListError {
        let code = errno
        return ListError("cannot read \(path): \(String(cString: strerror(code)))", isRetryable: code != ENOENT)
    }
}

extension FilePreview.Content {
    /// A word for the log: text, binary or the special kind.
    var logLabel: String {
        switch self {
        case .text: return "text"
        case .binary: return "binary"
        case .special(let kind): return kind
        }
    }
}

extension DirEntry.Kind {
    /// A word for the kind: "directory", "file", "fifo"…
    var label: String {
        switch self {
        case .directory: return "directory"
        case .file: return "file"
        case .symlink, .symlinkLoop: return "symbolic link"
        case .other(let kind): return kind
        }
    }
}

/// Enter on a file in `lister dir`: the beginning of the file.
package struct FilePreviewScreen: DetailScreen {
    /// The file previewed.
    package let entry: DirEntry
    /// Where the read is logged.
    package let logger: Logger

    /// Creates the preview of `entry`.
    package init(entry: DirEntry, logger: Logger = Configuration.silentLogger) {
        self.entry = entry
        self.logger = logger
    }

    package var title: String { entry.name }

    package nonisolated func load() async throws -> FilePreview {
        if case .symlink(let target, nil) = entry.kind {
            throw ListError("\(entry.path) is a broken symbolic link to \(target)", isRetryable: true)
        }
        if case .symlinkLoop(let target) = entry.kind {
            throw ListError("\(entry.path) is a symbolic link loop (to \(target)): it leads back to itself", isRetryable: true)
        }
        let preview = try FilePreview.read(entry.path)
        logger.debug("file preview", metadata: ["path": "\(entry.path)", "size": "\(preview.size)", "kind": "\(preview.content.logLabel)"])
        return preview
    }

    package func content(_ preview: FilePreview, width: Int) -> [Text] {
        let header = Text("\(entry.path) · \(preview.size) bytes · \(DirFormat.time(entry.modified))").dim()
        switch preview.content {
        case .binary:
            return [header, Text(""), Text("binary, \(preview.size) bytes")]
        case .special(let kind):
            return [header, Text(""), Text("\(kind), not previewed")]
        case .text(let lines, let truncated):
            let body = lines.map { Text(Sanitizer.clean($0)) }
            let more = truncated ? [Text("… the first \(FilePreview.limit / 1024) KiB of \(preview.size) bytes").dim()] : []
            return [header, Text("")] + (lines.isEmpty ? [Text("(empty)").dim()] : body) + more
        }
    }
}
