import Lister
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor into lines, reporting the lines read so far as they come.
///
/// The first lines are reported as soon as they are read (the first frame of `find / |
/// lister` shows them at once); after that at most every ``reportInterval``, and whenever
/// the input pauses with lines not yet reported, so a slow producer's lines show within
/// that interval. Between reports it never wakes up: it waits in `poll` or `read`.
///
/// A large regular file is indexed where it is (``LineSourceFile``); other input (a pipe)
/// is kept in memory until it passes ``LineSpillPolicy/threshold``, then moved to an
/// unlinked temporary file (``SpillingLineBuilder``).
enum LineReader {
    /// The least time between two reports while input keeps coming.
    static let reportInterval: Duration = .milliseconds(25)
    /// How much one `read` asks for.
    static let chunkSize = 1 << 18

    /// Reads `fd` to its end. Throws a ``ListError`` naming `name` on failure; a temporary
    /// file that fails is logged to `logger`, and the input stays in memory. With a
    /// `framing`, records end where it says (CSV), not at every separator.
    static func read(fd: Int32, name: String, separator: UInt8, framing: (any RecordFraming)? = nil,
                     spill: LineSpillPolicy = LineSpillPolicy(),
                     logger: Logger = Configuration.silentLogger, progress: LoadProgress<LineStore>) throws -> LineStore {
        // A large regular file is indexed, not copied: its lines are read back when needed.
        var builder = LineSourceFile(readingFrom: fd).map { file in
            SpillingLineBuilder(indexing: LineStoreBuilder(separator: separator, file: file, offset: Int(lseek(fd, 0, SEEK_CUR)),
                                                           framing: framing))
        } ?? SpillingLineBuilder(separator: separator, policy: spill, logger: logger, framing: framing)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let clock = ContinuousClock()
        var reported = 0
        var lastReport = clock.now
        func report() {
            progress(builder.snapshot())
            reported = builder.shownCount
            lastReport = clock.now
        }
        while true {
            try Task.checkCancellation()
            if builder.shownCount > reported {
                let wait = lastReport + reportInterval - clock.now
                if reported == 0 || wait <= .zero || !isReadable(fd, within: wait) {
                    report()
                }
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return builder.finish() }
            if count < 0 {
                if errno == EINTR { continue }
                throw ListError("cannot read \(name): \(String(cString: strerror(errno)))", isRetryable: false)
            }
            chunk.withUnsafeBufferPointer { builder.append(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// The lines (or `framing`'s records) that end within the first `limit` bytes of
    /// `input`, read at once on the calling thread: the first frame shows them without
    /// waiting for the load to start on another thread (``LinesScreen/readHead()``). Nil
    /// for anything but a regular file (a pipe cannot be read twice, a FIFO could block),
    /// a file that cannot be read, or no complete line.
    /// With a `framing`, it reads on until `records` records have ended (``head(fd:separator:framing:limit:records:)``).
    static func head(of input: LineInput, separator: UInt8, framing: (any RecordFraming)? = nil,
                     records: Int = 0) -> LineStore? {
        switch input {
        case .file(let path): head(of: path, separator: separator, framing: framing, records: records)
        case .standardInput: head(fd: 0, separator: separator, framing: framing, records: records)
        }
    }

    /// The same for the file at `path` (opened without blocking: a FIFO is never waited on).
    static func head(of path: String, separator: UInt8, framing: (any RecordFraming)? = nil,
                     limit: Int = 1 << 16, records: Int = 0) -> LineStore? {
        let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        return head(fd: fd, separator: separator, framing: framing, limit: limit, records: records)
    }

    /// The same for an open descriptor (standard input redirected from a file), read from
    /// its offset with `pread`, which leaves the offset where the load starts reading.
    ///
    /// With a `framing`, it reads on past `limit` until `records` records have ended (a CSV
    /// header longer than `limit`, and its first row: the first frame then does not wait
    /// for the load to read them), at most ``headMost`` bytes in all.
    static func head(fd: Int32, separator: UInt8, framing: (any RecordFraming)? = nil, limit: Int = 1 << 16,
                     records: Int = 0) -> LineStore? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let offset = Int(lseek(fd, 0, SEEK_CUR))
        guard offset >= 0 else { return nil }
        let available = max(Int(info.st_size) - offset, 0)
        let size = min(limit, available)
        guard size > 0 else { return nil }
        let bytes = readBytes(fd, count: size, at: offset)
        guard let framing else { return lines(ofHead: consume bytes, separator: separator) }
        var builder = LineStoreBuilder(separator: separator, blockBytes: limit, blockLines: limit, framing: framing)
        bytes.withUnsafeBufferPointer { builder.append($0) }
        let most = min(available, headMost)
        var read = bytes.count, piece = limit
        while builder.count < records, read < most {
            let more = readBytes(fd, count: min(piece, most - read), at: offset + read)
            guard !more.isEmpty else { break }
            more.withUnsafeBufferPointer { builder.append($0) }
            read += more.count
            piece *= 2
        }
        let head = builder.snapshot()
        return head.isEmpty ? nil : head
    }

    /// The most bytes a head reads on for its records (8 MiB): a longer header and first
    /// row wait for the load.
    static let headMost = 1 << 23

    /// Up to `count` bytes of `fd` from `offset` (fewer at its end).
    private static func readBytes(_ fd: Int32, count: Int, at offset: Int) -> [UInt8] {
        // Not zeroed first: the read fills it, and a page touched once costs less than twice.
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = pread(fd, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                initialized += got
            }
        }
    }

    /// The complete lines of `bytes` as one block, made in place: each line is moved left
    /// over the separators before it, so the head's bytes are not copied line by line into a
    /// builder and again into its snapshot (three passes over 64 KiB of fresh pages, before
    /// the first frame). The same lines as ``LineStoreBuilder`` makes of `bytes` when they
    /// are at most ``Line/shownLimit`` long (past it, a builder also shows the start of the
    /// line being read); nil when no line ends in them. `bytes` is taken, not copied: the
    /// caller passes its only reference.
    static func lines(ofHead bytes: consuming [UInt8], separator: UInt8) -> LineStore? {
        var ends: [UInt32] = []
        let kept = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var read = 0
            var written = 0
            while read < buffer.count, let found = memchr(base + read, Int32(separator), buffer.count - read) {
                let length = UnsafeMutableRawPointer(found) - UnsafeMutableRawPointer(base + read)
                if written != read { memmove(base + written, base + read, length) }
                written += length
                read += length + 1
                ends.append(UInt32(written))
            }
            return written
        }
        guard !ends.isEmpty else { return nil }
        bytes.removeLast(bytes.count - kept)
        return LineStore(blocks: [LineBlock(bytes: bytes, ends: ends)], firstLines: [0], count: ends.count)
    }

    /// Whether `fd` has input (or its end) within `timeout`.
    static func isReadable(_ fd: Int32, within timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        return ready != 0  // an error (EINTR) reads on, and `read` says what is wrong
    }
}

extension LineStore {
    /// The lines of `fd` (from its offset) as `lister lines` reads them: a large regular
    /// file indexed where it is, other input kept. Throws a ``ListError`` if it cannot be read.
    package static func reading(fd: Int32, separator: UInt8 = 0x0A) throws -> LineStore {
        try LineReader.read(fd: fd, name: "input", separator: separator, progress: .ignored)
    }
}
