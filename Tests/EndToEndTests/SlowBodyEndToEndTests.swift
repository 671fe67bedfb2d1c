import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A body that trickles costs no CPU between its bytes (issue 35): `lister json URL` against
/// a server that sends one byte every 100 ms. With URLSession the process used about a core
/// for as long as the body took (the socket stayed registered for writability).
@Suite struct SlowBodyEndToEndTests {
    /// User plus system CPU time of `pid` so far (fields 14 and 15 of `/proc/PID/stat`).
    static func cpuTime(of pid: pid_t) throws -> Duration {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { throw Failure("no name in /proc/\(pid)/stat") }
        // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw Failure("cannot read the CPU times in /proc/\(pid)/stat")
        }
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return .milliseconds((user + system) * 1000 / ticks)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Polls until `condition` holds, or fails after `timeout`.
    static func waitUntil(_ what: String, timeout: Duration = .seconds(20), _ condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw Failure("timed out waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    @Test func waitingForASlowBodyUsesNoCPU() throws {
        let server = try PagedJSONServer()
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/slow"), "--title", "name"], columns: 80, rows: 20)
        defer { session.close() }
        let pid = try session.programPID()
        // Measured from the body's fifth byte (the start-up is over) over the next 25 (2.5 s).
        try Self.waitUntil("the body's fifth byte") { server.slowBytesSent >= 5 }
        let cpuBefore = try Self.cpuTime(of: pid), started = ContinuousClock.now
        try Self.waitUntil("25 more bytes") { server.slowBytesSent >= 30 }
        let cpu = try Self.cpuTime(of: pid) - cpuBefore, wall = ContinuousClock.now - started
        #expect(cpu < wall * 0.2, "\(cpu) of CPU in \(wall) while the body trickled")
        // And the body, once whole, is shown.
        try session.waitFor("slow two")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
