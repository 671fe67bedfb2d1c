import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The examples start with `ListerApp.run`: they show their rows, answer keys, serve the
/// main thread themselves (no `dispatch_main`), and give the terminal back on `q` and on
/// Ctrl-C.
@Suite struct ExampleEndToEndTests {
    @Test func quickStartShowsItsRowsAndQRestoresTheTerminal() throws {
        let session = try TmuxSession(arguments: [try TmuxSession.examplePath("QuickStart")], captureStdout: true)
        defer { session.close() }
        let screen = try session.waitFor("Mars")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(lines.prefix(5)) == ["Planets", "Mercury", "Venus", "Earth", "Mars"])
        try session.sendKeys("j")
        try session.waitFor("2/4")
        try expectMainThreadServesTheApp(session)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
        let tty = try session.ttySettings()
        #expect(tty.before == tty.after)
        #expect(try session.standardOutput() == "Bye (0)\n")
    }

    @Test func pagedListLoadsMoreAndCtrlCRestoresTheTerminal() throws {
        let session = try TmuxSession(arguments: [try TmuxSession.examplePath("PagedList")], captureStdout: true)
        defer { session.close() }
        try session.waitFor("Article 20")
        try session.sendKeys("G")  // to the end of what is loaded: the next page comes
        try session.waitFor("20/40")  // the position counts the second page
        try expectMainThreadServesTheApp(session)
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 0)  // the example prints the outcome, it does not exit with it
        #expect(try session.terminalState() == .restored)
        let tty = try session.ttySettings()
        #expect(tty.before == tty.after)
        #expect(try session.standardOutput() == "Bye (130)\n")
    }

    @Test func liveJobsArriveAndAnActionPausesTheQueueThroughTheHandle() throws {
        let session = try TmuxSession(arguments: [try TmuxSession.examplePath("Live")], columns: 60, rows: 10)
        defer { session.close() }
        try session.waitFor("job 1  done")  // a job started, then finished
        let following = try session.waitFor("job 2  running")
        #expect(following.contains("2/2   live"))  // on the last row, the list follows the end
        try session.sendKeys("Space")
        try session.waitFor("Queue paused")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test func mixedKindsPassOverHeadingsAndNotes() throws {
        let session = try TmuxSession(arguments: [try TmuxSession.examplePath("Mixed")], columns: 50, rows: 12)
        defer { session.close() }
        let first = try session.waitFor("2/6")  // the first row is a heading: Middlemarch
        #expect(first.contains("Middlemarch\n  George Eliot"))
        try session.sendKeys("Down")
        try session.waitFor("5/6")  // over the note and the next heading
        try session.sendKeys("End", "Up")
        try session.waitFor("5/6")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// The main thread waits in `poll` (`MainLoop`), not in `dispatch_main`'s `sigsuspend`
    /// as under a top-level `await`: keys are read, handled and drawn on it.
    private func expectMainThreadServesTheApp(_ session: TmuxSession) throws {
        #if arch(x86_64)
        let pollCalls: Set<Int> = [7, 271]  // poll, ppoll
        #elseif arch(arm64)
        let pollCalls: Set<Int> = [73]  // ppoll
        #else
        let pollCalls: Set<Int> = []
        #endif
        guard !pollCalls.isEmpty else { return }
        let pid = try session.programPID()
        let deadline = ContinuousClock.now + .seconds(5)
        var last = ""
        while ContinuousClock.now < deadline {
            last = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/syscall", encoding: .utf8)) ?? ""
            if let number = last.split(separator: " ").first.flatMap({ Int($0) }), pollCalls.contains(number) { return }
            usleep(10_000)
        }
        Issue.record("the main thread is not waiting in poll: /proc/\(pid)/task/\(pid)/syscall says \(last.debugDescription)")
    }
}
