import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The terminal is given back as it was on every way out: Ctrl-C, Ctrl-Z and fg, a
/// signal, a crash.
@Suite struct TerminalRestoreEndToEndTests {
    @Test func theTerminalIsRestoredAfterCtrlC() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0"])
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 130)
        #expect(try session.terminalState() == .restored)
        let tty = try session.ttySettings()
        #expect(tty.before == tty.after)
    }

    /// Ctrl-Z gives the terminal back and stops the process; `fg` brings the screen back
    /// where it was, with keys working. Under a job-control shell, as a person runs it (in
    /// an orphaned process group the kernel would discard the stop).
    @Test func ctrlZSuspendsAndFgRestoresTheScreen() throws {
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let session = try TmuxSession(shell: """
            set -m
            \(lister) demo feed --latency 0
            echo "suspended: $?"
            read -r answer
            fg
            """)
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("j", "j")
        try session.waitFor("3/60")
        try session.sendKeys("C-z")
        let shell = try session.waitFor("suspended: 148")  // 128 + SIGTSTP: stopped, not ended
        #expect(!shell.contains("3/60"))
        try session.sendKeys("Enter")
        try session.waitFor("3/60")
        try session.sendKeys("j")
        try session.waitFor("4/60")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGINT, Int32(130))])
    func theTerminalIsRestoredAfterASignal(signal: Int32, status: Int32) throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0"])
        defer { session.close() }
        try session.waitFor("1/60")
        try session.kill(signal: signal)
        #expect(try session.waitForExit() == status)
        #expect(try session.terminalState() == .restored)
        let tty = try session.ttySettings()
        #expect(tty.before == tty.after)
    }

    @Test func theTerminalIsRestoredAfterACrash() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0", "--debug-trap"], captureStderr: true)
        defer { session.close() }
        let status = try session.waitForExit()
        #expect(status > 128)  // killed by the trap's signal
        #expect(try session.terminalState() == .restored)
        let tty = try session.ttySettings()
        #expect(tty.before == tty.after)
        #expect(try session.standardError().contains("trapping on purpose"))
    }
}
