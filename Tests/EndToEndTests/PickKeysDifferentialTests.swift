import Foundation
import Testing

/// The same keys typed into fzf 0.74.5 and into `lister pick`, with the same options and
/// input, must print the same lines and exit with the same status: what a script or a
/// shell binding receives. Each case also writes the expected output down, so lister's
/// side runs (and is checked) when fzf is not installed; only fzf's side is then skipped,
/// with a note.
@Suite struct PickKeysDifferentialTests {
    /// One run: input, options, the keys in steps (tmux key names; `"-l"` first types the
    /// rest literally, `"-gone"` first waits until no screen shows the rest), and what must
    /// come out.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var input = "alpha\nbeta\ngamma\n"
        var options: [String] = ["--print-query"]
        var environment: [String: String] = [:]
        /// Each step is one `send-keys` call.
        let steps: [[String]]
        /// Text both screens show before the last step (the query as edited, say), so the
        /// last key acts on the state the keys before it made.
        var settled: String?
        let output: String
        var status: Int32 = 1
        /// With `--history`: the file's lines before the run, and after it.
        var history: (before: String, after: String)?
        var testDescription: String { name }
    }

    /// Typing the line `text` literally.
    private static func type(_ text: String) -> [String] { ["-l", text] }

    /// Waiting until `text` is off the screen: the keys before it have been acted on.
    private static func gone(_ text: String) -> [String] { ["-gone", text] }

    /// The query typed first; no input line matches it or what the keys make of it, so
    /// Enter prints the query alone and exits with 1.
    private static let query = "foo bar.baz qux"
    private static func edit(_ name: String, _ keys: [[String]], query edited: String) -> Case {
        // The screen drops trailing blanks.
        var shown = "> " + edited
        while shown.last == " " { shown.removeLast() }
        return Case(name: name, steps: [type(query)] + keys + [["Enter"]], settled: shown, output: edited + "\n", status: 1)
    }

    static let editing: [Case] = [
        edit("Ctrl-A then typing", [["C-a"], type("X")], query: "Xfoo bar.baz qux"),
        edit("Home and End", [["Home"], type("X"), ["End"], type("Y")], query: "Xfoo bar.baz quxY"),
        edit("Ctrl-B, Ctrl-F", [["C-a"], ["C-f"], ["C-f"], ["C-b"], type("X")], query: "fXoo bar.baz qux"),
        edit("Left and Right", [["Left"], ["Left"], ["Left"], ["Right"], type("X")], query: "foo bar.baz qXux"),
        edit("Right at the end, Left at the start", [["Right"], ["C-a"], ["Left"], type("X")], query: "Xfoo bar.baz qux"),
        edit("Alt-B and Alt-F move by words", [["M-b"], ["M-b"], ["M-f"], type("X")], query: "foo bar.bazX qux"),
        edit("Alt-F from the start", [["C-a"], ["M-f"], ["M-f"], type("X")], query: "foo barX.baz qux"),
        edit("Ctrl-W kills back to a blank", [["C-w"], ["C-w"]], query: "foo "),
        edit("Alt-Backspace kills a word", [["M-BSpace"], ["M-BSpace"]], query: "foo bar."),
        edit("Alt-D kills the next word", [["C-a"], ["M-d"], ["M-d"]], query: ".baz qux"),
        edit("Ctrl-U kills to the start", [["M-b"], ["C-u"]], query: "qux"),
        edit("Ctrl-Y puts back the last kill", [["M-b"], ["C-u"], ["C-e"], ["C-y"]], query: "quxfoo bar.baz "),
        edit("Ctrl-Y twice", [["Left"], ["Left"], ["M-d"], ["C-y"], ["C-y"]], query: "foo bar.baz quxux"),
        edit("Ctrl-D deletes under the cursor", [["Left"], ["Left"], ["C-d"]], query: "foo bar.baz qx"),
        edit("Del at the start and at the end", [["DC"], ["C-a"], ["DC"]], query: "oo bar.baz qux"),
        edit("Backspace and Ctrl-H", [["BSpace"], ["C-h"]], query: "foo bar.baz q"),
        edit("Ctrl-K moves, it does not kill", [["C-a"], ["C-k"]], query: query),
        edit("Unbound Alt keys, Ctrl-Space, Ctrl-/, F1 and Alt-Up do not leave", [["M-x"], ["C-Space"], ["C-_"], ["F1"], ["M-Up"], type("!")],
             query: "foo bar.baz qux!"),
        // Combining characters are in LineEditorTests: fzf edits code points, lister characters.
        edit("wide characters", [["C-u"], type("日本語x"), ["Left"], ["Left"], ["BSpace"], ["C-a"], ["C-d"]], query: "語x"),
        Case(name: "Ctrl-D on an empty query leaves", steps: [["C-d"]], output: "", status: 130),
        Case(name: "Ctrl-U then Ctrl-D leaves", steps: [type("ab"), ["C-u"], ["C-d"]], output: "", status: 130),
        Case(name: "Esc leaves", steps: [type("ab"), ["Escape"]], output: "", status: 130),
    ]

    private static let five = "a1\na2\na3\na4\na5\n"
    private static func marks(_ name: String, _ options: [String], _ keys: [String], _ output: String) -> Case {
        Case(name: name, input: five, options: options, steps: keys.map { [$0] } + [["Enter"]], output: output, status: 0)
    }

    static let marking: [Case] = [
        marks("Tab stays at the bottom of the default layout", ["-m"], ["Tab", "Tab", "Tab"], "a1\n"),
        marks("Tab moves down the screen; marks print in the order marked", ["-m"], ["Up", "Up", "Up", "Tab", "Tab"], "a4\na3\n"),
        marks("Shift-Tab moves up the screen", ["-m"], ["Up", "Up", "Up", "BTab", "BTab"], "a4\na5\n"),
        marks("marks in order, default layout", ["-m"], ["Up", "Up", "Tab", "Up", "Up", "Tab", "Down", "Down", "Down", "Tab"], "a3\na4\na1\n"),
        marks("Tab in reverse", ["-m", "--layout=reverse"], ["Tab", "Tab", "Tab"], "a1\na2\na3\n"),
        marks("Shift-Tab in reverse", ["-m", "--layout=reverse"], ["Up", "BTab", "BTab"], "a1\n"),
        marks("Tab in reverse-list", ["-m", "--layout=reverse-list"], ["Down", "Down", "BTab", "BTab"], "a3\na2\n"),
        marks("--multi=2 stops at two", ["--multi=2"], ["Up", "Up", "Tab", "Up", "Up", "Tab", "Down", "Down", "Down", "Tab"], "a3\na4\n"),
        marks("--multi=1: the selection stays when full", ["--multi=1"], ["Up", "Up", "Tab", "Tab", "Up", "BTab"], "a4\n"),
        marks("--tac shows the last line first", ["--tac"], ["Up"], "a4\n"),
        marks("--tac with marks", ["-m", "--tac"], ["Up", "Up", "Tab", "Up", "Up", "Tab", "Down", "Down", "Down", "Tab"], "a3\na2\na5\n"),
        marks("--tac in reverse", ["-m", "--tac", "--layout=reverse"], ["Tab", "Tab"], "a5\na4\n"),
        Case(name: "--tac with a query ranks ties last first", input: five, options: ["--tac", "-q", "a"], steps: [["Enter"]],
             output: "a5\n", status: 0),
        // fzf's cursor keeps its place (the n-th row shown) when the query changes, emptied
        // too, and goes to the last match when there are fewer (no --track): the row
        // chosen before is not followed.
        Case(name: "a query typed after moving keeps the cursor's place", input: five, options: [],
             steps: [["Up"], ["Up"], type("a"), ["Enter"]], settled: "> a", output: "a3\n", status: 0),
        Case(name: "fewer matches than the cursor's place: the last", input: "b1\nb2\nb3\na4\na5\n", options: [],
             steps: [["Up"], ["Up"], type("a"), ["Enter"]], settled: "> a", output: "a5\n", status: 0),
        Case(name: "the cursor stays at the first row when the query empties", input: five, options: [],
             steps: [["Up"], ["Up"], type("3"), gone("a5"), ["BSpace"], ["Enter"]], settled: "a5", output: "a1\n", status: 0),
    ]

    static let looks: [Case] = [
        Case(name: "--ansi prints the text without escapes", input: "\u{1B}[31mred\u{1B}[0m x\nplain\n", options: ["--ansi", "-m"],
             steps: [["Up"], ["Tab"], ["Tab"], ["Enter"]], output: "plain\nred x\n", status: 0),
        Case(name: "--ansi with a query", input: "\u{1B}[31mred\u{1B}[0m x\nplain\n", options: ["--ansi", "--print-query"],
             steps: [type("red"), ["Enter"]], settled: "> red", output: "red\nred x\n", status: 0),
        Case(name: "--cycle wraps", input: five, options: ["--cycle"], steps: [["Down"], ["Enter"]], output: "a5\n", status: 0),
        Case(name: "--cycle wraps back", input: five, options: ["--cycle", "--layout=reverse"], steps: [["Up"], ["Down"], ["Down"], ["Enter"]],
             output: "a2\n", status: 0),
        Case(name: "--cycle: Tab at the bottom marks and wraps to the top", input: five, options: ["--cycle", "-m"],
             steps: [["Tab"], ["Tab"], ["Enter"]], output: "a1\na5\n", status: 0),
        Case(name: "--cycle: Shift-Tab at the top marks and wraps to the bottom", input: five,
             options: ["--cycle", "-m", "--layout=reverse"], steps: [["BTab"], ["BTab"], ["Enter"]], output: "a1\na5\n", status: 0),
        Case(name: "--cycle: Tab with a query wraps among the matches", input: five, options: ["--cycle", "-m"],
             steps: [type("a"), ["Tab"], ["Tab"], ["Enter"]], settled: "> a", output: "a1\na5\n", status: 0),
        Case(name: "a dotfile's look options in LISTER_DEFAULT_OPTS", input: five, options: ["-m"],
             environment: ["LISTER_DEFAULT_OPTS": "--border --info=inline --cycle --pointer=▶ --marker=✓ --color=dark "
                 + "--preview-window up,40%,border-bottom --prompt='» ' --margin=1 --padding 1 --no-scrollbar --keep-right "
                 + "--no-hscroll --border-label=pick --color=fg:-1,hl:red"],
             steps: [["Up"], ["Tab"], ["Down"], ["Down"], ["Tab"], ["Enter"]], output: "a2\na4\n", status: 0),
        Case(name: "a dotfile's display options in LISTER_DEFAULT_OPTS", input: five, options: ["-m"],
             environment: ["LISTER_DEFAULT_OPTS": "--scroll-off=1 --header-first --header=H --highlight-line --no-bold "
                 + "--ellipsis=… --tabstop=4 --no-header-first --scroll-off 2"],
             steps: [["Up"], ["Tab"], ["Up"], ["Up"], ["Tab"], ["Enter"]], output: "a2\na3\n", status: 0),
        Case(name: "--tabstop: the chosen line keeps its tabs", input: "a\tb\nc\td\n", options: ["--tabstop=2"],
             steps: [["Up"], ["Enter"]], output: "c\td\n", status: 0),
        Case(name: "--scroll-off: the keys pick the same line", input: (1...40).map { "n\($0)" }.joined(separator: "\n") + "\n",
             options: ["--scroll-off=5", "--layout=reverse"], steps: [["Down"], ["Down"], ["Down"], ["PageDown"], ["Up"], ["Enter"]],
             output: "n24\n", status: 0),
    ]

    private static let hundred = (1...100).map { "n\($0)" }.joined(separator: "\n") + "\n"
    private static let offsets = ["--bind", "ctrl-e:offset-down,ctrl-y:offset-up"]

    /// `offset-up` and `offset-down`: the list scrolls, the cursor stays until it would
    /// leave the rows kept in view (`--scroll-off`), then moves with it.
    static let offsetMoves: [Case] = [
        Case(name: "offset-down moves the cursor until the list can scroll (reverse)", input: hundred,
             options: offsets + ["--layout=reverse"], steps: [["C-e"], ["C-e"], ["C-e"], ["C-e"], ["C-e"], ["C-y"], ["Enter"]],
             output: "n6\n", status: 0),
        Case(name: "offset-up at the bottom moves the cursor (default layout)", input: hundred,
             options: offsets, steps: [["C-e"], ["C-e"], ["C-y"], ["Enter"]], output: "n2\n", status: 0),
        Case(name: "offset-up scrolls the list under the cursor (default layout)", input: hundred,
             options: offsets + ["--scroll-off=0"], steps: [["Up"], ["Up"], ["C-y"], ["C-y"], ["C-y"], ["C-e"], ["Enter"]],
             output: "n4\n", status: 0),
        Case(name: "offset-down among matches", input: hundred, options: offsets + ["--layout=reverse", "--print-query"],
             steps: [type("1"), ["C-e"], ["C-e"], ["C-e"], ["C-e"], ["C-e"], ["C-e"], ["Enter"]], settled: "> 1",
             output: "1\nn15\n", status: 0),
    ]

    static let history: [Case] = [
        Case(name: "--history: Ctrl-P walks back, Ctrl-N forward, the accepted query is appended",
             steps: [type("zz"), ["C-p"], ["C-p"], ["C-n"], ["Enter"]], settled: "> three", output: "three\n",
             history: (before: "one\ntwo\nthree\n", after: "one\ntwo\nthree\nthree\n")),
        Case(name: "--history: Ctrl-N after Ctrl-P brings back the typed line", steps: [type("zz"), ["C-p"], ["C-n"], ["Enter"]],
             settled: "> zz", output: "zz\n", history: (before: "one\n", after: "one\nzz\n")),
        Case(name: "--history: past the oldest stays there", steps: [["C-p"], ["C-p"], ["C-p"], ["Enter"]], settled: "> one",
             output: "one\n", history: (before: "one\ntwo\n", after: "one\ntwo\none\n")),
        Case(name: "--history: an empty query is not kept", options: [], steps: [["Enter"]], output: "alpha\n", status: 0,
             history: (before: "one\n", after: "one\n")),
        Case(name: "--history: Esc keeps nothing", steps: [type("x"), ["Escape"]], output: "", status: 130,
             history: (before: "one\n", after: "one\n")),
    ]

    @Test(arguments: history) func historyFile(_ test: Case) throws { try compare(test) }
    @Test(arguments: editing) func editingKeys(_ test: Case) throws { try compare(test) }
    @Test(arguments: marking) func marksAndOrder(_ test: Case) throws { try compare(test) }
    @Test(arguments: looks) func lookOptions(_ test: Case) throws { try compare(test) }
    @Test(arguments: offsetMoves) func offsetActions(_ test: Case) throws { try compare(test) }

    /// The terminal's cursor sits where the next character goes, on the prompt line.
    @Test func theCursorIsDrawnWhereTheEditHappens() throws {
        let file = try temporaryInput(Array("alpha\nbeta\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let command = "exec " + [try TmuxSession.listerPath(), "pick", "--layout=reverse"].map(PaneScript.shellQuote).joined(separator: " ")
            + " < " + PaneScript.shellQuote(file.path)
        let session = try TmuxSession(shell: command, captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/2")
        try session.type("日本 ab")
        try session.waitFor("> 日本 ab")
        // On the prompt's line (the first, as in fzf): "> " 2 cells, 日本 4, " ab" 3.
        try session.waitUntil("the cursor after ab") { _ in (try? session.cursor()).map { $0 == (column: 9, row: 0) } ?? false }
        try session.sendKeys("M-b")
        try session.waitUntil("the cursor before ab") { _ in (try? session.cursor().column) == 7 }
        try session.sendKeys("C-a")
        try session.waitUntil("the cursor after the prompt") { _ in (try? session.cursor().column) == 2 }
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 130)
    }

    /// `--no-color` and `--color=…,bw` draw without colours; attributes (bold) stay.
    @Test(arguments: [["--no-color"], ["--color=dark,bw"]]) func monochrome(_ options: [String]) throws {
        let file = try temporaryInput(Array("alpha\nbeta\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let command = "exec " + ([try TmuxSession.listerPath(), "pick"] + options).map(PaneScript.shellQuote).joined(separator: " ")
            + " < " + PaneScript.shellQuote(file.path)
        let session = try TmuxSession(shell: command, captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/2")
        let screen = try session.screen(escapes: true)
        // tmux writes 39 (the default colour) itself; any other 3x or 9x is a colour.
        let colour = screen.contains(/\x1B\[(3[0-8]|9[0-7])/)
        #expect(!colour, "no foreground colour: \(screen.debugDescription)")
        #expect(screen.contains(/\x1B\[(0;)?1m/), "bold stays: \(screen.debugDescription)")
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 130)
    }

    /// Runs the case on lister, checks it against the written expectation, then on fzf
    /// 0.74.5 when installed, and checks that too.
    private func compare(_ test: Case) throws {
        let lister = try run(test, program: [try TmuxSession.listerPath(), "pick"])
        #expect(lister.output == test.output, "lister pick: \(test.name)")
        #expect(lister.status == test.status, "lister pick: \(test.name)")
        guard let fzf = peerFzfPath() else {
            print("note: \(peerFzfMissingNote) (\(test.name))")
            return
        }
        var environment = test.environment
        if let defaults = environment.removeValue(forKey: "LISTER_DEFAULT_OPTS") { environment["FZF_DEFAULT_OPTS"] = defaults }
        let peer = try run(Case(name: test.name, input: test.input, options: test.options, environment: environment, steps: test.steps,
                                settled: test.settled, output: test.output, status: test.status, history: test.history), program: [fzf])
        #expect(peer.output == test.output, "fzf \(peerFzfVersion): \(test.name)")
        #expect(peer.status == test.status, "fzf \(peerFzfVersion): \(test.name)")
    }

    private func run(_ test: Case, program: [String]) throws -> (output: String, status: Int32) {
        let file = try temporaryInput(Array(test.input.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        var options = test.options
        var historyFile: URL?
        if let history = test.history {
            historyFile = try temporaryInput(Array(history.before.utf8))
            options.append("--history=" + historyFile!.path)
        }
        defer { if let historyFile { try? FileManager.default.removeItem(at: historyFile) } }
        let command = "exec " + (program + options).map(PaneScript.shellQuote).joined(separator: " ")
            + " < " + PaneScript.shellQuote(file.path)
        var environment = test.environment
        environment["FZF_DEFAULT_OPTS"] = environment["FZF_DEFAULT_OPTS"] ?? ""
        let session = try TmuxSession(shell: command, environment: environment, captureStdout: true)
        defer { session.close() }
        // Every line read: fzf counts "5/5", lister "1/5" (or "… of 5" when a query filters).
        let total = test.input.split(separator: "\n").count
        try session.waitUntil("every line read") { $0.contains("/\(total)") || $0.contains("of \(total)") }
        for (index, step) in test.steps.enumerated() {
            if index == test.steps.count - 1, let settled = test.settled { try session.waitFor(settled) }
            if step.first == "-l" {
                try session.type(step.dropFirst().joined())
            } else if step.first == "-gone" {
                _ = try session.waitForAbsence(of: step.dropFirst().joined())
            } else {
                try session.sendKeys(step)
            }
        }
        let status = try session.waitForExit()
        if let history = test.history, let historyFile {
            #expect(try String(contentsOf: historyFile, encoding: .utf8) == history.after, "the history file after \(program[0])")
        }
        return (try session.standardOutput(), status)
    }
}

private extension TmuxSession {
    func sendKeys(_ keys: [String]) throws {
        for key in keys { try sendKeys(key) }
    }
}
