import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The `sh -c CMD` of a `reload`, killed (with its process group) only while it is known
/// not to be reaped: once a process is reaped its pid, and the id of the group it led, may
/// be given to a new process, which a late kill would hit.
///
/// The proof: ``kill()`` and the reaping in ``reap()`` run under the same lock, and
/// `reaped` is set in the same critical section as the `waitpid` that frees the pid. Until
/// then the child is at worst a zombie, whose pid (and group id) the kernel does not reuse,
/// so a kill under the lock with `reaped` false reaches the child's own group or, once the
/// leader has exited, nothing that is not of the command. ``reap()`` first waits for the
/// exit without reaping (`waitid` with `WNOWAIT`), outside the lock, so that a cancellation
/// can still kill while it waits.
final class ReloadProcess: Sendable {
    private let pid: pid_t
    /// Whether the child was reaped (its pid may then be another process's).
    private let reaped = Mutex(false)
    /// Sends SIGKILL to the group (a recorder in tests).
    private let killGroup: @Sendable (pid_t) -> Void

    /// A running child, not yet reaped, leader of its own process group; registered with
    /// ``PreviewProcesses`` (killed when the picker ends) until it is reaped.
    init(pid: pid_t, killGroup: @escaping @Sendable (pid_t) -> Void = { _ = Glibc.kill(-$0, SIGKILL) }) {
        self.pid = pid
        self.killGroup = killGroup
        PreviewProcesses.shared.insert(pid)
    }

    /// Kills the child's process group, unless the child was reaped.
    func kill() {
        reaped.withLock { reaped in
            if !reaped { killGroup(pid) }
        }
    }

    /// Waits for the child to end, reaps it and returns its status (as `waitpid` gives it).
    func reap() -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        return reaped.withLock { reaped in
            // Out of the set first: PreviewProcesses kills under its own lock, so it never
            // kills this group after the reaping either.
            PreviewProcesses.shared.remove(pid)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
            return status
        }
    }
}
