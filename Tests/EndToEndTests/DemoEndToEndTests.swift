import Foundation
import Testing

/// The built `lister` binary in a real terminal (tmux): what a person sees of the demo, what
/// reaches the screen and its colours.
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
        #expect(try session.cursor() == (column: 0, row: 5))  // row 0 is the header; posts take two lines
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
        for position in 2...5 {
            try session.sendKeys("Down")
            try session.waitFor("\(position)/60")
        }
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let keys = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: " ").compactMap { Int($0) } }
        // The four Downs were drawn: every phase reached, in order. (q is read and handled
        // but draws nothing; a terminal's answer to a query would be read as a key too.)
        // Drawn ahead: the frame prepared for the key went out once it was read, before the
        // runtime handled it (the last column). A Down sent the moment the screen showed
        // the last one can come before that frame is prepared on a busy machine (CI), so
        // at least two of the four must have been.
        #expect(keys.filter { $0.count == 9 && $0[..<8].allSatisfy { $0 > 0 } }.count == 4, "\(keys)")
        let drawn = keys.filter { $0.count == 9 && $0.allSatisfy { $0 > 0 } }
        #expect(drawn.count >= 2, "\(keys)")
        for key in drawn {
            let phases = Array(key[..<8])
            #expect(phases == phases.sorted(), "phases in order: \(key)")
            #expect(key[1] <= key[8] && key[8] <= key[2], "drawn ahead between reading and handling: \(key)")
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
        let menu = try session.waitFor("1/4")
        #expect(menu.contains("books") && menu.contains("live"))
        try session.sendKeys("Enter")
        try session.waitFor("1/60")
        try session.sendKeys("Escape")
        try session.waitFor("1/4")
        try session.sendKeys("Escape")
        #expect(try session.waitForExit() == 0)
    }
}
