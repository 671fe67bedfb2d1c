import Dispatch
import Lister
import Logging
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// The lines of a file and the lines written to it later, as `tail -F` follows it: the
/// feed of `lister lines --follow`.
///
/// A thread of its own reads the file to its end, then waits for inotify to say that the
/// file or its directory changed (no wakeups while nothing is written), or polls every
/// 250 ms where inotify is missing. Lines come as ``ListChange/grow(_:)`` snapshots of one
/// growing store, at most every 25 ms. A file truncated in place starts over
/// (``ListChange/replaceAll(_:)``, "truncated"); a file renamed or deleted and created again
/// at the path (log rotation) is read to its end and then followed by name, its lines
/// appended; a deleted file keeps its rows and says so. A path that becomes a directory or
/// a file that cannot be read says what is wrong, and is looked at again whenever its
/// directory changes (a `chmod` included), as `tail -F` retries.
struct FollowedFile: AsyncSequence, Sendable {
    typealias Element = ListChange<Line>

    let path: String
    let separator: UInt8
    let logger: Logger

    func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        let wake = Wakeup()
        continuation.onTermination = { _ in wake.signal() }
        let follower = Follower(path: path, separator: separator, logger: logger, wake: wake, continuation: continuation)
        DispatchQueue.global().async { follower.run() }
        return stream.makeAsyncIterator()
    }
}

/// A pipe that wakes the following thread out of `poll` when its reader goes away.
final class Wakeup: Sendable {
    /// The end `poll` waits on; readable once signalled.
    let fd: Int32
    private let writeEnd: Int32
    private let signalled = Locked(false)

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
        } else {
            ends = [-1, -1]
        }
        fd = ends[0]
        writeEnd = ends[1]
    }

    var isSignalled: Bool { signalled.withLock { $0 } }

    func signal() {
        signalled.withLock { $0 = true }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    deinit {
        if fd >= 0 { close(fd) }
        if writeEnd >= 0 { close(writeEnd) }
    }
}

/// The loop of one following: read, look at the file, wait.
private final class Follower: @unchecked Sendable {
    // Safety: every stored property is used by the one thread that runs `run()` only; the
    // object is handed to it once and never touched elsewhere.
    let path: String
    let separator: UInt8
    let logger: Logger
    let wake: Wakeup
    let continuation: AsyncThrowingStream<ListChange<Line>, any Error>.Continuation
    /// The least time between two snapshots while input keeps coming.
    static let reportInterval: Duration = .milliseconds(25)

    private var builder: SpillingLineBuilder
    private var fd: Int32 = -1
    /// Bytes read from ``fd``: a file now shorter was truncated.
    private var position = 0
    private var reported = -1
    private var lastReport = ContinuousClock.now
    private var inotify: Int32 = -1
    /// What is wrong with the path, once said (each is said once until it changes).
    private var problem: Problem?

    enum Problem: Equatable {
        /// Nothing at the path.
        case gone
        /// A directory at the path.
        case directory
        /// A file at the path that cannot be opened or looked at, with the errno.
        case unreadable(Int32)
    }

    init(path: String, separator: UInt8, logger: Logger, wake: Wakeup,
         continuation: AsyncThrowingStream<ListChange<Line>, any Error>.Continuation) {
        self.path = path
        self.separator = separator
        self.logger = logger
        self.wake = wake
        self.continuation = continuation
        builder = SpillingLineBuilder(separator: separator, policy: LineSpillPolicy(), logger: logger)
    }

    func run() {
        defer {
            if fd >= 0 { close(fd) }
            if inotify >= 0 { close(inotify) }
        }
        fd = open(path)
        guard fd >= 0 else {
            continuation.finish(throwing: ListError("cannot open \(path): \(String(cString: strerror(errno)))"))
            return
        }
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        watch()
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        while !wake.isSignalled {
            readToEnd(&chunk)
            guard !wake.isSignalled else { break }
            if lookAtTheFile() { continue }
            guard waitForChange() else { break }
        }
        continuation.finish()
    }

    private func open(_ path: String) -> Int32 {
        PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
    }

    /// Watches the file and its directory (a new file at the path appears there).
    private func watch() {
        guard inotify >= 0 else { return }
        _ = PathBytes.withCString(path) {
            inotify_add_watch(inotify, $0, UInt32(IN_MODIFY | IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF | IN_CLOSE_WRITE))
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        _ = PathBytes.withCString(directory.isEmpty ? "/" : directory) {
            // IN_ATTRIB: a file at the path that could not be read may become readable.
            inotify_add_watch(inotify, $0, UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB))
        }
    }

    private func readToEnd(_ chunk: inout [UInt8]) {
        while !wake.isSignalled {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            chunk.withUnsafeBufferPointer { builder.append(UnsafeBufferPointer(rebasing: $0[..<count])) }
            position += count
            report(force: false)
        }
        report(force: true)
    }

    private func report(force: Bool) {
        guard builder.count != reported else { return }
        guard force || ContinuousClock.now - lastReport >= Self.reportInterval else { return }
        continuation.yield(.grow(ItemList(builder.snapshot())))
        reported = builder.count
        lastReport = .now
    }

    /// After reading to the end: whether the file was truncated or replaced (read again at
    /// once), and a note when it was deleted.
    private func lookAtTheFile() -> Bool {
        var open = stat()
        guard fstat(fd, &open) == 0 else { return false }
        if Int(open.st_size) < position {
            builder = SpillingLineBuilder(separator: separator, policy: LineSpillPolicy(), logger: logger)
            position = 0
            lseek(fd, 0, SEEK_SET)
            reported = 0
            continuation.yield(.replaceAll(ItemList(builder.snapshot())))
            continuation.yield(.note("truncated at \(Self.clockTime())"))
            return true
        }
        var named = stat()
        guard PathBytes.withCString(path, { stat($0, &named) }) == 0 else {
            let reason = errno
            if reason == ENOENT || reason == ENOTDIR {
                say(.gone, "deleted or moved at \(Self.clockTime()); rows kept")
            } else {
                say(.unreadable(reason), "\(path) cannot be read at \(Self.clockTime()): \(String(cString: strerror(reason))); rows kept, retrying")
            }
            return false
        }
        guard named.st_ino != open.st_ino || named.st_dev != open.st_dev else { return false }
        if named.st_mode & S_IFMT == S_IFDIR {
            say(.directory, "\(path) is a directory since \(Self.clockTime()); rows kept, waiting for a file")
            return false
        }
        // Rotated (or deleted and created again): the old file was read to its end.
        let next = self.open(path)
        guard next >= 0 else {
            let reason = errno
            say(.unreadable(reason), "\(path) was replaced at \(Self.clockTime()) but cannot be read: \(String(cString: strerror(reason))); rows kept, retrying")
            return false
        }
        close(fd)
        fd = next
        position = 0
        problem = nil
        watch()
        continuation.yield(.note("replaced at \(Self.clockTime()); following the new file"))
        return true
    }

    /// Notes `message` unless `kind` was the last problem noted.
    private func say(_ kind: Problem, _ message: String) {
        guard problem != kind else { return }
        problem = kind
        continuation.yield(.note(message))
    }

    /// Waits until the file or its directory changes; false when woken to stop.
    private func waitForChange() -> Bool {
        var descriptors = [pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0)]
        if inotify >= 0 { descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)) }
        let timeout: Int32 = inotify >= 0 ? -1 : 250
        while poll(&descriptors, nfds_t(descriptors.count), timeout) < 0, errno == EINTR {}
        if wake.isSignalled { return false }
        if inotify >= 0 {
            var events = [UInt8](repeating: 0, count: 4096)
            while events.withUnsafeMutableBytes({ Glibc.read(inotify, $0.baseAddress, $0.count) }) > 0 {}
        }
        return true
    }

    /// The wall-clock time, HH:MM:SS, for notes.
    static func clockTime() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
