import Foundation
import Testing

/// `lister lines`: what is printed, byte for byte, and how a pick fails.
@Suite struct LinesEndToEndTests {
    @Test func pipedLinesPrintTheChosenLine() throws {
        let input = try temporaryInput(Array("alpha\nbeta\ngamma\n".utf8))
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
        let input = try temporaryInput(raw + [0x0A])
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
        let input = try temporaryInput(Array("one\ntwo\n".utf8))
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

    /// A large file is read back as rows are shown; one truncated from outside meanwhile
    /// shows its lost lines as `^@`, and picking one fails instead of printing zeros.
    @Test func aLinePickedAfterTheFileWasTruncatedIsRefused() throws {
        let line = String(repeating: "x", count: 59)
        let input = try temporaryInput(Array(String(repeating: line + "\n", count: 150_000).utf8))  // 9 MB: read back
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], captureStdout: true, captureStderr: true)
        defer { session.close() }
        try session.waitFor("1/150000")
        #expect(truncate(input.path, 0) == 0)
        try session.sendKeys("End")
        try session.waitFor("150000/150000")
        try session.waitFor("^@^@^@")
        try session.waitFor("file shrank: ^@ stands for lost bytes")  // the status bar says why
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 2)
        #expect(try session.standardError() == "lister: line 150000 of '\(input.path)' is no longer there: the file was truncated while lister had it open; nothing was printed\n")
        #expect(try session.standardOutput().isEmpty)
        #expect(try session.terminalState() == .restored)
    }

    /// `/` reads a large file in place, from a mapping: a file truncated under it reads as
    /// zeros there too (the lines it lost match nothing), instead of ending lister with
    /// SIGBUS.
    @Test func filteringAFileTruncatedMeanwhileGoesOn() throws {
        let lines = (1...150_000).map { "line \($0) " + String(repeating: "x", count: 50) }
        let input = try temporaryInput(Array((lines.joined(separator: "\n") + "\n").utf8))  // 9 MB: read back
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], captureStdout: true, captureStderr: true)
        defer { session.close() }
        try session.waitFor("1/150000")
        try session.sendKeys("/")
        try session.type("x")
        try session.waitFor("1/150000 of 150000")  // every page of the file read once
        #expect(truncate(input.path, 0) == 0)
        try session.type("x")  // "xx" narrows the 150,000 matches: their pages are gone
        try session.waitFor("file shrank: ^@ stands for lost bytes")
        try session.sendKeys("Escape")
        try session.waitFor("1/150000   file shrank")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 1)
        #expect(try session.standardError().isEmpty)
        #expect(try session.terminalState() == .restored)
    }

    @Test func quittingAPickerIsStatusOne() throws {
        let input = try temporaryInput(Array("one\n".utf8))
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
        let input = try temporaryInput(Array(text.utf8))
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

/// Drill-down, filtering and picking as a person does them.
@Suite struct NavigationEndToEndTests {
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
        let file = try temporaryInput(Array("apple\nbanana\ncherry\nelderberry\n".utf8))
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
        let file = try temporaryInput(Array("one\ntwo\nthree\nfour\n".utf8))
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
        let file = try temporaryInput(Array("a b\0c\0".utf8))
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

/// A new file under the temporary directory holding `bytes`, for a test's input.
func temporaryInput(_ bytes: [UInt8], suffix: String = ".txt") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-\(UUID())\(suffix)")
    try Data(bytes).write(to: url)
    return url
}
