import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--preview CMD` in `lister lines` and `lister pick`: the command's output beside the
/// list, fzf's placeholders, and no process left behind.
@Suite struct PreviewEndToEndTests {
    /// Process ids whose command line is exactly `sleep SECONDS`.
    func sleepers(_ seconds: Int) -> [String] {
        let found = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return found.filter { pid in
            guard Int(pid) != nil, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return data == Data("sleep\0\(seconds)\0".utf8)
        }
    }

    @Test func linesShowTheCommandsOutputForTheSelectedLine() throws {
        let input = try temporaryInput(Array("alpha\nit's beta\ngamma\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", "--preview", "echo [{}] n={n}; echo oops >&2; exit 3", input.path],
                                      columns: 80)
        defer { session.close() }
        try session.waitFor("│[alpha] n=0")
        let first = try session.waitFor("│oops")
        #expect(first.contains("exit status 3"), "a failing command's status is noted in the pane")
        try session.sendKeys("Down")
        try session.waitFor("│[it's beta] n=1")  // quoted for the shell: the quote survives
        try session.sendKeys("p")
        try session.waitForAbsence(of: "│")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 1, "q leaves without a pick")
        #expect(try session.terminalState() == .restored)
    }

    /// A slow command's first lines show while it still runs.
    @Test func outputShowsAsTheCommandWritesIt() throws {
        let input = try temporaryInput(Array("alpha\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", "--preview", "echo first {}; sleep 30; echo second", input.path], columns: 80)
        defer { session.close() }
        let screen = try session.waitFor("│first alpha", timeout: .seconds(5))
        #expect(!screen.contains("second"))
        try session.sendKeys("q")
        _ = try session.waitForExit()
    }

    @Test func movingOnAndQuittingLeaveNoCommandRunning() throws {
        let seconds = 900 + Int(getpid() % 90)
        let input = try temporaryInput(Array((1...50).map { "row \($0)\n" }.joined().utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", "--preview", "echo {}; sleep \(seconds)", input.path], columns: 80)
        defer { session.close() }
        try session.waitFor("1/50")
        try session.waitUntil("the first preview runs") { _ in sleepers(seconds).count == 1 }
        for _ in 0..<20 { try session.sendKeys("Down") }
        try session.waitFor("21/50")
        try session.waitUntil("one preview runs: the one of row 21") { _ in sleepers(seconds).count == 1 }
        try session.sendKeys("q")
        _ = try session.waitForExit()
        try session.waitUntil("no preview command is left") { _ in sleepers(seconds).isEmpty }
    }

    @Test func aPreviewWindowAtTheBottomCanStartHidden() throws {
        let input = try temporaryInput(Array("one\ntwo\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["lines", "--preview", "echo preview of {}", "--preview-window", "bottom:4:hidden",
                                               input.path], columns: 60, rows: 14)
        defer { session.close() }
        try session.waitFor("1/2")
        #expect(try !session.screen().contains("preview of"))
        try session.sendKeys("p")
        let shown = try session.waitFor("preview of one")
        let lines = shown.components(separatedBy: "\n")
        #expect(lines.firstIndex { $0.hasPrefix("preview of one") } == 9, "under the list, in the last 4 lines of the body")
        try session.sendKeys("q")
    }

    @Test func pickPreviewsWithTheQuery() throws {
        let input = try temporaryInput(Array("apple\nbanana\ncherry\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let session = try TmuxSession(shell: "exec \(lister) pick --preview 'echo q={q} line={}' < '\(input.path)'", columns: 80)
        defer { session.close() }
        try session.waitFor("q= line=apple")
        try session.type("an")
        try session.waitFor("q=an line=banana")
        try session.sendKeys("Escape")
        _ = try session.waitForExit()
    }

    @Test func ansiKeepsThePreviewsColoursAndRemovesOtherSequences() throws {
        let input = try temporaryInput(Array("alpha\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let command = #"printf '\033[31mred %s\033[0m\033[2J done\n' {}"#
        let plain = try TmuxSession(lister: ["lines", "--preview", command, input.path], columns: 80)
        defer { plain.close() }
        try plain.waitFor("│^[[31mred alpha^[[0m^[[2J done")
        let session = try TmuxSession(lister: ["lines", "--ansi", "--preview", command, input.path], columns: 80)
        defer { session.close() }
        try session.waitFor("│red alpha done")
        #expect(try session.screen(escapes: true).contains("\u{1B}[31m"), "drawn in red")
    }

    /// `Examples/Preview`: the pane loads after the selection rests, with its spinner.
    @Test func theExampleLoadsThePreviewOfTheSelectedPlanet() throws {
        let session = try TmuxSession(arguments: [try TmuxSession.examplePath("Preview")])
        defer { session.close() }
        try session.waitFor("│planet number 1 from the Sun")
        try session.sendKeys("Down")
        try session.waitFor("│planet number 2 from the Sun")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test func aBadPreviewWindowIsAUsageError() throws {
        let bad = try CommandLineErrorTests().run(["lines", "--preview", "cat {}", "--preview-window", "sideways", "/dev/null"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'sideways' is not a side (right, bottom)"))
        let size = try CommandLineErrorTests().run(["pick", "--preview", "cat {}", "--preview-window", "right:150%"])
        #expect(size.status == 2)
        #expect(size.stderr.contains("'150%' is not a side"))
    }
}

/// The panes of `lister json` and `lister sqlite`.
@Suite struct SourcePreviewEndToEndTests {
    @Test func jsonPreviewsTheSelectedValuePrettyPrinted() throws {
        let input = try temporaryInput(Array(#"[{"name": "ann", "langs": ["swift", "c"]}, {"name": "bo", "age": 7}]"#.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let session = try TmuxSession(lister: ["json", input.path], columns: 100)
        defer { session.close() }
        try session.waitFor("│  \"langs\": [")
        try session.sendKeys("Down")
        try session.waitFor("│  \"age\": 7")
        try session.sendKeys("q")
        _ = try session.waitForExit()
    }

    @Test func sqliteShowsTheSchemaThenTheSelectedRowsColumns() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-sqlite-preview")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("pets.db").path
        let status = try ChildProcess.run("/usr/bin/sqlite3", [database,
            "CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT, note TEXT); INSERT INTO pets VALUES (1, 'rex', NULL), (2, 'tom', 'a cat');"],
            environment: [:], stdout: "/dev/null", stderr: "/dev/null")
        #expect(status == 0, "sqlite3 makes the fixture (make deps installs it)")
        let session = try TmuxSession(lister: ["sqlite", database], columns: 110)
        defer { session.close() }
        try session.waitFor("│CREATE TABLE pets")
        try session.sendKeys("Enter")
        try session.waitFor("│name  rex")
        try session.sendKeys("Down")
        let second = try session.waitFor("│note  a cat")
        #expect(second.contains("│id    2"))
        try session.sendKeys("q")
        _ = try session.waitForExit()
    }
}
