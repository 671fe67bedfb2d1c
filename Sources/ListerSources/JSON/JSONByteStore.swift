import Lister
import Logging
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a JSON document being read, kept so that its elements can be parsed again
/// when they are drawn or opened (``JSONRows``).
///
/// A large regular file is read back where it is (``LineSourceFile``, as `lister lines`
/// does). Other input (a pipe, an HTTP body) stays in memory until it passes a threshold
/// (8 MiB), then moves to an unlinked temporary file that every later chunk is written
/// to; if the file cannot be made or written, the bytes stay in memory and the reason is
/// logged. One reader appends; any thread reads the bytes appended so far.
final class JSONByteStore: Sendable {
    private enum Backing {
        case memory([UInt8])
        /// A file holding the bytes from 0; `owned` when the store writes it (a temporary file).
        case file(LineSourceFile, owned: Bool)
    }

    private struct State {
        var backing: Backing
        var count = 0
        /// Set once a temporary file failed: the bytes stay in memory from then on.
        var settled = false
    }

    private let state: Locked<State>
    /// Values parsed last, by their bytes' span: a frame, the frames drawn ahead and the
    /// preview ask for the same few elements, and a large one takes long to parse.
    private let parsed = Locked(ParsedValues())
    private let spill: LineSpillPolicy
    private let logger: Logger

    /// A store for input that cannot be read back: memory, then a temporary file past `spill`'s threshold.
    init(spill: LineSpillPolicy = LineSpillPolicy(), logger: Logger = Configuration.silentLogger) {
        state = Locked(State(backing: .memory([])))
        self.spill = spill
        self.logger = logger
    }

    /// A store for `fd` when it is a large regular file at its start (read back from it,
    /// not copied); nil otherwise.
    static func readingBack(_ fd: Int32) -> JSONByteStore? {
        // Not mapped: a document is read back by `pread` only (bytes(at:), read(into:)), so a
        // mapping would take one of the SIGBUS guard's slots for nothing.
        guard lseek(fd, 0, SEEK_CUR) == 0, let file = LineSourceFile(readingFrom: fd, maps: false) else { return nil }
        let store = JSONByteStore()
        store.state.withLock { $0.backing = .file(file, owned: false) }
        return store
    }

    /// The number of bytes appended.
    var count: Int { state.withLock { $0.count } }

    /// Whether the bytes are read back from a file (the input itself or a temporary one).
    var isInFile: Bool {
        state.withLock { if case .file = $0.backing { return true } else { return false } }
    }

    /// Appends the next bytes of the input (for a file read back, only counts them).
    func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        state.withLock { state in
            switch state.backing {
            case .memory(var bytes):
                state.backing = .memory([])  // no second reference while it grows
                bytes.append(contentsOf: chunk)
                state.backing = .memory(bytes)
                if bytes.count >= spill.threshold, !state.settled { moveToFile(&state) }
            case .file(let file, let owned):
                if owned {
                    do {
                        try Self.write(chunk, to: file, at: state.count, capacity: spill.capacity)
                    } catch {
                        keepInMemory(&state, file: file, error: error, appending: chunk)
                        return
                    }
                }
            }
            state.count += chunk.count
        }
    }

    /// The bytes in `range` (within those appended; zeros for any a file lost since).
    func bytes(in range: Range<Int>) -> [UInt8] {
        state.withLock { state in
            switch state.backing {
            case .memory(let bytes): return Array(bytes[range])
            case .file(let file, _): return file.bytes(at: range.lowerBound, count: range.count).bytes
            }
        }
    }

    /// The value of the element whose bytes are `span`, parsed by `parse` unless it was
    /// lately.
    func value(of span: Range<Int>, _ parse: ([UInt8]) -> JSONValue) -> JSONValue {
        if let value = parsed.withLock({ $0.value(of: span) }) { return value }
        let value = parse(bytes(in: span))
        parsed.withLock { $0.keep(value, for: span) }
        return value
    }

    private func moveToFile(_ state: inout State) {
        guard case .memory(let bytes) = state.backing else { return }
        do {
            let file = try LineSourceFile.temporary(in: spill.directory)
            try bytes.withUnsafeBufferPointer { try Self.write($0, to: file, at: 0, capacity: spill.capacity) }
            state.backing = .file(file, owned: true)
            logger.debug("json moved to a temporary file", metadata: ["directory": "\(spill.directory)", "bytes": "\(bytes.count)"])
        } catch {
            state.backing = .memory(bytes)
            state.settled = true
            logger.warning("json kept in memory: the temporary file failed", metadata: [
                "directory": "\(spill.directory)", "error": "\(error)",
            ])
        }
    }

    /// Goes on in memory after the temporary file failed: the bytes written so far are read back first.
    private func keepInMemory(_ state: inout State, file: LineSourceFile, error: any Error, appending chunk: UnsafeBufferPointer<UInt8>) {
        var bytes = [UInt8](repeating: 0, count: state.count)
        bytes.withUnsafeMutableBytes { _ = file.read(into: $0, at: 0) }
        bytes.append(contentsOf: chunk)
        state.count = bytes.count
        state.backing = .memory(bytes)
        state.settled = true
        logger.warning("json kept in memory: the temporary file failed", metadata: [
            "directory": "\(spill.directory)", "error": "\(error)",
        ])
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to file: LineSourceFile, at offset: Int,
                              capacity: Int) throws(LineSpillError) {
        let allowed = max(0, min(bytes.count, capacity - offset))
        try file.write(UnsafeBufferPointer(rebasing: bytes[..<allowed]), at: offset)
        if allowed < bytes.count { throw LineSpillError(operation: "cannot write a temporary file", code: ENOSPC) }
    }
}

/// The values of the last elements parsed: at most 64, and no more than 256 MiB of their bytes.
private struct ParsedValues {
    private var entries: [(span: Range<Int>, value: JSONValue)] = []
    private var bytes = 0

    func value(of span: Range<Int>) -> JSONValue? {
        entries.last { $0.span == span }?.value
    }

    mutating func keep(_ value: JSONValue, for span: Range<Int>) {
        entries.append((span, value))
        bytes += span.count
        while entries.count > 64 || (bytes > 256 << 20 && entries.count > 1) {
            bytes -= entries.removeFirst().span.count
        }
    }
}
