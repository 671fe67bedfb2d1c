import Foundation
import Testing

/// `--bind` actions, typed into fzf 0.74.5 and into `lister pick` with the same input, options
/// and keys: what they print and their exit status must be the same. The expected output is
/// written here too, so lister's side runs (and is checked) when fzf is missing.
@Suite struct PickBindDifferentialTests {
    /// One comparison.
    struct Case: CustomStringConvertible {
        /// fzf's options (the same for `lister pick`).
        var options: [String]
        /// The input, when not ``PickBindDifferentialTests/input``.
        var input: String = PickBindDifferentialTests.input
        /// What shows once the input is read (waited on before any key); nil: no wait
        /// (the picker may end on an event before it could be seen).
        var ready: String? = "c3"
        /// tmux key names sent first, before the query.
        var firstKeys: [String] = []
        /// A query typed first (waited on until `matches` matches show), if any.
        var query: String? = nil
        /// How many of the three input lines match `query` (and, for `thenKeys`, after `keys`).
        var matches = 1
        /// tmux key names sent once the input shows.
        var keys: [String]
        /// Keys sent after `keys` once one match of three shows (their query changed), if any.
        var thenKeys: [String] = []
        /// What both print.
        var output: String
        /// What shows once `keys` have done their work (waited on before `thenKeys`) instead
        /// of `matches` matches of three.
        var thenReady: String? = nil
        /// A line typed into the command of `execute` once it shows `prompt`; then `lastKeys`
        /// are sent once the picker is back.
        var typedInCommand: String? = nil
        /// Keys sent last (see `typedInCommand`).
        var lastKeys: [String] = []
        /// Their exit status.
        var status: Int32 = 0
        /// What fzf may print instead when it is slow: its chain can see the query it
        /// changed matched before `accept` runs (seen once in CI under load). Lister's
        /// order is fixed and must print `output`.
        var fzfUnderLoad: String? = nil

        var description: String { options.joined(separator: " ") + " keys: \(keys)" }
    }

    static let input = "a1\nb2\nc3\n"

    static let cases: [Case] = [
        Case(options: ["--bind", "ctrl-a:print-query"], query: "b", keys: ["C-a"], output: "b\n"),
        Case(options: ["--bind", "ctrl-a:print-query+accept"], query: "b", keys: ["C-a"], output: "b\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:select-all+accept"], keys: ["C-a"], output: "a1\nb2\nc3\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:select-all+deselect-all+accept"], keys: ["C-a"], output: "a1\n"),
        Case(options: ["--multi", "--layout=reverse", "--bind", "ctrl-a:toggle-all+accept"], keys: ["Tab", "C-a"], output: "b2\nc3\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:select-all+accept"], query: "b", keys: ["C-a"], output: "b2\n"),  // the matches only
        Case(options: ["--bind", "ctrl-a:last+accept"], keys: ["C-a"], output: "c3\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:select+up+select+accept"], keys: ["C-a"], output: "a1\nb2\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:toggle+up+toggle+toggle+accept"], keys: ["C-a"], output: "a1\n"),
        // Marked again after an unmark: its place is its last marking.
        Case(options: ["--multi", "--layout=reverse", "--bind", "ctrl-a:toggle+down+toggle+up+toggle+toggle+accept"], keys: ["C-a"],
             output: "b2\na1\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:select+deselect+up+accept"], keys: ["C-a"], output: "b2\n"),
        Case(options: ["--bind", "ctrl-a:accept-non-empty"], query: "b", keys: ["C-a"], output: "b2\n"),
        Case(options: ["--multi=2", "--bind", "ctrl-a:select-all+accept"], keys: ["C-a"], output: "a1\nb2\n"),  // at most 2
        Case(options: ["--multi", "--bind", "ctrl-a:last+select+first+select+accept"], keys: ["C-a"], output: "c3\na1\n"),  // marked order
        Case(options: ["--bind", "ctrl-a:last+first+accept"], keys: ["C-a"], output: "a1\n"),
        Case(options: ["--bind", "ctrl-a:abort"], keys: ["C-a"], output: "", status: 130),
        Case(options: ["--bind", "ctrl-a:become(echo hi {}; exit 3)"], keys: ["C-a"], output: "hi a1\n", status: 3),
        Case(options: ["--bind", "ctrl-a:become(echo {n} {q} {+})"], query: "c", keys: ["C-a"], output: "2 c c3\n"),
        Case(options: ["--multi", "--layout=reverse", "--bind", "ctrl-a:become(printf '%s\\n' {+} {+n})"], keys: ["Tab", "Tab", "C-a"],
             output: "a1\nb2\n0\n1\n"),
        Case(options: ["-d", "1", "--bind", "ctrl-a:become(echo {1}-{-1}-{..})"], query: "b", keys: ["C-a"], output: "b2-b2-b2\n"),
        Case(options: ["--bind", "ctrl-a:become:echo a,b"], keys: ["C-a"], output: "a,b\n"),
        Case(options: ["--bind", "ctrl-a:become[echo x]+abort"], keys: ["C-a"], output: "x\n"),
        Case(options: ["--bind", "ctrl-a:become~cat {+f}~"], keys: ["C-a"], output: "a1\n"),
        Case(options: ["--bind", "ctrl-a:ignore,ctrl-b:accept"], keys: ["C-a", "C-b"], output: "a1\n"),
        Case(options: ["--bind", "ctrl-a:change-query(b),ctrl-b:print-query"], keys: ["C-a"], thenKeys: ["C-b"], output: "b\n"),
        Case(options: ["--bind", "ctrl-a:put(c3)"], keys: ["C-a"], thenKeys: ["Enter"], output: "c3\n"),
        Case(options: ["--bind", "ctrl-a:clear-query+put(b)"], query: "c", keys: ["C-a"], thenKeys: ["Enter"], output: "b2\n"),
        Case(options: ["--bind", "ctrl-a:kill-line"], keys: ["b", "x", "y", "Left", "Left", "C-a"], thenKeys: ["Enter"], output: "b2\n"),
        Case(options: ["--bind", "ctrl-a:backward-kill-word"], keys: ["b", " ", "x", "y", "C-a"], thenKeys: ["Enter"], output: "b2\n"),
        Case(options: ["--bind", "ctrl-a:unix-line-discard+put(a)"], keys: ["x", "y", "C-a"], thenKeys: ["Enter"], output: "a1\n"),
        Case(options: ["--bind", "ctrl-a:execute-silent(echo {} {q} > @DIR@/x)+become(cat @DIR@/x)"], query: "b", keys: ["C-a"],
             output: "b2 b\n"),
        Case(options: ["--bind", "ctrl-a:execute-silent(echo oops >&2; exit 4)"], keys: ["C-a", "Enter"], output: "a1\n"),
        Case(options: ["--multi", "--bind", "ctrl-a:select-all+execute-silent(printf '%s,' {+} > @DIR@/x)+deselect-all+become(cat @DIR@/x)"],
             keys: ["C-a"], output: "a1,b2,c3,"),
        // execute: the command has the terminal (it reads a line typed into it), then the picker is back.
        Case(options: ["--bind", "ctrl-a:execute(echo prompt; read x; echo {} $x > @DIR@/x),ctrl-b:become(cat @DIR@/x)"],
             keys: ["C-a"], output: "a1 typed\n", typedInCommand: "typed", lastKeys: ["C-b"]),
        Case(options: ["--bind", "ctrl-a:backward-delete-char"], keys: ["c", "x", "C-a"], thenKeys: ["Enter"], output: "c3\n"),
        // reload: the list is the command's output, the query kept, the marks cleared.
        Case(options: ["--multi", "--bind", "ctrl-a:reload(printf 'x1\\nb9\\nb2\\n')"], keys: ["Tab", "Tab", "C-a"],
             thenKeys: ["Tab", "Enter"], output: "x1\n", thenReady: "x1"),
        Case(options: ["--bind", "ctrl-a:reload(printf '%s\\n' x1 {q}9 b2)"], query: "b", keys: ["C-a"], thenKeys: ["Enter"],
             output: "b9\n", thenReady: "b9"),
        Case(options: ["--bind", "ctrl-a:reload-sync(printf 'x1\\ny2\\n')"], keys: ["C-a"], thenKeys: ["Enter"], output: "x1\n",
             thenReady: "y2"),
        // A failing command: the picker stays, with no lines (Enter: nothing, status 1).
        Case(options: ["--bind", "ctrl-a:reload(echo oops >&2; exit 3)"], keys: ["C-a"], thenKeys: ["Enter"], output: "",
             thenReady: "failed", status: 1),
        // toggle-sort: the matches in input order, and back.
        Case(options: ["--bind", "ctrl-a:toggle-sort"], input: "xab\nab\nc3\n", firstKeys: ["C-a"], query: "ab", matches: 2,
             keys: ["Enter"], output: "xab\n"),
        Case(options: ["--no-sort", "--bind", "ctrl-a:toggle-sort"], input: "xab\nab\nc3\n", firstKeys: ["C-a"], query: "ab",
             matches: 2, keys: ["Enter"], output: "ab\n"),
        // A chain's accept takes the row shown before the chain changed the query or the order.
        Case(options: ["--bind", "ctrl-a:toggle-sort+accept"], input: "xab\nab\nc3\n", query: "ab", matches: 2, keys: ["C-a"],
             output: "ab\n"),
        Case(options: ["--print-query", "--bind", "ctrl-a:change-query(b)+accept"], keys: ["C-a"], output: "b\na1\n",
             fzfUnderLoad: "b\nb2\n"),
        // delete-char/eof: deletes under the cursor; on an empty query, leaves.
        Case(options: ["--bind", "ctrl-a:delete-char/eof"], keys: ["C-a"], output: "", status: 130),
        Case(options: ["--bind", "ctrl-a:delete-char/eof"], keys: ["b", "c", "Left", "C-a"], thenKeys: ["Enter"], output: "b2\n"),
        // Events.
        Case(options: ["--bind", "load:last+accept"], ready: nil, keys: [], output: "c3\n"),
        Case(options: ["--bind", "start:reload(printf 'x1\\ny2\\n')"], ready: "y2", keys: ["Enter"], output: "x1\n"),
        Case(options: ["--bind", "result:last"], keys: ["Enter"], output: "c3\n"),
        Case(options: ["--bind", "change:execute-silent(echo {q} >> @DIR@/x),ctrl-a:become(cat @DIR@/x)"], query: "b", keys: ["C-a"],
             output: "b\n"),
        Case(options: ["--bind", "focus:execute-silent(echo {} >> @DIR@/x),ctrl-a:become(cat @DIR@/x)"], query: "b", keys: ["C-a"],
             output: "a1\nb2\n"),
    ]

    /// Runs `program` (a shell word: fzf's path or lister's with `pick`) on the input with
    /// `check`'s options and keys (`@DIR@` in an option: a new empty directory); returns
    /// what it printed and its status.
    private func run(_ program: String, _ check: Case) throws -> (output: String, status: Int32) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-bind")
        defer { try? FileManager.default.removeItem(at: directory) }
        let words = check.options.map { PaneScript.shellQuote($0.replacingOccurrences(of: "@DIR@", with: directory.path)) }
            .joined(separator: " ")
        let session = try TmuxSession(shell: "printf '\(check.input.replacingOccurrences(of: "\n", with: "\\n"))' | \(program) \(words)",
                                      environment: ["LISTER_DEFAULT_OPTS": "", "FZF_DEFAULT_OPTS": ""], captureStdout: true)
        defer { session.close() }
        if let ready = check.ready { try session.waitFor(ready) }
        // fzf counts "1/3", lister "1/1 of 3": either way `matches` matches of three show.
        let matched = { (screen: String) in screen.contains("\(check.matches)/3") || screen.contains("/\(check.matches) of 3") }
        for key in check.firstKeys { try session.sendKeys(key) }
        if let query = check.query {
            try session.type(query)
            try session.waitUntil("\(check.matches) of three match", matched)
        }
        for key in check.keys { try session.sendKeys(key) }
        if !check.thenKeys.isEmpty {
            if let ready = check.thenReady {
                try session.waitFor(ready)
            } else {
                try session.waitUntil("\(check.matches) of three match", matched)
            }
            for key in check.thenKeys { try session.sendKeys(key) }
        }
        if let line = check.typedInCommand {
            try session.waitFor("prompt")  // the command's output, on the terminal it was given
            try session.type(line)
            try session.sendKeys("Enter")
            try session.waitUntil("the picker back") { !$0.contains("prompt") && $0.contains("c3") }
            for key in check.lastKeys { try session.sendKeys(key) }
        }
        let status = try session.waitForExit()
        return (try session.standardOutput(), status)
    }

    @Test(arguments: cases)
    func listerPrintsAndExitsAsFzfDoes(_ check: Case) throws {
        let (lister, fzf) = try pickAndPeer { try run($0, check) }
        let expected = PickOutcome(output: check.output, status: check.status)
        #expect(lister == expected, "lister pick: \(check)")
        if let fzf {
            let alternative = check.fzfUnderLoad.map { PickOutcome(output: $0, status: check.status) }
            #expect(fzf == expected || fzf == alternative, "fzf \(peerFzfVersion): \(check)")
        }
    }
}
