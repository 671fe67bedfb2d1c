import Foundation
import Testing

/// Job control from outside, under an interactive shell: `kill -STOP`, `kill -CONT` (the
/// job runs on in the background), then `fg`. Lister must not draw while in the background,
/// and after `fg` its keys work again (raw input, no echo), not the shell's cooked mode.
@Suite struct JobControlEndToEndTests {
    @Test func stopContinueThenForegroundGivesWorkingKeys() throws {
        let input = try ChildProcess.makeTemporaryDirectory(prefix: "jobs").appendingPathComponent("lines.txt")
        defer { try? FileManager.default.removeItem(at: input.deletingLastPathComponent()) }
        try (1...500).map { "line \($0)" }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let session = try TmuxSession(shell: "exec bash --norc --noprofile -i", columns: 80, rows: 12,
                                      environment: ["PS1": "PROMPT$ "])
        defer { session.close() }
        try session.waitFor("PROMPT$")
        try session.sendKeys("'\(try TmuxSession.listerPath())' lines '\(input.path)'", "Enter")
        try session.waitFor("1/500")
        let shell = try session.programPID()
        let lister = try #require(Self.child(of: shell))
        #expect(kill(lister, SIGSTOP) == 0)
        try session.waitFor("Stopped")  // the shell took the terminal back
        #expect(kill(lister, SIGCONT) == 0)
        // In the background lister waits for `fg` (stopped on SIGTTIN) instead of drawing.
        try session.waitFor("Stopped", timeout: .seconds(5))
        try session.sendKeys("fg", "Enter")
        try session.waitFor("1/500")
        try session.sendKeys("Down", "Down")
        try session.waitFor("3/500")  // keys reach lister: not echoed, no Enter needed
        try session.sendKeys("q")
        try session.waitUntil("the prompt after lister quit") { $0.contains("PROMPT$") && !$0.contains("/500") }
    }

    /// The first child process of `parent` (the job the shell started).
    static func child(of parent: pid_t) -> pid_t? {
        let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }
}
