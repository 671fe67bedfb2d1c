import Synchronization
import Testing
@testable import ListerSources

#if canImport(Glibc)
import Glibc
#endif

/// A reload's command is killed only while it is not reaped: a kill after the reaping could
/// reach a new process given the same pid.
@Suite struct ReloadProcessTests {
    /// Starts `sh -c script` in a process group of its own; returns its pid.
    private func spawn(_ script: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(script), nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
        try #require(status == 0)
        return pid
    }

    @Test func aReapedChildIsNeverKilled() throws {
        let killed = Mutex<[pid_t]>([])
        let pid = try spawn("exit 3")
        let process = ReloadProcess(pid: pid) { group in killed.withLock { $0.append(group) } }
        #expect(PreviewProcesses.shared.contains(pid))
        let status = process.reap()
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 3)
        #expect(!PreviewProcesses.shared.contains(pid))  // killAll cannot reach it either
        process.kill()  // a cancellation that comes late
        #expect(killed.withLock { $0 }.isEmpty)
    }

    @Test func aRunningChildIsKilledWithItsGroup() throws {
        let pid = try spawn("sleep 60 & wait")
        let process = ReloadProcess(pid: pid)
        process.kill()
        let status = process.reap()
        #expect(status & 0x7F == SIGKILL)
    }
}
