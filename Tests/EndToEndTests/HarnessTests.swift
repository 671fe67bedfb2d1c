import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tmux harness itself, proven against plain shell commands.
@Suite struct HarnessTests {
    @Test func showsOutputAndTakesKeys() throws {
        let session = try TmuxSession(shell: #"printf 'hello\n'; read answer; printf 'got %s\n' "$answer"; read x"#)
        defer { session.close() }
        try session.waitFor("hello")
        try session.type("yes")
        try session.sendKeys("Enter")
        let screen = try session.waitFor("got yes")
        #expect(screen.hasPrefix("hello\nyes\ngot yes"))
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
    }

    @Test func reportsExitStatusAndKeepsTheLastScreen() throws {
        let session = try TmuxSession(shell: "printf 'last words'; exit 3")
        defer { session.close() }
        #expect(try session.waitForExit() == 3)
        // The pane outlives the program, showing what it left behind (no "Pane is dead" line).
        #expect(try session.lines() == ["last words"] + Array(repeating: "", count: 23))
    }

    @Test func capturesStdoutAndStderrInFiles() throws {
        let session = try TmuxSession(
            shell: "printf 'to stdout\\n'; printf 'to stderr\\n' >&2; printf 'on screen\\n' >/dev/tty",
            captureStdout: true, captureStderr: true
        )
        defer { session.close() }
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "to stdout\n")
        #expect(try session.standardError() == "to stderr\n")
        #expect(try session.screen() == "on screen")
    }

    @Test func runsUnderTheDocumentedEnvironmentAndSize() throws {
        let session = try TmuxSession(
            shell: #"echo "$TERM $LANG $SWIFT_BACKTRACE $EXTRA"; stty size; printf '日本語 😀\n'; read x; stty size; read y"#,
            columns: 70, rows: 20, environment: ["EXTRA": "it's here"]
        )
        defer { session.close() }
        let screen = try session.waitFor("😀")
        #expect(screen.hasPrefix("tmux-256color C.UTF-8 interactive=no it's here\n20 70\n日本語 😀"))
        try session.resize(columns: 100, rows: 30)
        try session.sendKeys("Enter")
        try session.waitFor("30 100")
        #expect(try session.lines().count == 30)
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
    }

    @Test func killReachesTheProgramItself() throws {
        let session = try TmuxSession(arguments: ["sleep", "1000"])
        defer { session.close() }
        try session.kill(signal: SIGTERM)
        #expect(try session.waitForExit() == 128 + SIGTERM)
    }

    @Test func closeEndsAProgramThatIgnoresHangupsAndTheServer() throws {
        let session = try TmuxSession(shell: "trap '' HUP INT TERM; printf 'stubborn\\n'; exec sleep 1000")
        try session.waitFor("stubborn")
        let program = try session.programPID()
        let server = try session.serverPID()
        session.close()
        #expect(try waitForProcessToEnd(program))
        #expect(try waitForProcessToEnd(server))
        #expect(!FileManager.default.fileExists(atPath: session.directory.path))
    }

    @Test func ctrlCInterruptsACookedTerminal() throws {
        let session = try TmuxSession(shell: "printf 'waiting\\n'; exec sleep 1000")
        defer { session.close() }
        try session.waitFor("waiting")
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 128 + SIGINT)
    }

    @Test func detectsATerminalLeftUnrestored() throws {
        let clean = try TmuxSession(shell: "printf 'bye\\n'")
        defer { clean.close() }
        #expect(try clean.waitForExit() == 0)
        #expect(try clean.terminalState() == .restored)
        let cleanTTY = try clean.ttySettings()
        #expect(cleanTTY.before == cleanTTY.after)

        // Alternate screen on, cursor hidden, keypad transmit mode, raw tty: all left behind.
        let messy = try TmuxSession(shell: #"printf '\033[?1049h\033[?25l\033[?1h\033=inside'; stty raw -echo"#)
        defer { messy.close() }
        #expect(try messy.waitForExit() == 0)
        let state = try messy.terminalState()
        #expect(state.alternateScreen && !state.cursorVisible && state.applicationCursorKeys && state.applicationKeypad)
        #expect(state != .restored)
        #expect(try messy.screen() == "inside")
        let messyTTY = try messy.ttySettings()
        #expect(messyTTY.before != messyTTY.after)
    }

    #if os(Linux)
    /// A test thread blocks most signals and the runner ignores SIGPIPE: the program must
    /// inherit neither, or it would not see SIGHUP or SIGWINCH as it does from a shell.
    @Test func theProgramStartsWithDefaultSignalHandling() throws {
        let session = try TmuxSession(arguments: ["grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"], captureStdout: true)
        defer { session.close() }
        #expect(try session.waitForExit() == 0)
        var masks: [String: UInt64] = [:]
        for line in try session.standardOutput().split(separator: "\n") {
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            masks[parts[0]] = UInt64(parts[1], radix: 16)
        }
        #expect(masks["SigBlk"] == 0)
        let ignored = try #require(masks["SigIgn"])
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGWINCH, SIGCONT, SIGTSTP] {
            #expect(ignored & (1 << UInt64(signal - 1)) == 0, "signal \(signal) is ignored")
        }
    }
    #endif

    @Test func aTimeoutShowsTheLastScreen() throws {
        let session = try TmuxSession(shell: "printf 'something else\\n'; read x")
        defer { session.close() }
        try session.waitFor("something else")
        let error = #expect(throws: TmuxSession.Failure.self) {
            try session.waitFor("never shown", timeout: .milliseconds(50))
        }
        #expect(error?.description.contains("|something else") == true)
        #expect(error?.description.contains("\"never shown\"") == true)
    }

    @Test func findsTheBuiltListerBinary() throws {
        let path = try TmuxSession.listerPath()
        #expect(path.hasSuffix("/lister"))
        #expect(FileManager.default.isExecutableFile(atPath: path))
    }

    @Test func quotesWordsForTheShell() throws {
        let words = ["plain", "two words", "it's", "$HOME", "a\\b", "*"]
        let session = try TmuxSession(
            arguments: ["/bin/sh", "-c", #"for w in "$@"; do printf '[%s]\n' "$w"; done"#, "sh"] + words,
            captureStdout: true
        )
        defer { session.close() }
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == words.map { "[\($0)]\n" }.joined())
    }

    /// Polls (the harness's way) until `pid` no longer exists.
    private func waitForProcessToEnd(_ pid: pid_t, timeout: Duration = .seconds(10)) throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while kill(pid, 0) == 0 {
            if ContinuousClock.now >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return errno == ESRCH
    }
}
