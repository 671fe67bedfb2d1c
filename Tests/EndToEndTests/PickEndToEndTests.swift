import Foundation
import Testing

/// `lister pick --filter` against fzf's own `--filter`, its options, and the extended
/// syntax in `lister lines`' `/` filter.
@Suite struct PickEndToEndTests {
    /// Runs `command` through `sh -c`; returns the status, stdout and stderr.
    private func shell(_ command: String, environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-pick")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path, err = directory.appendingPathComponent("err").path
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        let status = try ChildProcess.run("/bin/sh", ["-c", command], environment: env, stdout: out, stderr: err)
        return (status, try String(contentsOfFile: out, encoding: .utf8), try String(contentsOfFile: err, encoding: .utf8))
    }

    private func lister() throws -> String { PaneScript.shellQuote(try TmuxSession.listerPath()) }

    @Test func filterPrintsMatchesInRankOrderAndExitsOneWhenNone() throws {
        let input = try temporaryInput(Array("xmxaxixn\nsrc/main.swift\nmain\ntests/main_test.py\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let (status, out, _) = try shell("\(try lister()) pick --filter main < '\(input.path)'")
        #expect(status == 0)
        #expect(out == "main\nsrc/main.swift\ntests/main_test.py\nxmxaxixn\n")
        let none = try shell("\(try lister()) pick -f zzz < '\(input.path)'")
        #expect(none.0 == 1 && none.1.isEmpty)
        let tac = try shell("\(try lister()) pick -f main +s --tac < '\(input.path)'")
        #expect(tac.1 == "tests/main_test.py\nmain\nsrc/main.swift\nxmxaxixn\n")
    }

    @Test func defaultOptionsApplyFirstAndTheCommandLineWins() throws {
        let input = try temporaryInput(Array("b1\na1\nA1\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let (status, out, _) = try shell("\(try lister()) pick -f a1 --print-query < '\(input.path)'",
                                         environment: ["LISTER_DEFAULT_OPTS": "+i --query 'x y' --tiebreak=index"])
        #expect(status == 0)
        #expect(out == "a1\na1\n")  // +i: case respected; --print-query prints the filter's query
        let ignore = try shell("\(try lister()) pick -f a1 -i < '\(input.path)'", environment: ["LISTER_DEFAULT_OPTS": "+i"])
        #expect(ignore.1 == "a1\nA1\n")
    }

    @Test func unsupportedAndBadOptionsAreUsageErrorsNamingThem() throws {
        for (arguments, message) in [
            ("--preview-window sideways", "--preview-window: 'sideways' is not a side"),
            ("--border=wavy", "--border: unknown style 'wavy'"),
            ("--jump-labels abc", "--jump-labels is an fzf option that lister pick does not support"),
            ("--scroll-off -1", "--scroll-off takes a number of lines"),
            ("--frobnicate", "unknown option '--frobnicate'"),
            ("--bind ctrl-a:explode", "unknown action 'explode'"),
            ("--bind nokey:accept", "unknown key 'nokey'"),
            ("--nth 0", "--nth '0'"),
            ("--tiebreak size", "unknown criterion 'size'"),
            ("--layout sideways", "--layout takes default, reverse or reverse-list"),
            ("--height 0", "--height '0': the height must be at least 1 line"),
            ("--height abc", "--height takes a number of lines or a percentage of the screen (10, 40%), not 'abc'"),
        ] {
            let (status, _, err) = try shell("echo a | \(try lister()) pick -f a \(arguments)")
            #expect(status == 2, "\(arguments)")
            #expect(err.contains(message), "\(arguments): \(err)")
        }
        let quote = try shell("echo a | \(try lister()) pick -f a", environment: ["LISTER_DEFAULT_OPTS": "--query 'open"])
        #expect(quote.0 == 2 && quote.2.contains("LISTER_DEFAULT_OPTS: a ' is not closed"))
    }

    @Test func nthSearchesOnlyTheChosenFields() throws {
        let input = try temporaryInput(Array("foo:bar\nbar:foo\n".utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let (_, out, _) = try shell("\(try lister()) pick -d : -n 2 -f foo < '\(input.path)'")
        #expect(out == "bar:foo\n")
        let last = try shell("\(try lister()) pick -d : --nth=-1 -f bar < '\(input.path)'")
        #expect(last.1 == "foo:bar\n")
        // --with-nth: only the shown fields are searched; the printed line stays whole.
        let shown = try shell("\(try lister()) pick -d : --with-nth 2.. -f ^foo < '\(input.path)'")
        #expect(shown.1 == "bar:foo\n")
    }

    @Test func defaultCommandFeedsThePickWhenStandardInputIsATerminal() throws {
        let session = try TmuxSession(lister: ["pick", "-f", "be"], environment: ["LISTER_DEFAULT_COMMAND": "printf 'alpha\\nbeta\\n'"],
                                      captureStdout: true)
        defer { session.close() }
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "beta\n")
    }

    /// For every syntax form, `lister pick --filter Q` prints the same lines as fzf's
    /// `--filter Q`, fzf 0.74.5 and lister with the same flags (accents folded by
    /// default, as `o` finds `ő`; not with `--literal`).
    @Test(.enabled(if: peerFzfPath() != nil, "\(peerFzfMissingNote): the comparison did not run"))
    func theSameLinesAsFzfForEverySyntaxForm() throws {
        let fzf = peerFzfPath()!
        var paths: [String] = []
        for top in ["src", "Sources", "tests", "docs", "lib/core"] {
            for middle in ["main", "FilterEngine", "fuzzy_match", "read-me", "test.helpers", "日本"] {
                for leaf in ["main.swift", "Main.py", "README.md", "foo bar.txt", "FooBar.go", "x.rb", "straße.c"] {
                    paths.append("\(top)/\(middle)/\(leaf)")
                }
            }
        }
        var mixed = ["Ünïcödé LINE", "ÉCOLE école", "日本語のテキスト main", "  leading and trailing  ", "CamelCaseMain", "sNaKe_CaSe",
                     "tab\there", "ends with bar", "bar at start", "ab", "a", "", "İstanbul", "KELVIN", "ﬁle ligature"]
        mixed.append(String(repeating: "abc/def_", count: 20_000) + "main end")  // a very long line
        mixed.append(String(repeating: "x", count: 5_000) + "m a i n")
        mixed.append(String(repeating: "é", count: 3_000) + "Main")
        let queries = ["main", "mn", "Main", "mAIN", "'main", "'Main", "^src", "^Sources/F", "md$", ".swift$", "^src .swift$",
                       "^src/main/main.swift$", "!test", "!^src", "!.md$", "main !test !docs", "py$ | md$ | rb$",
                       "^src | ^docs swift$", "foo\\ bar", "'foo\\ bar", "日本", "é", "école", "straße", "ß", "fbr", "fb",
                       "ab", "  ", "i", "k", "$", "^", "!", "'", "|", "a | ", "end$", "   main   "]
        for (name, corpus) in [("paths", paths), ("mixed", mixed)] {
            let input = try temporaryInput(Array(corpus.joined(separator: "\n").utf8) + [0x0A])
            defer { try? FileManager.default.removeItem(at: input) }
            for query in queries {
                for flags in ["", "-i", "+i", "-e", "--literal"] {
                    let quoted = PaneScript.shellQuote(query)
                    let ours = try shell("\(try lister()) pick \(flags) --filter \(quoted) < '\(input.path)'")
                    let theirs = try shell("\(fzf) \(flags) --filter \(quoted) < '\(input.path)'")
                    #expect(ours.0 == theirs.0, "\(name) \(flags) \(query): status \(ours.0) vs fzf's \(theirs.0)")
                    let ourLines = ours.1.split(separator: "\n", omittingEmptySubsequences: false).sorted()
                    let theirLines = theirs.1.split(separator: "\n", omittingEmptySubsequences: false).sorted()
                    let onlyOurs = Set(ourLines).subtracting(theirLines).map { String($0.prefix(40)) }
                    let onlyTheirs = Set(theirLines).subtracting(ourLines).map { String($0.prefix(40)) }
                    #expect(ourLines.count == theirLines.count && onlyOurs.isEmpty && onlyTheirs.isEmpty,
                            "\(name) \(flags) [\(query)]: only lister \(onlyOurs), only fzf \(onlyTheirs)")
                }
            }
        }
    }

    @Test func linesSlashFilterTakesTheExtendedSyntax() throws {
        let file = try temporaryInput(Array("src/main.swift\nsrc/test_main.swift\nREADME.md\ndocs/main.md\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["lines", file.path], captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/4")
        try session.sendKeys("/")
        try session.type("^src !test")
        let filtered = try session.waitFor("1/1 of 4")
        #expect(!filtered.contains("test_main"))
        try session.sendKeys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try session.type("md$ | swift$ mn")
        let second = try session.waitFor("/3 of 4")  // fuzzy "mn" and either suffix
        #expect(second.contains("src/main.swift\nsrc/test_main.swift\ndocs/main.md\n"))  // list order kept
        try session.sendKeys("Enter", "End", "Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "docs/main.md\n")
    }
}

/// The fzf on PATH, if any.
func fzfPath() -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
        let path = "\(directory)/fzf"
        if access(path, X_OK) == 0 { return path }
    }
    return nil
}

/// The interactive `lister pick` in tmux: prompt-first typing, ranking, keys, statuses.
@Suite struct PickScreenEndToEndTests {
    private func session(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> (TmuxSession, URL) {
        let file = try temporaryInput(Array(input.utf8))
        let lister = try TmuxSession.listerPath()
        let command = "exec " + ([lister, "pick"] + arguments).map(PaneScript.shellQuote).joined(separator: " ")
            + " < " + PaneScript.shellQuote(file.path)
        return (try TmuxSession(shell: command, environment: environment, captureStdout: true), file)
    }

    /// A row keeps at most the first 256 KiB of a line; Enter prints the whole line, as
    /// fzf and `lister lines` do.
    @Test func enterPrintsALongLineWhole() throws {
        let long = String(repeating: "x", count: 300_000) + " needle"
        let (session, file) = try session([], input: long + "\nshort\n")
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        try session.waitFor("1/2")
        try session.type("needle")
        try session.waitFor("1/1 of 2")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        let printed = try session.standardOutput()
        #expect(printed.utf8.count == long.utf8.count + 1 && printed.hasSuffix(" needle\n"))
    }

    @Test func everyPrintableKeyIsTextAndTheBestMatchIsFirst() throws {
        let (session, file) = try session([], input: "query/run?x\nsrc/main.swift\nq/r?\n")
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        try session.waitFor("1/3")
        try session.type("q/r?")
        let screen = try session.waitFor("> q/r?")
        #expect(screen.contains("1/2 of 3"))
        // Ranked above the earlier, scattered match: just above the prompt (fzf's layout).
        let lines = try session.lines()
        #expect(Array(lines[20...21]) == ["query/run?x", "q/r?"] && lines[23] == "> q/r?", "\(lines)")
        try session.sendKeys("C-k")  // up the screen: the next match
        try session.waitFor("2/2 of 3")
        try session.sendKeys("C-j")
        try session.waitFor("1/2 of 3")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "q/r?\n")
        #expect(try session.terminalState() == .restored)
    }

    @Test func ansiShowsColoursMatchesTheTextAndPrintsTheTextWithoutEscapes() throws {
        let red = "\u{1B}[31mred\u{1B}[0m apple"
        let (session, file) = try session(["--ansi"], input: red + "\n\u{1B}]0;title\u{07}plain \u{1B}[1mmark\u{1B}[0m\n31m\n")
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        let screen = try session.waitFor("1/3")
        #expect(screen.contains("31m\nplain mark\nred apple"), "no sequence shown as text (the first line at the bottom)")
        #expect(try session.screen(escapes: true).contains("\u{1B}[31m"), "drawn in red")
        try session.type("31m")
        try session.waitFor("1/1 of 3")  // the sequence's "31m" does not match
        try session.sendKeys("BSpace", "BSpace", "BSpace")
        try session.type("red")
        try session.waitFor("1/1 of 3")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "red apple\n")  // as fzf prints it: the colours are for the screen
    }

    @Test func queryWithSelectOnePrintsTheOnlyMatchWithoutAScreen() throws {
        let (session, file) = try session(["--query", "mai", "-1"], input: "README.md\nsrc/main.swift\n")
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "src/main.swift\n")
    }

    @Test func escLeavesWith130AndEnterWithNoMatchWith1() throws {
        let (escape, file) = try session(["-q", "a"], input: "a\nb\n")
        defer { escape.close(); try? FileManager.default.removeItem(at: file) }
        try escape.waitFor("> a")
        try escape.sendKeys("Escape")
        #expect(try escape.waitForExit() == 130)
        #expect(try escape.standardOutput().isEmpty)
        let (none, other) = try session([], input: "a\nb\n")
        defer { none.close(); try? FileManager.default.removeItem(at: other) }
        try none.waitFor("1/2")
        try none.type("zz")
        try none.waitFor("0/0 of 2")
        try none.sendKeys("Enter")
        #expect(try none.waitForExit() == 1)
    }

    @Test func expectPrintsTheKeyThatChoseAfterTheQuery() throws {
        let (session, file) = try session(["--expect", "ctrl-x,f2", "--print-query"], input: "alpha\nbeta\n")
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        try session.waitFor("1/2")
        try session.type("bt")
        try session.waitFor("1/1 of 2")
        try session.sendKeys("C-x")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "bt\nctrl-x\nbeta\n")
        let (enter, other) = try self.session(["--expect=ctrl-x"], input: "alpha\nbeta\n")
        defer { enter.close(); try? FileManager.default.removeItem(at: other) }
        try enter.waitFor("1/2")
        try enter.sendKeys("Enter")
        #expect(try enter.waitForExit() == 0)
        #expect(try enter.standardOutput() == "\nalpha\n")  // Enter: an empty key line
    }

    @Test func defaultOptsAndBindApply() throws {
        let (session, file) = try session(["--bind", "ctrl-a:last"], input: "one\ntwo\nthree\n",
                                          environment: ["LISTER_DEFAULT_OPTS": "--prompt 'pick> ' --multi"])
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        try session.waitFor("pick>")
        try session.waitFor("1/3")  // every line read: `last` on a list still loading stays put
        try session.sendKeys("C-a")
        try session.waitFor("3/3")
        try session.sendKeys("Tab", "Down", "Down", "Tab")  // Tab moves down the screen too: towards the best
        try session.waitFor("2 marked")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "three\none\n")  // in the order marked, as fzf
    }

    @Test func headerLinesArePinnedAboveThePromptAndNeverMatched() throws {
        let (session, file) = try session(["--header-lines", "2"], input: "NAME PID\n---\nbash 1\nzsh 2\n")
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        try session.waitFor("1/2")
        var lines = try session.lines()
        #expect(Array(lines[18...21]) == ["zsh 2", "bash 1", "---", "NAME PID"], "\(lines)")
        #expect(lines[22].hasPrefix("1/2 ─") && lines[23] == ">", "the info line, then the prompt, as fzf: \(lines)")
        try session.type("NAME")
        try session.waitFor("0/0 of 2")
        lines = try session.lines()
        #expect(Array(lines[20...21]) == ["---", "NAME PID"], "the header stays: \(lines)")
        for _ in 0..<4 { try session.sendKeys("BSpace") }
        try session.waitFor("1/2")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "bash 1\n")
    }

    @Test func reverseLayoutPutsThePromptOnTopAndTheHeaderUnderIt() throws {
        let (session, file) = try session(["--header-lines=1", "--layout=reverse"], input: "NAME\nbash\nzsh\n")
        defer { session.close(); try? FileManager.default.removeItem(at: file) }
        try session.waitFor("1/2")
        let lines = try session.lines()
        #expect(lines[0] == ">" && lines[1].hasPrefix("1/2 ─"), "the prompt, the info line, as fzf: \(lines)")
        #expect(Array(lines[2...4]) == ["NAME", "bash", "zsh"], "\(lines)")
        try session.sendKeys("Down")
        try session.waitFor("2/2")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "zsh\n")
    }
}
