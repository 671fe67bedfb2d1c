import Lister

#if canImport(Glibc)
import Glibc
#endif

/// The lines of `reload(CMD)` and `reload-sync(CMD)`: what `sh -c CMD` prints, read as the
/// input is (a line per separator, shown as they come).
enum PickReload {
    /// Runs `commandLine` in a process group of its own (killed when the load is cancelled
    /// or the picker ends) and reads its output. A command that fails without printing a
    /// line is an error naming it and its last line on standard error, as fzf shows
    /// `[Command failed: CMD]`; one that fails after printing lines gives those lines.
    /// With `header`, its first `count` lines are the header (`--header-lines`), as fzf
    /// takes them from a reload's output too, unless a reload issued after this one (a
    /// newer `reader`, ``PickHeader/beginReading()``) has begun.
    static func lines(of commandLine: String, separator: UInt8, header: (PickHeader, count: Int, reader: Int)? = nil,
                      environment: [String: String] = [:], progress: LoadProgress<LineStore>) async throws -> LineStore {
        let child = try spawn(commandLine, environment: environment)
        defer {
            close(child.output)
            close(child.errors)
        }
        let process = ReloadProcess(pid: child.pid)
        let (lines, status) = try await withTaskCancellationHandler {
            let lines: LineStore
            do {
                if let (shared, count, reader) = header {
                    shared.replace(with: try PickInput.readHeader(fd: child.output, count: count, separator: separator), by: reader)
                }
                lines = try LineReader.read(fd: child.output, name: "the output of \(commandLine)", separator: separator, progress: progress)
            } catch {
                process.kill()
                _ = process.reap()
                throw error
            }
            return (lines, process.reap())
        } onCancel: {
            // A newer reload, or the picker ends: the group killed (as fzf does; a command
            // that ignores SIGTERM must not outlive it), so the read sees the end.
            process.kill()
        }
        try Task.checkCancellation()
        if status != 0, lines.count == 0 {
            let detail = lastLine(of: child.errors).map { ": \($0)" } ?? ""
            let how = status & 0x7F == 0 ? "exit status \((status >> 8) & 0xFF)" : "signal \(status & 0x7F)"
            throw ListError("Command failed: \(commandLine) (\(how))\(detail)", isRetryable: false)
        }
        return lines
    }

    /// The last line the command wrote to standard error (of its last 4 KiB), if any.
    private static func lastLine(of fd: Int32) -> String? {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(min(size, 4096)))
        let count = pread(fd, &bytes, bytes.count, size - off_t(bytes.count))
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).last.map(String.init)
    }

    private struct Child {
        let pid: pid_t
        let output: Int32
        let errors: Int32
    }

    private static func spawn(_ commandLine: String, environment: [String: String]) throws -> Child {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw failure(commandLine, "cannot make a pipe: \(String(cString: strerror(errno)))") }
        // Close-on-exec, so another child spawned later (another reload, `execute`) does not
        // inherit an end and keep the read from seeing the end of the output. (Swift's Glibc
        // has no pipe2/mkostemp: set right after, a spawn in that instant is not covered.)
        for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Standard error goes to an unlinked file, read only to explain a failure: a pipe
        // read after the output could fill and stop the command.
        var template = Array("/tmp/lister-reload-XXXXXX".utf8CString)
        let errors = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard errors >= 0 else {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw failure(commandLine, "cannot make a file for its errors: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(errors, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addclose(&actions, errors)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)  // a group of its own, killed whole
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(commandLine), nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = SpawnEnvironment(environment)  // environ, fzf's variables set over it
        defer { variables.free() }
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, variables.pointers)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            close(errors)
            throw failure(commandLine, "cannot run /bin/sh: \(String(cString: strerror(status)))")
        }
        return Child(pid: pid, output: pipeEnds[0], errors: errors)
    }

    private static func failure(_ commandLine: String, _ detail: String) -> ListError {
        ListError("Command failed: \(commandLine): \(detail)", isRetryable: false)
    }
}
