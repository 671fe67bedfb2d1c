import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built `lister` binary in a real terminal (tmux): what a person sees, what reaches
/// stdout, exit statuses, and a terminal restored on every way out.
@Suite struct DemoEndToEndTests {
    @Test func showsTheSpinnerThenTheRows() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "700"])
        defer { session.close() }
        try session.waitFor("Loading Feed…")  // the spinner, after its delay
        let screen = try session.waitFor("Why our list screens stopped flickering")
        #expect(screen.hasPrefix("Feed\n"))
        #expect(screen.contains("1/60"))
        #expect(!screen.contains("Loading Feed"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test func aFailedLoadShowsTheErrorAndRRetries() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "50", "--fail-first", "1"])
        defer { session.close() }
        let error = try session.waitFor("Press r to retry")
        #expect(error.contains("✗ Could not load Feed"))
        #expect(error.contains("simulated failure of load 1"))
        try session.sendKeys("r")
        try session.waitFor("Why our list screens stopped flickering")
        try session.sendKeys("Escape")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test func drillsIntoCommentsAndBack() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0"], columns: 100)
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("Enter")
        try session.waitFor("Feed › Why our list screens stopped flickering")
        try session.sendKeys("Escape")
        try session.waitUntil("back at the feed") { $0.hasPrefix("Feed\n") }
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func refreshKeepsTheSelectedRow() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "300"])
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("Down", "Down", "Down")
        try session.waitFor("4/60")
        try session.sendKeys("r")
        let refreshing = try session.waitFor("refreshing")
        #expect(refreshing.contains("Why our list screens stopped flickering"))  // rows stay
        let done = try session.waitForAbsence(of: "refreshing")
        #expect(done.contains("4/60"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theHiddenCursorFollowsTheSelection() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0"])
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("Down", "Down")
        try session.waitFor("3/60")
        #expect(try session.cursor() == (column: 0, row: 3))  // row 0 is the header
        #expect(try !session.terminalState().cursorVisible)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func keyTraceRecordsEveryPhaseOfEachKey() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("lister-keys-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: trace) }
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0"],
                                      environment: ["LISTER_KEY_TRACE": trace.path])
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("Down")
        try session.waitFor("2/60")
        try session.sendKeys("Down")
        try session.waitFor("3/60")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let keys = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: " ").compactMap { Int($0) } }
        // The two Downs were drawn: every phase reached, in order. (q is read and handled
        // but draws nothing; a terminal's answer to a query would be read as a key too.)
        let drawn = keys.filter { $0.count == 8 && $0.allSatisfy { $0 > 0 } }
        #expect(drawn.count == 2, "\(keys)")
        for key in drawn {
            #expect(key == key.sorted(), "phases in order: \(key)")
        }
    }

    @Test func helpOpensAndEscClosesIt() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0"], rows: 30)
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("?")
        try session.waitFor("Retry, else refresh")
        try session.sendKeys("Escape")
        try session.waitForAbsence(of: "Retry, else refresh")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

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

    /// Whether `screen` sets a colour other than the defaults (39 and 49).
    static func hasColour(_ screen: String) -> Bool {
        screen.firstMatch(of: /\x1B\[([0-9;]*;)?(3[0-7]|4[0-7]|9[0-7])m/) != nil
    }

    @Test func errorsAreRedWhenColourIsOn() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0", "--fail-first", "1"])
        defer { session.close() }
        try session.waitFor("Press r to retry")
        #expect(Self.hasColour(try session.screen(escapes: true)))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func noColorRemovesColourAndKeepsTheSelectionVisible() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0", "--fail-first", "1"], environment: ["NO_COLOR": "1"])
        defer { session.close() }
        try session.waitFor("Press r to retry")
        #expect(!Self.hasColour(try session.screen(escapes: true)))
        try session.sendKeys("r")
        try session.waitFor("1/60")
        let styled = try session.screen(escapes: true)
        #expect(styled.contains("\u{1B}[7m") || styled.contains("\u{1B}[0;7m"))  // reverse video
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}

@Suite struct LinesEndToEndTests {
    func writeInput(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-\(UUID()).txt")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func pipedLinesPrintTheChosenLine() throws {
        let input = try writeInput(Array("alpha\nbeta\ngamma\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let lister = try TmuxSession.listerPath()
        let session = try TmuxSession(shell: "cat '\(input.path)' | exec '\(lister)'", captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/3")
        try session.sendKeys("Down")
        try session.waitFor("2/3")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "beta\n")
        #expect(try session.terminalState() == .restored)
    }

    @Test func thePickIsPrintedByteForByte() throws {
        let raw: [UInt8] = [0x6F, 0x6B, 0xFF, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x21]  // "ok\xFF\e[31m!"
        let input = try writeInput(raw + [0x0A])
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], captureStdout: true)
        defer { session.close() }
        let screen = try session.waitFor("1/1")
        #expect(screen.contains("ok\u{FFFD}^[[31m!"))  // shown safely
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        let printed = try Data(contentsOf: session.directory.appendingPathComponent("stdout"))
        #expect(Array(printed) == raw + [0x0A])
    }

    /// A pick that cannot be written (here a file-size limit of 0 on the file standard output
    /// goes to) is an error, not a silent success with nothing printed.
    @Test func aPickThatCannotBeWrittenFailsWithAMessage() throws {
        let input = try writeInput(Array("one\ntwo\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let lister = try TmuxSession.listerPath()
        let output = input.path + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        // The message goes to the terminal: a file would be limited too.
        let session = try TmuxSession(shell: "ulimit -f 0; exec '\(lister)' lines '\(input.path)' >'\(output)'")
        defer { session.close() }
        try session.waitFor("1/2")
        try session.sendKeys("Enter")
        try session.waitFor("lister: cannot write the chosen line to standard output: File too large")
        #expect(try session.waitForExit() == 2)
        #expect(try session.terminalState() == .restored)
    }

    @Test func quittingAPickerIsStatusOne() throws {
        let input = try writeInput(Array("one\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        for key in ["q", "Escape"] {
            let session = try TmuxSession(lister: ["lines", input.path], captureStdout: true)
            defer { session.close() }
            try session.waitFor("1/1")
            try session.sendKeys(key)
            #expect(try session.waitForExit() == 1)
            #expect(try session.standardOutput().isEmpty)
            #expect(try session.terminalState() == .restored)
        }
    }

    @Test func refreshingAPipeSaysItCannot() throws {
        let lister = try TmuxSession.listerPath()
        let session = try TmuxSession(shell: "printf 'x\\ny\\n' | exec '\(lister)' lines")
        defer { session.close() }
        try session.waitFor("1/2")
        try session.sendKeys("r")
        try session.waitFor("cannot be read again")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 1)
    }

    @Test func wideAndHostileTextKeepsColumnsAligned() throws {
        let text = "日本語 wide\n😀 emoji\n\u{1B}]2;pwned\u{07}title\nplain\n"
        let input = try writeInput(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], columns: 40, rows: 8)
        defer { session.close() }
        let screen = try session.waitFor("1/4")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "日本語 wide")
        #expect(lines[2] == "😀 emoji")
        #expect(lines[3] == "^[]2;pwned^Gtitle")
        #expect(lines[4] == "plain")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 1)
    }
}

/// Errors never open the screen: one line on stderr and status 2.
@Suite struct CommandLineErrorTests {
    func run(_ arguments: [String], stdin: FileHandle? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TmuxSession.listerPath())
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [
        (["lines", "/nonexistent/file"], "cannot read '/nonexistent/file': No such file or directory"),
        (["--bogus"], "Unknown option '--bogus'"),
        (["demo", "feed", "--fail-rate", "2"], "--fail-rate must be between 0 and 1"),
        (["demo", "nosuchdemo"], "nosuchdemo"),
        (["lines", "/"], "'/' is a directory"),
    ])
    func usageAndInputErrorsExitTwoWithOneLine(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("lister: "))
        #expect(result.stderr.contains(message))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func versionAndHelpExitZero() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: lister"))
    }
}

/// Paged and sectioned demos: scrolling to the end, a failed page recovered with `r`.
@Suite struct PagingEndToEndTests {
    /// Presses End until the footer says the list has ended; returns that screen.
    func scrollToTheEnd(_ session: TmuxSession) throws -> String {
        for _ in 0..<60 {
            try session.sendKeys("G")
            let screen = try session.waitUntil("a page to settle") { !$0.contains("Loading more") }
            if screen.contains("End of list") { return screen }
        }
        return try session.waitFor("End of list")
    }

    @Test func scrollingTheBooksToTheEndShowsTheEndOfTheList() throws {
        let session = try TmuxSession(lister: ["demo", "books", "--latency", "0"], columns: 100, rows: 30)
        defer { session.close() }
        try session.waitFor("· page")
        let end = try scrollToTheEnd(session)
        #expect(end.contains("End of list · 436 items"))
        #expect(end.contains("436/436"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aFailedPageKeepsTheRowsAndRRetriesThatPage() throws {
        let session = try TmuxSession(lister: ["demo", "books", "--latency", "0", "--fail-page", "2"], columns: 100, rows: 30)
        defer { session.close() }
        try session.waitFor("· page")
        try session.sendKeys("G")
        // Page 2 fails (prefetched at once: page 1 is shorter than the screen); page 1 stays.
        try session.waitUntil("page 2's error under page 1") { $0.contains("r to retry") && $0.contains("25/25") }
        try session.sendKeys("r")
        try session.waitForAbsence(of: "r to retry")
        let end = try scrollToTheEnd(session)
        #expect(end.contains("436/436"))  // nothing lost, nothing repeated
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theMenuOpensADemoAndEscComesBack() throws {
        let session = try TmuxSession(lister: ["demo", "--latency", "0"], columns: 100)
        defer { session.close() }
        let menu = try session.waitFor("1/3")
        #expect(menu.contains("books"))
        try session.sendKeys("Enter")
        try session.waitFor("1/60")
        try session.sendKeys("Escape")
        try session.waitFor("1/3")
        try session.sendKeys("Escape")
        #expect(try session.waitForExit() == 0)
    }
}

/// Drill-down, filtering and picking as a person does them.
@Suite struct NavigationEndToEndTests {
    func input(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-\(UUID()).txt")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func drillsDownWithRightAndBackWithLeft() throws {
        let session = try TmuxSession(lister: ["demo", "feed", "--latency", "0"], columns: 120)
        defer { session.close() }
        try session.waitFor("1/60")
        try session.sendKeys("Right")
        try session.waitFor("Feed › Why our list screens stopped flickering")
        try session.sendKeys("Enter")  // the post's comments
        try session.waitUntil("three levels") { $0.split(separator: "\n").first?.components(separatedBy: " › ").count == 3 }
        try session.sendKeys("Left", "BSpace")
        try session.waitUntil("back at the feed") { $0.hasPrefix("Feed\n") }
        try session.sendKeys("Left")  // nothing above the root
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func filteringThenPickingPrintsTheMatch() throws {
        let file = try input("apple\nbanana\ncherry\nelderberry\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["lines", file.path], captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/4")
        try session.sendKeys("/")
        try session.type("rr")
        let filtered = try session.waitFor("1/2 of 4")
        #expect(!filtered.contains("banana"))
        try session.sendKeys("Enter", "Down", "Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "elderberry\n")
    }

    @Test func multiPrintsTheMarkedLinesInOrder() throws {
        let file = try input("one\ntwo\nthree\nfour\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["lines", "--multi", file.path], captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/4")
        try session.sendKeys("End", "Tab", "Home", "Tab")
        try session.waitFor("2 marked")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "one\nfour\n")
        #expect(try session.terminalState() == .restored)
    }

    @Test func print0EndsThePickWithNul() throws {
        let file = try input("a b\0c\0")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["lines", "--read0", "--print0", file.path], captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/2")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        let printed = try Data(contentsOf: session.directory.appendingPathComponent("stdout"))
        #expect(Array(printed) == Array("a b\0".utf8))
    }
}

/// The sources on real inputs the tests make.
@Suite struct SourcesEndToEndTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-dir-\(UUID())")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data("hello from a file\n".utf8).write(to: url.appendingPathComponent("inner/note.txt"))
        try Data("top\n".utf8).write(to: url.appendingPathComponent("top.txt"))
        return url
    }

    @Test func dirDrillsDownPreviewsAndComesBack() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try TmuxSession(lister: ["dir", root.path], columns: 100)
        defer { session.close() }
        let listing = try session.waitFor("inner/")
        #expect(listing.contains("top.txt"))
        try session.sendKeys("Enter")  // directories come first: inner/
        try session.waitFor("note.txt")
        try session.sendKeys("Enter")
        try session.waitFor("hello from a file")
        try session.sendKeys("Escape", "Escape")
        try session.waitFor("top.txt")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func dirPickPrintsThePath() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try TmuxSession(lister: ["dir", "--pick", root.path], columns: 100, captureStdout: true)
        defer { session.close() }
        try session.waitFor("top.txt")
        try session.sendKeys("End", "Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput().hasSuffix("top.txt\n"))
    }

    @Test func sqlitePagesThroughThousandsOfRows() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-\(UUID()).db")
        defer { try? FileManager.default.removeItem(at: database) }
        let make = try TmuxSession(shell: """
            exec python3 -c "import sqlite3; c = sqlite3.connect('\(database.path)'); c.execute('create table t(id integer primary key, name text)'); c.executemany('insert into t(name) values (?)', [(f'row {i}',) for i in range(3000)]); c.commit()"
            """)
        #expect(try make.waitForExit() == 0)
        make.close()
        let before = try FileManager.default.attributesOfItem(atPath: database.path)[.modificationDate] as? Date
        let session = try TmuxSession(lister: ["sqlite", database.path, "t"], columns: 100, rows: 30)
        defer { session.close() }
        try session.waitFor("row 0")
        var screen = try session.screen()
        for _ in 0..<40 where !screen.contains("End of list") {
            try session.sendKeys("G")
            screen = try session.waitUntil("a page to settle") { !$0.contains("Loading more") }
        }
        #expect(screen.contains("End of list · 3000 items"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let after = try FileManager.default.attributesOfItem(atPath: database.path)[.modificationDate] as? Date
        #expect(before == after)
        let neighbours = try FileManager.default.contentsOfDirectory(atPath: database.deletingLastPathComponent().path)
        #expect(!neighbours.contains(database.lastPathComponent + "-wal"))
    }
}
