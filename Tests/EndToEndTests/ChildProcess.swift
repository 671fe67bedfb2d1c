import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few process calls the end-to-end harness makes.
///
/// Not Foundation's `Process`: on Linux it learns that a child exited when a socket it
/// passes to the child closes, and the tmux server that `new-session` forks inherits that
/// socket, so `waitUntilExit()` never returns (swift-corelibs-foundation issue 4795, seen
/// here with Swift 6.3.1). `posix_spawn` and `waitpid` have no such trap.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `path` with stdin from /dev/null and stdout/stderr into the files at `stdout` and
    /// `stderr`, waits for it, and returns its exit status (128 + n after signal n).
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String
    ) throws -> Int32 {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // A test runs on a thread that blocks most signals (Dispatch worker threads do), and
        // the runner ignores SIGPIPE: the tmux server and the panes must inherit neither, or
        // SIGHUP stops ending panes and `kill-server` leaves them running.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let spawnError = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawnError == 0 else {
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawnError)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "waitpid(\(pid)) failed: errno \(errno)") }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Sends `signal` to `pid`; returns whether it was delivered.
    @discardableResult
    static func signal(_ signal: Int32, to pid: pid_t) -> Bool {
        #if canImport(Glibc)
        Glibc.kill(pid, signal) == 0
        #else
        Darwin.kill(pid, signal) == 0
        #endif
    }

    /// Creates a private directory `<tmp>/<prefix>-XXXXXX`.
    static func makeTemporaryDirectory(prefix: String) throws -> URL {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString
        )
        let created = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard created != nil else { throw Failure(description: "mkdtemp failed: errno \(errno)") }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
