import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lister watch`: the command's output, run again every interval, the selection kept on
/// the same line, failures shown with the last good output kept, no run started twice.
@Suite struct WatchEndToEndTests {
    @Test func outputThatChangesKeepsTheSelectionOnItsLine() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "watch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("jobs").path
        try "alpha\nbeta\ngamma\n".write(toFile: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession(lister: ["watch", "-n", "0.2", "--", "cat", file], columns: 70, rows: 10, captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/3   live · ran at")
        try session.sendKeys("Down")
        try session.waitFor("2/3")  // beta
        try "new\nalpha\nbeta\ngamma\n".write(toFile: file, atomically: true, encoding: .utf8)
        try session.waitFor("3/4")  // still beta, one line lower
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "beta\n")
    }

    @Test func aFailingRunKeepsTheLastGoodOutputAndSaysWhy() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "watch-fail")
        defer { try? FileManager.default.removeItem(at: directory) }
        let flag = directory.appendingPathComponent("fail").path
        let script = "echo good; if [ -e '\(flag)' ]; then echo 'disk on fire' >&2; exit 3; fi"
        let session = try TmuxSession(lister: ["watch", "-n", "0.2", "--", script], columns: 80, rows: 10)
        defer { session.close() }
        try session.waitFor("exit 0")
        #expect(FileManager.default.createFile(atPath: flag, contents: nil))
        let failed = try session.waitFor("exit 3: disk on fire")
        #expect(failed.contains("good"))
        #expect(!failed.split(separator: "\n").dropFirst().dropLast().contains { $0.contains("disk on fire") })  // not a row
        try FileManager.default.removeItem(atPath: flag)
        try session.waitFor("exit 0")
    }

    /// A run that hangs past the interval is not started again, and quitting kills it.
    @Test func aRunThatOutlastsTheIntervalIsNotStartedTwice() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "watch-hang")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = directory.appendingPathComponent("runs").path
        // A duration no other test process (of this or another checkout) sleeps for.
        let nap = "300.\(getpid())"
        let script = "echo run >> '\(runs)'; n=$(wc -l < '\(runs)'); echo \"run $n\"; if [ \"$n\" -ge 2 ]; then exec sleep \(nap); fi"
        let session = try TmuxSession(lister: ["watch", "-n", "0.2", "--", script], columns: 80, rows: 10)
        defer { session.close() }
        try session.waitFor("run 1")
        Thread.sleep(forTimeInterval: 1.5)  // real time: seven intervals while the second run hangs
        #expect(try String(contentsOfFile: runs, encoding: .utf8) == "run\nrun\n")
        let sleeper = try #require(Self.processes(named: "sleep", containing: nap).first)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 1)
        #expect(try session.terminalState() == .restored)
        let until = ContinuousClock.now + .seconds(5)
        while Self.isRunning(sleeper), ContinuousClock.now < until { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!Self.isRunning(sleeper), "the hanging run (pid \(sleeper)) outlived lister")
    }

    @Test func noCommandIsAUsageError() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "watch-usage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lister = try TmuxSession.listerPath()
        let err = directory.appendingPathComponent("err").path
        let out = directory.appendingPathComponent("out").path
        var status = try ChildProcess.run(lister, ["watch"], environment: ["LANG": "C.UTF-8"], stdout: out, stderr: err)
        #expect(status == 2)
        #expect(try String(contentsOfFile: err, encoding: .utf8).contains("no command: give one after --"))
        status = try ChildProcess.run(lister, ["watch", "-n", "0", "--", "ls"], environment: ["LANG": "C.UTF-8"], stdout: out, stderr: err)
        #expect(status == 2)
        #expect(try String(contentsOfFile: err, encoding: .utf8).contains("-n takes the seconds between runs, at least 0.1"))
    }

    /// Whether `pid` is a process that still runs. A killed child whose parent has ended
    /// is a zombie until init reaps it, and a container's init may never do so (this
    /// machine's does not): `kill(pid, 0)` succeeds on it, so its state is read instead.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")  // the name, in parentheses, may hold spaces
        else { return false }
        let state = stat[stat.index(after: close)...].drop(while: { $0 == " " }).first
        return state != "Z" && state != "X"
    }

    /// Pids of processes whose name is `name` and whose command line contains `text`.
    static func processes(named name: String, containing text: String) throws -> [pid_t] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
                  let cmdline = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                  cmdline.contains(text)
            else { return nil }
            return pid
        }
    }
}
