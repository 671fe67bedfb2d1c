import Foundation
import Testing

/// The `--bind` actions that turn search off and on, take keys and events away, change the
/// prompt and header, and run commands whose output is a query, a prompt or actions
/// (fzf's ripgrep launcher: `--disabled`, `change:reload`, `unbind`, `enable-search`,
/// `transform`), and the marks and moves fzf 0.74.5 names besides: typed into fzf and into
/// `lister pick` with the same input, options and keys, what they print and their exit
/// status must be the same. The expected output is written here too, so lister's side runs
/// (and is checked) when fzf is missing.
@Suite struct PickSearchActionsDifferentialTests {
    /// What is done to the picker, in order.
    enum Step: CustomStringConvertible {
        /// tmux key names.
        case keys([String])
        /// Text typed into the query.
        case type(String)
        /// Waits until the screen shows this text.
        case wait(String)
        /// Waits until the screen no longer shows this text.
        case gone(String)
        /// Resizes the terminal.
        case resize(columns: Int, rows: Int)
        /// Turns the mouse wheel over the list (up: towards the top).
        case wheel(up: Bool)

        var description: String {
            switch self {
            case .keys(let keys): "keys \(keys.joined(separator: " "))"
            case .type(let text): "type \(text)"
            case .wait(let text): "wait \(text)"
            case .gone(let text): "gone \(text)"
            case .resize(let columns, let rows): "resize \(columns)x\(rows)"
            case .wheel(let up): up ? "wheel up" : "wheel down"
            }
        }
    }

    /// One comparison.
    struct Case: CustomStringConvertible {
        /// fzf's options (the same for `lister pick`); `@DIR@` is a new empty directory.
        var options: [String]
        /// The input.
        var input = "a1\nb2\nc3\n"
        /// A shell command whose output is the input instead, and what shows first (waited on
        /// before the steps) in place of `c3`.
        var command: (line: String, ready: String)? = nil
        /// What is done once the input shows (`c3`).
        var steps: [Step]
        /// What both print.
        var output: String
        /// Their exit status.
        var status: Int32 = 0

        var description: String { options.joined(separator: " ") + " " + steps.map(\.description).joined(separator: ", ") }
    }

    /// fzf's ripgrep launcher (its ADVANCED.md), with printf in place of rg.
    static let launcher = ["--disabled", "--bind", "change:reload:printf '%s\\n' x{q} y{q}",
                           "--bind", "ctrl-f:unbind(change)+change-prompt(2. fzf> )+enable-search+clear-query"]

    static let cases: [Case] = [
        // The query reloads while search is off; Ctrl-F then searches the lines it left.
        Case(options: launcher, steps: [.type("ab"), .wait("yab"), .keys(["C-f"]), .wait("2. fzf>"), .type("y"), .gone("xab"),
                                        .keys(["Enter"])], output: "yab\n"),
        // --disabled: the query filters nothing.
        Case(options: ["--disabled"], steps: [.type("c"), .wait("> c"), .keys(["Enter"])], output: "a1\n"),
        Case(options: ["--print-query", "--disabled"], steps: [.type("zz"), .wait("> zz"), .keys(["Enter"])], output: "zz\na1\n"),
        Case(options: ["--disabled", "--bind", "ctrl-a:enable-search"], steps: [.type("c"), .wait("> c"), .keys(["C-a"]), .gone("a1"),
                                                                              .keys(["Enter"])], output: "c3\n"),
        // Disabling keeps the matches shown, whatever is typed, until new lines come.
        Case(options: ["--bind", "ctrl-a:disable-search"], steps: [.type("c"), .gone("a1"), .keys(["C-a"]), .type("x"), .wait("> cx"),
                                                                 .keys(["Enter"])], output: "c3\n"),
        Case(options: ["--bind", "ctrl-a:disable-search,ctrl-r:reload(printf 'c9\\nx1\\n')"],
             steps: [.type("c"), .gone("a1"), .keys(["C-a"]), .type("x"), .wait("> cx"), .keys(["C-r"]), .wait("x1"), .keys(["Enter"])],
             output: "c9\n"),
        Case(options: ["--bind", "ctrl-a:disable-search,ctrl-e:enable-search"],
             steps: [.type("c"), .gone("a1"), .keys(["C-a"]), .type("x"), .wait("> cx"), .keys(["C-e"]), .gone("c3"), .keys(["Enter"])],
             output: "", status: 1),
        Case(options: ["--bind", "ctrl-a:toggle-search"], steps: [.type("c"), .gone("a1"), .keys(["C-a", "C-a"]), .keys(["Enter"])],
             output: "c3\n"),
        // unbind and rebind: a key unbound does nothing (a printable one is typed).
        Case(options: ["--bind", "c:accept,ctrl-b:unbind(c)"], steps: [.keys(["C-b"]), .type("c"), .gone("a1"), .keys(["Enter"])],
             output: "c3\n"),
        Case(options: ["--bind", "ctrl-a:accept,ctrl-b:unbind(ctrl-a)"],
             steps: [.keys(["C-b", "C-a"]), .type("b"), .gone("a1"), .keys(["Enter"])], output: "b2\n"),
        Case(options: ["--bind", "ctrl-a:accept,ctrl-b:unbind(ctrl-a),ctrl-r:rebind(ctrl-a)"],
             steps: [.keys(["C-b", "C-a"]), .type("b"), .gone("a1"), .keys(["C-r", "C-a"])], output: "b2\n"),
        Case(options: ["--bind", "ctrl-b:unbind(ctrl-e)"], steps: [.type("xb"), .keys(["Left", "C-b", "C-e", "BSpace"]), .gone("c3"),
                                                                 .keys(["Enter"])], output: "b2\n"),  // Ctrl-E's default edit is gone too
        Case(options: ["--bind", "change:execute-silent(echo {q} >> @DIR@/x),ctrl-b:unbind(change),ctrl-a:become(cat @DIR@/x)"],
             steps: [.type("a"), .gone("c3"), .keys(["C-b"]), .type("b"), .wait("> ab"), .keys(["C-a"])], output: "a\n"),
        Case(options: ["--bind", "change:execute-silent(echo {q} >> @DIR@/x),ctrl-b:unbind(change),ctrl-r:rebind(change),ctrl-a:become(cat @DIR@/x)"],
             steps: [.type("a"), .gone("c3"), .keys(["C-b"]), .type("b"), .wait("> ab"), .keys(["C-r"]), .keys(["C-a"])], output: "a\n"),
        // change-prompt, change-header, transform-*: their output is the prompt, header, query.
        Case(options: ["--bind", "ctrl-a:change-header(HDR)+change-prompt(P> )"], steps: [.keys(["C-a"]), .wait("P>"), .wait("HDR"),
                                                                                          .keys(["Enter"])], output: "a1\n"),
        Case(options: ["--bind", "ctrl-a:transform-header(echo H{q})+transform-prompt(echo Q:)"],
             steps: [.type("b"), .gone("a1"), .keys(["C-a"]), .wait("Q:"), .wait("Hb"), .keys(["Enter"])], output: "b2\n"),
        Case(options: ["--print-query", "--bind", "ctrl-a:transform-query(printf 'b\\nc\\n')"],
             steps: [.keys(["C-a"]), .gone("a1"), .keys(["Enter"])], output: "b\nb2\n"),  // the first line
        Case(options: ["--print-query", "--bind", "ctrl-a:transform-query(echo {q}{q}; exit 3)"],
             steps: [.type("c"), .gone("a1"), .keys(["C-a"]), .wait("> cc"), .keys(["Enter"])], output: "cc\n", status: 1),
        // transform: the actions printed run as a chain (on the lines shown before it).
        // (A search first: fzf 0.74.5 may show the lines before its first search is done.)
        Case(options: ["--print-query", "--bind", "ctrl-a:transform[echo 'change-query(c)+up+accept']"],
             steps: [.type("a"), .gone("c3"), .keys(["BSpace"]), .wait("c3"), .keys(["C-a"])], output: "c\nb2\n"),
        Case(options: ["--print-query", "--bind", "ctrl-a:transform:echo change-query:hello world+x"],
             steps: [.keys(["C-a"]), .wait("> hello world+x"), .keys(["Enter"])], output: "hello world+x\n", status: 1),
        // A failing command's output still runs (fzf), and the picker stays.
        Case(options: ["--print-query", "--bind", "ctrl-a:transform[echo 'change-query(c)'; exit 2]"],
             steps: [.keys(["C-a"]), .gone("a1"), .keys(["Enter"])], output: "c\nc3\n"),
        Case(options: ["--print-query", "--bind", "ctrl-a:transform(echo bogus),ctrl-b:put(b)"],
             steps: [.keys(["C-a", "C-b"]), .gone("a1"), .keys(["Enter"])], output: "b\nb2\n"),
        // transform's actions may read lines (a reload made while the picker runs).
        Case(options: ["--bind", "ctrl-a:transform[echo \"reload(echo x{q}; echo y{q})\"]"],
             steps: [.type("q"), .keys(["C-a"]), .wait("xq"), .keys(["BSpace", "C-a"]), .gone("xq"), .keys(["Enter"])], output: "x\n"),
        // fzf's variables in the commands' environment: ADVANCED.md's switch between modes tests $FZF_PROMPT.
        Case(options: ["--print-query", "--prompt", "1. rg> ", "--bind",
                       "ctrl-t:transform:[ \"${FZF_PROMPT#1}\" = \"$FZF_PROMPT\" ] && echo 'change-prompt(1. rg> )+change-query(c)' || echo 'change-prompt(2. fzf> )+change-query(b)'"],
             steps: [.keys(["C-t"]), .wait("2. fzf> b"), .keys(["C-t"]), .wait("1. rg> c"), .keys(["Enter"])], output: "c\nc3\n"),
        Case(options: ["--multi", "--bind",
                       "ctrl-a:transform-query(echo $FZF_QUERY-$FZF_MATCH_COUNT-$FZF_TOTAL_COUNT-$FZF_SELECT_COUNT-$FZF_POS-$FZF_INPUT_STATE)+print-query"],
             steps: [.type("b"), .gone("a1"), .keys(["Tab", "C-a"])], output: "b-1-3-1-1-enabled\n"),
        Case(options: ["--bind", "ctrl-a:transform-query(echo $FZF_POS-$FZF_DIRECTION)+print-query"], steps: [.keys(["Up", "C-a"])],
             output: "2-up\n"),
        // search(…): the matches of another query, the prompt kept; with search on, until the query changes.
        Case(options: ["--print-query", "--bind", "ctrl-a:search(b)"], steps: [.keys(["C-a"]), .gone("a1"), .keys(["Enter"])],
             output: "\nb2\n"),
        Case(options: ["--print-query", "--disabled", "--bind", "ctrl-a:search(b)"],
             steps: [.keys(["C-a"]), .gone("a1"), .type("c"), .wait("> c"), .keys(["Enter"])], output: "c\nb2\n"),
        Case(options: ["--print-query", "--bind", "ctrl-a:search(b)"],
             steps: [.type("a"), .gone("c3"), .keys(["C-a"]), .gone("a1"), .type("3"), .wait("> a3"), .keys(["Enter"])],
             output: "a3\n", status: 1),
        Case(options: ["--print-query", "--bind", "ctrl-a:transform-search(echo c)"], steps: [.keys(["C-a"]), .gone("a1"), .keys(["Enter"])],
             output: "\nc3\n"),
        // The preview: another command, run again, hidden and shown, wrapped (seen on the screens).
        Case(options: ["--preview", "echo P{}", "--bind", "ctrl-e:change-preview(echo NEW{})"],
             steps: [.wait("Pa1"), .keys(["C-e"]), .wait("NEWa1"), .keys(["Enter"])], output: "a1\n"),
        Case(options: ["--preview", "echo R$(cat @DIR@/n 2>/dev/null)", "--bind", "ctrl-r:execute-silent(echo 2 > @DIR@/n)+refresh-preview"],
             steps: [.wait("R"), .keys(["C-r"]), .wait("R2"), .keys(["Enter"])], output: "a1\n"),
        Case(options: ["--preview", "echo P{}", "--bind", "ctrl-x:hide-preview,ctrl-s:show-preview"],
             steps: [.wait("Pa1"), .keys(["C-s"]), .keys(["C-x"]), .gone("Pa1"), .keys(["C-x", "C-s"]), .wait("Pa1"), .keys(["Enter"])],
             output: "a1\n"),
        // 72 digits: two whole rows of both panes (36 columns inside the box), so END wraps whole.
        Case(options: ["--preview", "printf '%072d' 0; echo END", "--bind", "ctrl-w:toggle-preview-wrap"],
             steps: [.wait("000"), .keys(["C-w"]), .wait("END"), .keys(["Enter"])], output: "a1\n"),
        // Events: zero and one after each search with no match or one, multi, backward-eof.
        // (Each step changes what shows, so that neither program folds two searches into one.)
        Case(options: ["--bind", "zero:execute-silent(echo z{q} >> @DIR@/x),one:execute-silent(echo o{q} >> @DIR@/x),ctrl-a:become(cat @DIR@/x)"],
             steps: [.type("x"), .gone("a1"), .keys(["BSpace"]), .wait("a1"), .type("a"), .gone("c3"), .keys(["BSpace"]), .wait("c3"),
                     .type("b"), .gone("a1"), .keys(["C-a"])],
             output: "zx\noa\nob\n"),
        Case(options: ["--bind", "zero:abort"], steps: [.type("x")], output: "", status: 130),
        // The wheel runs its bindings in place of moving (down alone would stay on a1).
        Case(options: ["--bind", "scroll-up:change-query(b)"], steps: [.wheel(up: true), .gone("a1"), .keys(["Enter"])], output: "b2\n"),
        Case(options: ["--bind", "scroll-down:last"], steps: [.wheel(up: false), .keys(["Enter"])], output: "c3\n"),
        Case(options: ["--bind", "resize:last+change-prompt(R> )"], steps: [.resize(columns: 60, rows: 15), .wait("R>"), .keys(["Enter"])],
             output: "c3\n"),
        Case(options: ["--bind", "one:accept"], steps: [.type("b")], output: "b2\n"),
        Case(options: ["--bind", "backward-eof:last"], steps: [.type("b"), .gone("a1"), .keys(["BSpace"]), .wait("a1"), .keys(["BSpace", "Enter"])],
             output: "c3\n"),
        Case(options: ["--multi", "--bind", "multi:execute-silent(echo m{+} >> @DIR@/x),ctrl-a:select-all,ctrl-b:become(cat @DIR@/x)"],
             steps: [.keys(["Tab", "Tab", "C-a", "C-a", "C-b"])], output: "ma1\nma1\nma1 b2 c3\n"),
        // --sync: the picker shows once the input is read (Enter as soon as a1 shows takes
        // the last line read, first with --tac).
        Case(options: ["--sync", "--tac"], command: ("(echo a1; sleep 1; echo b2)", "a1"), steps: [.keys(["Enter"])], output: "b2\n"),
        Case(options: ["--tac"], command: ("(echo a1; sleep 2; echo b2)", "a1"), steps: [.keys(["Enter"])], output: "a1\n"),
        // --track: the selected line stays selected while the query matches it (without it,
        // the cursor keeps its place: x5).
        Case(options: ["--no-sort", "--track"], command: ("printf 'b1\\nx2\\nb3\\nx4\\nx5\\n'", "x5"),
             steps: [.keys(["Up", "Up", "Up"]), .type("x"), .gone("b1"), .keys(["Enter"])], output: "x4\n"),
        Case(options: ["--no-sort"], command: ("printf 'b1\\nx2\\nb3\\nx4\\nx5\\n'", "x5"),
             steps: [.keys(["Up", "Up", "Up"]), .type("x"), .gone("b1"), .keys(["Enter"])], output: "x5\n"),
        Case(options: ["--no-sort", "--track"], command: ("printf 'b1\\nx2\\nb3\\nx4\\nx5\\n'", "x5"),
             steps: [.keys(["Up", "Up", "Up"]), .type("x"), .gone("b1"), .keys(["BSpace"]), .wait("b1"), .keys(["Enter"])], output: "x4\n"),
        Case(options: ["--no-sort", "--bind", "ctrl-t:toggle-track"], command: ("printf 'b1\\nx2\\nb3\\nx4\\nx5\\n'", "x5"),
             steps: [.keys(["Up", "Up", "Up", "C-t"]), .type("x"), .gone("b1"), .keys(["Enter"])], output: "x4\n"),
        Case(options: ["--track"], command: ("printf 'x1\\nx2\\ny3\\n'", "y3"),
             steps: [.keys(["Up", "Up"]), .type("x"), .gone("y3"), .keys(["Enter"])], output: "x2\n"),  // no longer matched: its place
        // --filepath-word: a word is a part of a path (Alt-B, Alt-Backspace), not letters and digits.
        Case(options: ["--print-query", "--filepath-word"], steps: [.type("x/a-b.c"), .keys(["M-b"]), .type("Z"), .wait("> x/Z"), .keys(["Enter"])],
             output: "x/Za-b.c\n", status: 1),
        Case(options: ["--print-query", "--filepath-word"], steps: [.type("x/a-b.c"), .keys(["M-BSpace"]), .gone("a-b"), .keys(["Enter"])],
             output: "x/\n", status: 1),
        Case(options: ["--print-query"], steps: [.type("x/a-b.c"), .keys(["M-BSpace"]), .gone("b.c"), .keys(["Enter"])],
             output: "x/a-b.\n", status: 1),
        // Keys fzf 0.74.5 names (tmux sends what a terminal sends for them).
        Case(options: ["--bind", "ctrl-]:last+accept"], steps: [.keys(["C-]"])], output: "c3\n"),
        Case(options: ["--bind", "ctrl-\\:last+accept"], steps: [.keys(["C-\\"])], output: "c3\n"),
        Case(options: ["--bind", "ctrl-^:last+accept"], steps: [.keys(["C-^"])], output: "c3\n"),
        Case(options: ["--bind", "ctrl-alt-a:last+accept"], steps: [.keys(["C-M-a"])], output: "c3\n"),
        Case(options: ["--bind", "shift-left:last+accept"], steps: [.keys(["S-Left"])], output: "c3\n"),
        Case(options: ["--bind", "shift-right:last+accept"], steps: [.keys(["S-Right"])], output: "c3\n"),
        Case(options: ["--bind", "ctrl-delete:last+accept"], steps: [.keys(["C-DC"])], output: "c3\n"),
        Case(options: ["--bind", "alt-left:last+accept"], steps: [.keys(["M-Left"])], output: "c3\n"),
        Case(options: ["--print-query"], steps: [.type("b xx"), .keys(["S-Left", "S-Left"]), .type("z"), .wait("> zb"), .keys(["Enter"])],
             output: "zb xx\n", status: 1),  // Shift-Left: a word back, by default
        // preview(CMD): one run in the pane (opened for it); with --preview, moving runs that again.
        Case(options: ["--bind", "ctrl-p:preview(echo PV{})"], steps: [.keys(["C-p"]), .wait("PVa1"), .keys(["Up"]), .wait("PVa1"),
                                                                      .keys(["Enter"])], output: "b2\n"),
        Case(options: ["--preview", "echo D{}", "--bind", "ctrl-p:preview(echo PV{})"],
             steps: [.wait("Da1"), .keys(["C-p"]), .wait("PVa1"), .keys(["Up"]), .wait("Db2"), .keys(["Enter"])], output: "b2\n"),
        // Marks and moves.
        Case(options: ["--multi", "--layout=reverse", "--bind", "ctrl-a:clear-selection+accept"], steps: [.keys(["Tab", "Tab", "C-a"])],
             output: "c3\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:toggle-in"], steps: [.keys(["C-a", "C-a", "Enter"])], output: "a1\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:toggle-out"], steps: [.keys(["C-a", "C-a", "Enter"])], output: "a1\nb2\n"),
        Case(options: ["--multi", "--layout=reverse", "--bind", "ctrl-a:toggle-in"], steps: [.keys(["C-a", "C-a", "Enter"])],
             output: "a1\n"),
        Case(options: ["--multi", "--layout=reverse", "--bind", "ctrl-a:toggle-out"], steps: [.keys(["C-a", "C-a", "Enter"])],
             output: "a1\nb2\n"),
        // pos(N): 1 (and 0) the first match, -1 the last, clamped; half pages, on the screen.
        Case(options: ["--bind", "ctrl-a:pos(2)"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.keys(["C-a", "Enter"])], output: "b2\n"),
        Case(options: ["--bind", "ctrl-a:pos(-2)"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.keys(["C-a", "Enter"])], output: "d4\n"),
        Case(options: ["--bind", "ctrl-a:last+pos(0)"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.keys(["C-a", "Enter"])], output: "a1\n"),
        Case(options: ["--bind", "ctrl-a:pos(9)"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.keys(["C-a", "Enter"])], output: "e5\n"),
        Case(options: ["--bind", "ctrl-a:pos(-9)"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.keys(["C-a", "Enter"])], output: "a1\n"),
        Case(options: ["--bind", "ctrl-a:pos(3)"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.type("2"), .gone("a1"), .keys(["C-a", "Enter"])],
             output: "b2\n"),  // among the matches: one
        Case(options: ["--bind", "ctrl-a:half-page-up"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.keys(["C-a", "Enter"])], output: "e5\n"),
        Case(options: ["--bind", "ctrl-a:half-page-down"], input: "a1\nb2\nc3\nd4\ne5\n", steps: [.keys(["C-a", "Enter"])], output: "a1\n"),
        Case(options: ["--layout=reverse", "--bind", "ctrl-a:half-page-down"], input: "a1\nb2\nc3\nd4\ne5\n",
             steps: [.keys(["C-a", "Enter"])], output: "e5\n"),
        Case(options: ["--bind", "ctrl-a:up-match,ctrl-b:down-match"], steps: [.keys(["C-a", "C-a", "C-b", "Enter"])], output: "b2\n"),
    ]

    /// Runs `program` (a shell word: fzf's path or lister's with `pick`) on the input with
    /// `check`'s options and steps; returns what it printed and its status.
    private func run(_ program: String, _ check: Case) throws -> (output: String, status: Int32) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-search")
        defer { try? FileManager.default.removeItem(at: directory) }
        let words = check.options.map { PaneScript.shellQuote($0.replacingOccurrences(of: "@DIR@", with: directory.path)) }
            .joined(separator: " ")
        let input = check.command?.line ?? "printf '\(check.input.replacingOccurrences(of: "\n", with: "\\n"))'"
        let session = try TmuxSession(shell: "\(input) | \(program) \(words)",
                                      environment: ["LISTER_DEFAULT_OPTS": "", "FZF_DEFAULT_OPTS": ""], captureStdout: true)
        defer { session.close() }
        try session.waitFor(check.command?.ready ?? "c3")
        for step in check.steps {
            switch step {
            case .keys(let keys): for key in keys { try session.sendKeys(key) }
            case .type(let text): try session.type(text)
            case .wait(let text): try session.waitFor(text)
            case .gone(let text): try session.waitForAbsence(of: text)
            case .resize(let columns, let rows): try session.resize(columns: columns, rows: rows)
            case .wheel(let up):
                // What the terminal sends in the mode each asked for: fzf's SGR reports, lister's
                // (curses') first encoding.
                if program.contains("lister") {
                    try session.mouse(up ? .wheelUp : .wheelDown, column: 4, row: 6)
                } else {
                    try session.type("\u{1B}[<\(up ? 64 : 65);5;7M")
                }
            }
        }
        let status = try session.waitForExit()
        return (try session.standardOutput(), status)
    }

    @Test(arguments: cases)
    func listerPrintsAndExitsAsFzfDoes(_ check: Case) throws {
        let (lister, fzf) = try pickAndPeer { try run($0, check) }
        let expected = PickOutcome(output: check.output, status: check.status)
        #expect(lister == expected, "lister pick: \(check)")
        if let fzf { #expect(fzf == expected, "fzf \(peerFzfVersion): \(check)") }
    }
}
