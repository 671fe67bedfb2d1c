import Foundation
import Testing

/// `lister pick --height`: drawn below the shell's output on the normal screen, cleared on
/// the way out with the cursor back where it was, so what the shell printed before stays.
@Suite struct PickHeightEndToEndTests {
    private func lister() throws -> String { PaneScript.shellQuote(try TmuxSession.listerPath()) }

    @Test func heightDrawsBelowThePromptAndLeavesTheLinesAboveIt() throws {
        let lister = try lister()
        let session = try TmuxSession(
            shell: "printf 'before1\\nbefore2\\n$ pick\\n'; seq 100 | \(lister) pick --height 10; echo \"status=$?\"; echo after",
            columns: 60, rows: 24)
        defer { session.close() }
        try session.waitFor("1/100")
        #expect(try session.terminalState().alternateScreen == false)
        var lines = try session.lines()
        #expect(Array(lines.prefix(3)) == ["before1", "before2", "$ pick"], "\(lines)")
        // As fzf: eight rows of the list, the info line, the prompt; no title line.
        #expect(lines[3] == "8" && lines[11].hasPrefix("1/100 ─") && lines[12] == ">", "ten rows under the prompt: \(lines)")
        #expect(lines[13...].allSatisfy { $0.isEmpty }, "nothing drawn below them: \(lines)")
        try session.type("42")
        try session.waitFor("1/1 of 100")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        lines = try session.lines()
        #expect(Array(lines.prefix(6)) == ["before1", "before2", "$ pick", "42", "status=0", "after"], "\(lines)")
        #expect(lines[6...].allSatisfy { $0.isEmpty }, "the picker's rows are cleared: \(lines)")
        #expect(try session.terminalState() == .restored)
    }

    @Test func heightAtTheBottomScrollsTheOutputUpAndKeepsIt() throws {
        let lister = try lister()
        let session = try TmuxSession(
            shell: "seq 101 130; seq 100 | \(lister) pick --height 8; echo \"status=$?\"",
            columns: 60, rows: 24)
        defer { session.close() }
        try session.waitFor("1/100")
        var lines = try session.lines()
        // 30 lines filled the screen up to the cursor's row, the last: 8 rows for the picker
        // pushed 7 more lines up, and the last 16 are still there above it.
        #expect(Array(lines.prefix(16)) == (115...130).map(String.init), "\(lines)")
        #expect(lines[16] == "6" && lines[22].hasPrefix("1/100 ─") && lines[23] == ">", "\(lines)")
        try session.sendKeys("Escape")
        #expect(try session.waitForExit() == 0)
        lines = try session.lines()
        #expect(Array(lines.prefix(17)) == (115...130).map(String.init) + ["status=130"], "\(lines)")
        #expect(lines[17...].allSatisfy { $0.isEmpty }, "\(lines)")
        #expect(try session.terminalState() == .restored)
    }

    /// A terminal that gets shorter pushes its top lines into the scrollback and the
    /// picker's rows with them: it must draw where its rows went, leaving no stale copy of
    /// its first row above them; taller again, the same.
    @Test func aResizeDrawsWhereTheRowsWentAndLeavesNoStaleLine() throws {
        let lister = try lister()
        let session = try TmuxSession(
            shell: "seq 101 106; seq 100 | \(lister) pick --height 8; echo \"status=$?\"",
            columns: 60, rows: 20)
        defer { session.close() }
        try session.waitFor("1/100")
        for (columns, rows) in [(60, 14), (50, 24), (60, 12)] {
            try session.resize(columns: columns, rows: rows)
            try session.waitUntil("the picker redrawn at \(columns)x\(rows)") { screen in
                // The info line as wide as the terminal between the list and the prompt (a
                // stale one, reflowed by the resize, is neither).
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.indices.dropFirst().dropLast().contains { index in
                    lines[index].hasPrefix("1/100 ─") && lines[index].count == columns && lines[index - 1] == "1" && lines[index + 1] == ">"
                }
            }
            let lines = try session.lines()
            #expect(lines.filter { $0.hasPrefix("1/100 ") }.count == 1, "one info line at \(columns)x\(rows): \(lines)")
            let info = try #require(lines.firstIndex { $0.hasPrefix("1/100 ") })
            let first = info - 6
            try #require(first >= 0, "\(lines)")
            #expect(lines[first..<info] == ["6", "5", "4", "3", "2", "1"], "\(lines)")
            #expect(lines[info + 1] == ">", "\(lines)")
            #expect(lines[..<first].allSatisfy { $0.isEmpty || Int($0).map { (101...106).contains($0) } == true },
                    "only the shell's lines above: \(lines)")
            let below = lines.dropFirst(info + 2)
            #expect(below.allSatisfy { $0.isEmpty }, "nothing left below (a reflowed row's end): \(lines)")
        }
        try session.sendKeys("Escape")
        #expect(try session.waitForExit() == 0)
        let lines = try session.lines()
        #expect(!lines.contains(">") && !lines.contains { $0.hasPrefix("1/100") }, "the rows are cleared: \(lines)")
        #expect(lines.contains("status=130"), "\(lines)")
        #expect(try session.terminalState() == .restored)
    }

    /// A terminal without an alternate screen (the Linux console: no `smcup`): curses'
    /// first refresh would clear the only screen there is, and its scroll region sends the
    /// cursor home; the shell's lines must stay and the picker go below them.
    @Test func withoutAnAlternateScreenTheLinesAboveStay() throws {
        let lister = try lister()
        let session = try TmuxSession(
            shell: "export TERM=linux; printf 'before1\\nbefore2\\n'; seq 100 | \(lister) pick --height 6; echo \"status=$?\"",
            columns: 60, rows: 20)
        defer { session.close() }
        try session.waitFor("1/100")
        var lines = try session.lines()
        #expect(Array(lines.prefix(3)) == ["before1", "before2", "4"], "\(lines)")
        try session.sendKeys("Escape")
        #expect(try session.waitForExit() == 0)
        lines = try session.lines()
        #expect(Array(lines.prefix(3)) == ["before1", "before2", "status=130"], "\(lines)")
        #expect(lines[3...].allSatisfy { $0.isEmpty }, "\(lines)")
    }

    @Test func heightTooTallForTheScreenTakesTheWholeScreen() throws {
        let session = try TmuxSession(shell: "seq 5 | exec \(try lister()) pick --height 40", columns: 60, rows: 12)
        defer { session.close() }
        try session.waitFor("1/5")
        #expect(try session.terminalState().alternateScreen)
        try session.sendKeys("Escape")
        #expect(try session.waitForExit() == 130)
        #expect(try session.terminalState() == .restored)
    }

    /// Ctrl-Z gives the lines back to the shell (cleared, the cursor where it was), and
    /// `fg` draws the picker again below what the shell printed meanwhile.
    @Test func suspendClearsTheLinesAndForegroundDrawsThemAgainBelow() throws {
        let session = try TmuxSession(shell: "exec bash --norc --noprofile -i", columns: 80, rows: 24,
                                      environment: ["PS1": "PROMPT$ "])
        defer { session.close() }
        try session.waitFor("PROMPT$")
        try session.sendKeys("echo before; seq 100 | '\(try TmuxSession.listerPath())' pick --height 6", "Enter")
        try session.waitFor("1/100")
        try session.sendKeys("C-z")
        var screen = try session.waitFor("Stopped")
        #expect(!screen.contains("1/100"), "the picker's lines are cleared: \(screen)")
        #expect(screen.contains("before"))
        #expect(try session.terminalState().alternateScreen == false)
        try session.sendKeys("fg", "Enter")
        try session.waitFor("1/100")
        try session.type("42")
        try session.waitFor("1/1 of 100")
        try session.sendKeys("Enter")
        screen = try session.waitUntil("the prompt after the pick") { $0.contains("\n42\nPROMPT$") && !$0.contains("/100") }
        #expect(screen.contains("before"), "\(screen)")
    }
}
