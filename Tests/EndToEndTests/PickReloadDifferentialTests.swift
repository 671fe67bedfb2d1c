import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a script receives from `reload`, chains of actions and the `result` event: typed into
/// fzf 0.74.5 and into `lister pick` with the same input, options and keys, both must print
/// the same and exit with the same status. The expected output is written here too, so
/// lister's side runs (and is checked) when fzf is missing.
@Suite struct PickReloadDifferentialTests {
    /// One thing to do to the picker.
    enum Step {
        /// tmux key names, sent in order.
        case keys([String])
        /// Text typed.
        case type(String)
        /// Waits until the screen shows the text.
        case wait(String)
        /// Waits until the screen shows any of the texts (fzf and lister draw some things
        /// differently: `@ b2` and `@b2`).
        case waitAny([String])
        /// Waits until `matches` rows of `total` match the query: fzf counts `2/5`, lister
        /// `1/2 of 5`.
        case matches(Int, of: Int)
    }

    /// One comparison.
    struct Case: CustomStringConvertible {
        var name: String
        /// A shell command that writes the input (`@DIR@`: a new empty directory). Its
        /// process writes its pid to `@DIR@/producer` when it does not end by itself.
        var producer: String
        /// fzf's options (the same for `lister pick`).
        var options: [String]
        var steps: [Step]
        /// What both print.
        var output: String
        var status: Int32 = 0

        var description: String { name }
    }

    private static let five = "printf '%s\\n' a1 a2 a3 a4 a5"
    private static let chained = "printf '%s\\n' a1 ab1 ab2 b3 ab4"

    /// `options` of `--bind ctrl-a:ACTIONS` on ``chained``, then Ctrl-A (and `then`).
    private static func chain(_ actions: String, then: [Step] = [], output: String) -> Case {
        Case(name: actions, producer: chained, options: ["--multi", "--bind", "ctrl-a:" + actions],
             steps: [.wait("ab4"), .keys(["C-a"])] + then, output: output)
    }

    static let cases: [Case] = [
        // 1. A reload keeps the cursor's place among the matches, not its row.
        Case(name: "reload keeps the cursor's place among the new matches", producer: five,
             options: ["--bind", "ctrl-a:reload(printf '%s\\n' x1 a6 a7 a8 a9 b1)"],
             steps: [.type("a"), .matches(5, of: 5), .keys(["Up", "Up", "C-a"]), .matches(4, of: 6), .keys(["Enter"])],
             output: "a8\n"),
        Case(name: "reload-sync keeps it too", producer: five,
             options: ["--bind", "ctrl-a:reload-sync(printf '%s\\n' x1 a6 a7 a8 a9 b1)"],
             steps: [.type("a"), .matches(5, of: 5), .keys(["Up", "Up", "C-a"]), .matches(4, of: 6), .keys(["Enter"])],
             output: "a8\n"),
        Case(name: "fewer matches after the reload: the last one", producer: five,
             options: ["--bind", "ctrl-a:reload(printf '%s\\n' x1 a6 b1)"],
             steps: [.type("a"), .matches(5, of: 5), .keys(["Up", "Up", "C-a"]), .matches(1, of: 3), .keys(["Enter"])],
             output: "a6\n"),
        // The first line comes alone: the cursor is put on it, and stays while the rest comes.
        Case(name: "a slow reload's first line takes the cursor", producer: five,
             options: ["--bind", "ctrl-a:reload(echo x1; sleep 1; printf '%s\\n' y2 y3 y4 y5)"],
             steps: [.wait("a5"), .keys(["Up", "Up", "C-a"]), .wait("y5"), .keys(["Enter"])], output: "x1\n"),
        // 2. Chains: moves, marks and accept act on the rows shown when the chain began.
        chain("change-query(ab)+up+accept", output: "ab1\n"),
        chain("change-query(b)+up+up+accept", output: "ab2\n"),
        chain("change-query(ab)+toggle+accept", output: "a1\n"),
        chain("change-query(b)+become(echo {q} {})", output: "b a1\n"),
        chain("reload(printf '%s\\n' x1 x2)+accept", output: "a1\n"),
        chain("reload(printf '%s\\n' x1 x2)+up+accept", output: "ab1\n"),
        // After the chain, the new matches (rows) are entered at the cursor's place.
        chain("change-query(ab)+up", then: [.matches(3, of: 5), .keys(["Enter"])], output: "ab2\n"),
        chain("up+reload(printf '%s\\n' x1 x2 x3)+up", then: [.wait("x3"), .keys(["Enter"])], output: "x3\n"),
        // 3. `result` fires while the input is still being read (it has not ended).
        Case(name: "result while the input streams", producer: "sh -c 'printf \"a1\\nb2\\n\"; echo $$ > @DIR@/producer; exec sleep 60'",
             options: ["--pointer", "@", "--bind", "result:last"], steps: [.waitAny(["@ b2", "@b2"]), .keys(["Enter"])],
             output: "b2\n"),
        // 4. --header-lines: a reload's first lines are the header; {n} counts them.
        Case(name: "a reload's first lines are the header", producer: "printf '%s\\n' h1 a1 a2",
             options: ["--header-lines", "1", "--bind", "ctrl-a:reload(printf '%s\\n' h2 x1 x2),ctrl-b:become(echo {n} {})"],
             steps: [.wait("a2"), .keys(["C-a"]), .wait("x2"), .keys(["Up", "C-b"])], output: "2 x2\n"),
        Case(name: "{n} counts the header lines", producer: "printf '%s\\n' h1 a1 a2",
             options: ["--header-lines", "1", "--bind", "ctrl-a:become(echo {n} {})"],
             steps: [.wait("a2"), .keys(["Up", "C-a"])], output: "2 a2\n"),
    ]

    /// fzf's variables in the environment of `reload`, `execute` and `become` commands, as
    /// scripts written for fzf read them.
    static let variables: [Case] = [
        Case(name: "reload sees FZF_QUERY, the counts, FZF_POS and FZF_KEY", producer: five,
             options: ["--bind", "ctrl-a:reload(echo q=$FZF_QUERY m=$FZF_MATCH_COUNT t=$FZF_TOTAL_COUNT p=$FZF_POS pr=$FZF_PROMPT k=$FZF_KEY)"],
             steps: [.type("a"), .matches(5, of: 5), .keys(["Up", "C-a"]), .wait("q=a"), .keys(["Enter"])],
             output: "q=a m=5 t=5 p=2 pr=> k=ctrl-a\n"),
        Case(name: "execute sees FZF_SELECT_COUNT and FZF_QUERY", producer: five,
             options: ["--multi", "--bind", "ctrl-a:execute(echo q=$FZF_QUERY s=$FZF_SELECT_COUNT k=$FZF_KEY > @DIR@/seen)+change-prompt(X> )",
                       "--bind", "ctrl-r:reload(cat @DIR@/seen)"],
             // The prompt changes once the command has given the terminal back.
             steps: [.type("a"), .matches(5, of: 5), .keys(["BTab", "BTab", "C-a"]), .wait("X> a"), .keys(["C-r"]), .wait("s=2"),
                     .keys(["Enter"])],
             output: "q=a s=2 k=ctrl-a\n"),
        Case(name: "become sees FZF_QUERY, FZF_PROMPT and FZF_KEY", producer: five,
             options: ["--prompt", "P> ", "--bind", "ctrl-b:become(echo q=$FZF_QUERY k=$FZF_KEY pr=$FZF_PROMPT)"],
             steps: [.type("a3"), .matches(1, of: 5), .keys(["C-b"])], output: "q=a3 k=ctrl-b pr=P>\n"),
    ]

    /// Runs `program` (a shell word: fzf's path or lister's with `pick`) on the case's input
    /// with its options and steps; returns what it printed and its status.
    private func run(_ program: String, _ check: Case) throws -> (output: String, status: Int32) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-reload")
        defer { try? FileManager.default.removeItem(at: directory) }
        let expand = { (text: String) in text.replacingOccurrences(of: "@DIR@", with: directory.path) }
        let words = check.options.map { PaneScript.shellQuote(expand($0)) }.joined(separator: " ")
        let session = try TmuxSession(shell: "\(expand(check.producer)) | \(program) \(words)",
                                      environment: ["LISTER_DEFAULT_OPTS": "", "FZF_DEFAULT_OPTS": ""], captureStdout: true)
        defer { session.close() }
        // A producer that never ends by itself is ended once the picker has printed (or
        // the test failed).
        let producer = directory.appendingPathComponent("producer")
        let producerPID = { (try? String(contentsOf: producer, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        defer { if let pid = producerPID() { _ = ChildProcess.signal(SIGTERM, to: pid) } }
        for step in check.steps {
            switch step {
            case .keys(let keys): for key in keys { try session.sendKeys(key) }
            case .type(let text): try session.type(text)
            case .wait(let text): try session.waitFor(text)
            case .waitAny(let texts): try session.waitUntil("any of \(texts)") { screen in texts.contains { screen.contains($0) } }
            case .matches(let matches, let total):
                try session.waitUntil("\(matches) of \(total) match") { $0.contains("\(matches)/\(total)") || $0.contains("/\(matches) of \(total)") }
            }
        }
        if let pid = producerPID() {
            _ = try session.waitUntil("the picker to end") { _ in (try? session.standardOutput()).map { !$0.isEmpty } ?? false }
            _ = ChildProcess.signal(SIGTERM, to: pid)
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

    @Test(arguments: variables)
    func commandsSeeFzfsVariables(_ check: Case) throws {
        let (lister, fzf) = try pickAndPeer { try run($0, check) }
        let expected = PickOutcome(output: check.output, status: check.status)
        #expect(lister == expected, "lister pick: \(check)")
        if let fzf { #expect(fzf == expected, "fzf \(peerFzfVersion): \(check)") }
    }
}
