import Lister
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// When and where input that cannot be read back (a pipe) is moved to a temporary file.
struct LineSpillPolicy: Sendable {
    /// The directory the temporary file is made in.
    var directory: String
    /// The input moves to the file once this many bytes have been read.
    var threshold: Int
    /// Writes that would take the file past this many bytes fail as on a full disk
    /// (`ENOSPC`), after writing up to it: tests. No limit by default.
    var capacity: Int

    /// Creates a policy; by default the directory is `$TMPDIR` (else `/tmp`) and the input
    /// moves past ``LineSourceFile/threshold``.
    init(directory: String = LineSpillPolicy.temporaryDirectory(), threshold: Int = LineSourceFile.threshold,
         capacity: Int = .max) {
        self.directory = directory
        self.threshold = threshold
        self.capacity = capacity
    }

    /// `tmpdir` if it is set and not empty, else `/tmp`; by default `$TMPDIR`.
    static func temporaryDirectory(_ tmpdir: String? = getenv("TMPDIR").map { String(cString: $0) }) -> String {
        guard let tmpdir, !tmpdir.isEmpty else { return "/tmp" }
        return tmpdir
    }
}

/// A ``LineStoreBuilder`` for input that can be read only once, which moves the input to an
/// unlinked temporary file once it passes a threshold, so that a large pipe costs its line
/// index in memory, not its text (as a large regular file does, ``LineSourceFile``).
///
/// Until the threshold the lines are kept in memory; then they are written to the file
/// and indexed again as a builder for that file (the same lines, in blocks read back with
/// `pread`), and each chunk read after is written before it is indexed, so every line in
/// a snapshot is already in the file. If the file cannot be made, or a write fails (a full
/// disk, a quota), the input goes on in memory from there, the lines written so far stay
/// in the file, and the reason is logged: nothing is lost.
///
/// ```swift
/// var builder = SpillingLineBuilder(separator: 0x0A, policy: LineSpillPolicy(), logger: logger)
/// chunk.withUnsafeBufferPointer { builder.append($0) }
/// let lines = builder.finish()
/// ```
struct SpillingLineBuilder {
    /// Where the input goes.
    enum State {
        /// Into memory, until the threshold.
        case memory
        /// Into `file`, which holds `size` bytes.
        case spilling(LineSourceFile, size: Int)
        /// Where it goes now for good: into the input file it indexes, or into memory after
        /// the temporary file failed.
        case settled
    }

    private(set) var builder: LineStoreBuilder
    private(set) var state: State
    /// Why the input could not be moved to a file (or could not stay there), if it could not.
    private(set) var failure: LineSpillError?
    private let policy: LineSpillPolicy
    private let logger: Logger
    private var bytesRead = 0

    /// Starts an empty store whose lines end with `separator`, moved to a file as `policy` says.
    init(separator: UInt8, policy: LineSpillPolicy, logger: Logger, framing: (any RecordFraming)? = nil) {
        let builder = framing.map { LineStoreBuilder(separator: separator, framing: $0) } ?? LineStoreBuilder(separator: separator)
        self.init(builder, policy: policy, logger: logger)
    }

    /// Starts with `builder` (empty; tests give it tiny blocks).
    init(_ builder: LineStoreBuilder, policy: LineSpillPolicy, logger: Logger) {
        self.builder = builder
        self.policy = policy
        self.logger = logger
        state = .memory
    }

    /// Wraps a builder for input that needs no temporary file (a large regular file,
    /// indexed where it is).
    init(indexing builder: LineStoreBuilder) {
        self.builder = builder
        policy = LineSpillPolicy(directory: "", threshold: .max)
        logger = Configuration.silentLogger
        state = .settled
    }

    /// The number of complete lines so far.
    var count: Int { builder.count }

    /// The number of lines a snapshot shows (``LineStoreBuilder/shownCount``).
    var shownCount: Int { builder.shownCount }

    /// The lines complete so far, as a store; see ``LineStoreBuilder/snapshot()``.
    func snapshot() -> LineStore { builder.snapshot() }

    /// Ends the input; see ``LineStoreBuilder/finish()``.
    consuming func finish() -> LineStore { builder.finish() }

    /// Appends input; a line may continue in the next chunk.
    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        switch state {
        case .memory:
            builder.append(chunk)
            bytesRead += chunk.count
            if bytesRead >= policy.threshold { spill() }
        case .spilling(let file, let size):
            do {
                try Self.write(chunk, to: file, at: size, capacity: policy.capacity)
                state = .spilling(file, size: size + chunk.count)
                builder.append(chunk)
            } catch {
                builder.keepInMemory()
                builder.append(chunk)
                settle(after: error, bytes: size)
            }
        case .settled:
            builder.append(chunk)
        }
    }

    /// Moves the lines so far to a new temporary file, and the builder with them.
    private mutating func spill() {
        let capacity = policy.capacity
        var size = 0
        do {
            let file = try LineSourceFile.temporary(in: policy.directory)
            var spilled = builder.emptyCopy(file: file, offset: 0)
            try builder.replayInput { piece in
                try Self.write(piece, to: file, at: size, capacity: capacity)
                size += piece.count
                spilled.append(piece)
            }
            builder = spilled
            state = .spilling(file, size: size)
            logger.debug("lines moved to a temporary file", metadata: [
                "directory": "\(policy.directory)", "bytes": "\(size)", "lines": "\(builder.count)",
            ])
        } catch {
            // The builder is untouched: its lines are all still in memory.
            settle(after: error, bytes: size)
        }
    }

    /// Goes on in memory for good after `error`, with `bytes` in the file.
    private mutating func settle(after error: any Error, bytes: Int) {
        state = .settled
        failure = error as? LineSpillError
        logger.warning("lines kept in memory: the temporary file failed", metadata: [
            "directory": "\(policy.directory)", "error": "\(error)", "bytes": "\(bytes)",
        ])
    }

    /// Writes `bytes` at `offset`, failing with `ENOSPC` past `capacity`.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to file: LineSourceFile, at offset: Int,
                              capacity: Int) throws(LineSpillError) {
        let allowed = max(0, min(bytes.count, capacity - offset))
        try file.write(UnsafeBufferPointer(rebasing: bytes[..<allowed]), at: offset)
        if allowed < bytes.count { throw LineSpillError(operation: "cannot write a temporary file", code: ENOSPC) }
    }
}
