import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The C library's `wcwidth` (not exported by the Glibc module).
@_silgen_name("wcwidth") private func cWidth(_ character: Int32) -> Int32

/// `lister lines` on inputs meant to break a terminal: escape sequences, C1 controls,
/// invalid UTF-8, wide and zero-width characters, a 10 MB line, 100,000 empty lines. The
/// screen stays as lister draws it (no colour bleed, no title change, rows and status bar in
/// place), keys keep working, a pick is printed byte for byte, and `q` restores the terminal.
/// (`LinesEndToEndTests` has the simpler cases: one ESC-laden pick, CJK and an OSC at 40 columns.)
@Suite struct HostileInputEndToEndTests {
    /// The hostile lines, each starting with `Lnn ` so a row out of place shows.
    static let hostileLines: [[UInt8]] = [
        Array("L01 plain".utf8),
        Array("L02 \u{1B}]0;pwned\u{07}osc title with BEL".utf8),
        Array("L03 \u{1B}]2;pwned\u{1B}\\osc title with ST".utf8),
        Array("L04 \u{1B}[41;1mred background never reset".utf8),
        Array("L05 \u{1B}[10;10Hcursor\u{1B}[Hhome\u{1B}[2Jclear\u{1B}[A\u{1B}[6n".utf8),
        Array("L06 \u{1B}[200~pasted\u{1B}[201~".utf8),
        Array("L07 \u{9B}31mC1 CSI \u{9D}0;pwned\u{9C} NEL\u{85}".utf8),  // C1 as UTF-8
        Array("L08 raw C1 ".utf8) + [0x9B, 0x33, 0x31, 0x6D, 0x20, 0x9D, 0x30, 0x3B, 0x70, 0x9C, 0x20, 0x85, 0x8D],
        Array("L09 invalid ".utf8) + [0xFF, 0xFE, 0x20, 0xC0, 0xAF, 0x20, 0xE6, 0x97, 0x20, 0xED, 0xA0, 0x80, 0x20, 0xF8, 0x88],
        Array("L10 日本語の全角文字が続く行はここで切られるはずですよね、きっと".utf8),
        Array("L11 😀👩‍💻🇯🇵✈️ emoji 🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀".utf8),
        Array("L12 e\u{301}\u{302}\u{303} zero\u{200B}width\u{200D}join\u{FEFF}bom \u{2028}sep and more text to the edge of the pane, and beyond it".utf8),
        Array("L13 cr\rback\u{08}bell\u{07}del\u{7F}tab\there".utf8),
        Array("L14 plain after".utf8),
    ]

    static func write(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lh-\(UUID().uuidString.prefix(8)).txt")
        try Data(bytes).write(to: url)
        return url
    }

    /// The pane's title, which nothing the program shows may change.
    static func paneTitle(_ session: TmuxSession) throws -> String {
        let output = session.directory.appendingPathComponent("title.out")
        let status = try ChildProcess.run(
            try TmuxSession.tmuxPath(), ["-L", session.socketName, "-f", "/dev/null", "display-message", "-p", "-t", "e2e", "#{pane_title}"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            stdout: output.path, stderr: "/dev/null"
        )
        guard status == 0 else { throw TmuxSession.Failure("tmux display-message failed (status \(status))") }
        return try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .newlines)
    }

    /// Columns `text` takes, by the C library's `wcwidth` (as tmux and curses count them),
    /// joiners and variation selectors taking none.
    static func columns(_ text: String) -> Int {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        return text.unicodeScalars.reduce(0) { sum, scalar in
            if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { return sum }
            return sum + max(0, Int(cWidth(Int32(bitPattern: scalar.value))))
        }
    }

    /// The screen with tmux's colour escapes (`capture-pane -e`), resets removed: what is
    /// left is a style that lister set.
    static func styledLines(_ session: TmuxSession) throws -> [String] {
        var text = try session.screen(escapes: true)
        for reset in ["\u{1B}[0m", "\u{1B}[39m", "\u{1B}[49m", "\u{1B}[m"] {
            text = text.replacingOccurrences(of: reset, with: "")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// After `q`: status 1 (a picker left), the alternate screen off, the cursor visible,
    /// the tty settings as before.
    static func quitAndCheckRestored(_ session: TmuxSession) throws {
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 1)
        #expect(try session.terminalState() == .restored)
        // The same settings (the first line has the size, which a test may have changed).
        let tty = try session.ttySettings()
        #expect(tty.before.split(separator: "\n").dropFirst() == tty.after.split(separator: "\n").dropFirst())
    }

    @Test func escapeSequencesAndControlsStayOnTheirRow() throws {
        let input = try Self.write(Self.hostileLines.joined(separator: [0x0A]) + [0x0A])
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], columns: 60, rows: 20)
        defer { session.close() }
        let titleBefore = try Self.paneTitle(session)
        try session.waitFor("1/14")
        // Walk the selection over every row, so each is drawn selected and unselected.
        for _ in 0..<13 { try session.sendKeys("Down") }
        try session.waitFor("14/14")
        for _ in 0..<6 { try session.sendKeys("Up") }
        let lines = try session.waitUntil("8/14") { $0.split(separator: "\n").last?.hasPrefix("8/14") == true }
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        #expect(try Self.paneTitle(session) == titleBefore)
        #expect(!titleBefore.contains("pwned"))
        // Row n + 1 shows line n, from its first column: no cursor move, clear or CR moved anything.
        for number in 1...14 {
            #expect(lines[number].hasPrefix(String(format: "L%02d ", number)), "row \(number): \(lines[number].debugDescription)")
        }
        #expect(lines[2].contains("^[]0;pwned^G"))  // shown, not obeyed
        #expect(lines[7].contains("<9B>31m"))
        // Every row fits the width; the long wide ones are cut with … at the last column.
        for row in lines.dropLast() {
            #expect(Self.columns(row) <= 60, "\(row.debugDescription) is wider than 60 columns")
        }
        for number in [10, 11, 12] {
            #expect(lines[number].hasSuffix("…") && Self.columns(lines[number]) >= 59, "row \(number): \(lines[number].debugDescription)")
        }
        // The status bar is on the last row, its hint at the right edge.
        #expect(lines.count == 20)
        #expect(lines[19].hasPrefix("8/14") && lines[19].hasSuffix("? help") && Self.columns(lines[19]) == 60)

        // No colour bleeds: rows other than the header, the selected row and the status bar
        // carry no style at all.
        // (Polled: tmux may show a frame half written.)
        let deadline = ContinuousClock.now + .seconds(5)
        var styledRows: [(Int, String)] = []
        repeat {
            styledRows = try Self.styledLines(session).enumerated()
                .filter { ![0, 8, 19].contains($0.offset) && $0.element.contains("\u{1B}") }
                .map { ($0.offset, $0.element) }
        } while !styledRows.isEmpty && ContinuousClock.now < deadline
        #expect(styledRows.isEmpty, "styled rows: \(styledRows.map { "\($0.0): \($0.1.debugDescription)" })")
        #expect(try Self.styledLines(session)[8].contains("\u{1B}["))  // the selection is: styles are seen
        try Self.quitAndCheckRestored(session)
        #expect(try Self.paneTitle(session).hasPrefix("lister-e2e-exited"))  // the wrapper's, set after lister
    }

    @Test func scrolledSidewaysAndNarrowedTheRowsStayInPlace() throws {
        let input = try Self.write(Self.hostileLines.joined(separator: [0x0A]) + [0x0A])
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], columns: 60, rows: 20)
        defer { session.close() }
        try session.waitFor("1/14")
        // 8 columns to the right: a wide character cut by the edge becomes a blank, the rest
        // of its row stays in its columns.
        try session.sendKeys(">")
        var lines = try session.waitUntil("scrolled") { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count == 20 && rows[1] == "n" && rows[14] == "n after"
        }.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[10].hasPrefix("語の全角"), "\(lines[10].debugDescription)")
        for row in lines.dropLast() { #expect(Self.columns(row) <= 60, "\(row.debugDescription)") }
        #expect(lines.count == 20 && lines[19].hasPrefix("1/14") && Self.columns(lines[19]) == 60)
        try session.sendKeys("<")
        try session.waitUntil("back") { $0.split(separator: "\n", omittingEmptySubsequences: false)[1] == "L01 plain" }

        // Narrower than the widest rows: each is cut at the new edge, on its own row.
        try session.resize(columns: 25, rows: 20)
        lines = try session.waitUntil("narrowed") { screen in
            screen.split(separator: "\n", omittingEmptySubsequences: false).last.map { Self.columns(String($0)) == 25 } == true
        }.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for number in 1...14 {
            #expect(lines[number].hasPrefix(String(format: "L%02d", number)), "row \(number): \(lines[number].debugDescription)")
        }
        for row in lines { #expect(Self.columns(row) <= 25, "\(row.debugDescription) is wider than 25 columns") }
        #expect(lines[19].hasPrefix("1/14"))
        try Self.quitAndCheckRestored(session)
    }

    @Test func aPickedLineOfInvalidUTF8IsPrintedByteForByte() throws {
        let input = try Self.write(Self.hostileLines.joined(separator: [0x0A]) + [0x0A])
        defer { try? FileManager.default.removeItem(at: input) }
        for number in [5, 8, 9, 13] {  // cursor moves, raw C1, invalid UTF-8, CR and DEL
            let session = try TmuxSession(lister: ["lines", input.path], columns: 60, rows: 20, captureStdout: true)
            defer { session.close() }
            try session.waitFor("1/14")
            for _ in 1..<number { try session.sendKeys("Down") }
            try session.waitFor("\(number)/14")
            try session.sendKeys("Enter")
            #expect(try session.waitForExit() == 0)
            let printed = try Data(contentsOf: session.directory.appendingPathComponent("stdout"))
            #expect(Array(printed) == Self.hostileLines[number - 1] + [0x0A], "line \(number)")
            #expect(try session.terminalState() == .restored)
        }
    }

    @Test func aTenMegabyteLineScrollsSidewaysAndIsPickedWhole() throws {
        let pattern = Array("abcdefghij".utf8)
        var line: [UInt8] = Array("L".utf8)
        line.reserveCapacity(10_000_001)
        while line.count < 10_000_000 { line += pattern }
        line += Array("THE-END".utf8)
        let input = try Self.write(line + [0x0A] + Array("short\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], columns: 60, rows: 10, captureStdout: true)
        defer { session.close() }
        var lines = try session.waitUntil("both lines", timeout: .seconds(60)) { $0.split(separator: "\n").last?.hasPrefix("1/2") == true }
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasPrefix("Labcdefghijabcdefghij") && lines[1].hasSuffix("…") && lines[1].count == 60)
        #expect(lines[2] == "short")

        try session.sendKeys(">")  // 8 columns to the right
        lines = try session.waitUntil("scrolled right", timeout: .seconds(30)) { $0.split(separator: "\n")[1].hasPrefix("hijabcdefghij") }
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].count == 60)
        try session.sendKeys(">", ">", "<", "<", "<", "<")  // back, and no further than the start
        try session.waitUntil("scrolled back", timeout: .seconds(30)) { $0.split(separator: "\n")[1].hasPrefix("Labcdefghij") }

        try session.sendKeys("Down")
        try session.waitFor("2/2", timeout: .seconds(30))
        try session.sendKeys("Home")
        try session.waitUntil("on the long line", timeout: .seconds(30)) { $0.split(separator: "\n").last?.hasPrefix("1/2") == true }
        try session.sendKeys("Enter")
        #expect(try session.waitForExit(timeout: .seconds(60)) == 0)
        let printed = try Data(contentsOf: session.directory.appendingPathComponent("stdout"))
        #expect(printed.count == line.count + 1)
        #expect(printed.suffix(8) == Data("THE-END\n".utf8))
        #expect(try session.terminalState() == .restored)
    }

    @Test func aFileOfOnlyNewlinesGoesToItsEndAndBack() throws {
        let input = try Self.write([UInt8](repeating: 0x0A, count: 100_000))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", input.path], columns: 60, rows: 12)
        defer { session.close() }
        let status = { (screen: String) in screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
        try session.waitUntil("every line read", timeout: .seconds(30)) { status($0).hasPrefix("1/100000 ") }
        try session.sendKeys("End")
        var screen = try session.waitUntil("the last line", timeout: .seconds(30)) { status($0).hasPrefix("100000/100000 ") }
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 12 && lines[0] == input.path)
        #expect(lines[1..<11].allSatisfy { $0.isEmpty })
        try session.sendKeys("Up", "Up")
        try session.waitUntil("two up", timeout: .seconds(30)) { status($0).hasPrefix("99998/100000 ") }
        try session.sendKeys("Home")
        screen = try session.waitUntil("the first line", timeout: .seconds(30)) { status($0).hasPrefix("1/100000 ") }
        lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 12 && lines[0] == input.path && status(screen).hasSuffix("? help"))
        try session.sendKeys("PageDown")
        try session.waitUntil("a page down", timeout: .seconds(30)) { status($0).hasPrefix("10/100000 ") }
        try Self.quitAndCheckRestored(session)
    }
}
