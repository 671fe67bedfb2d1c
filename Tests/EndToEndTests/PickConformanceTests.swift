import Foundation
import Testing

/// `lister pick -f` against fzf 0.74.5, case by case: each case's expected output is
/// written here and lister's side always runs; when fzf 0.74.5 is installed
/// (`peerFzfPath()`), fzf runs on the same input and arguments and must print the same
/// bytes with the same exit status. The cases were written from fzf's documentation and
/// by running fzf 0.74.5.
@Suite struct PickConformanceTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let input: [UInt8]
        let arguments: [String]
        let output: [UInt8]
        let status: Int32

        init(_ name: String, _ input: String, _ arguments: [String], _ output: String, status: Int32? = nil) {
            self.init(name, Array(input.utf8), arguments, Array(output.utf8), status: status)
        }

        init(_ name: String, _ input: [UInt8], _ arguments: [String], _ output: [UInt8], status: Int32? = nil) {
            self.name = name
            self.input = input
            self.arguments = arguments
            self.output = output
            self.status = status ?? (output.isEmpty ? 1 : 0)
        }

        var description: String { name }
    }

    static let accents: [Case] = [
        Case("a query without accents finds accented lines", "resume\nrésumé\nRÉSUMÉ\nRESUME\ncv\n", ["-f", "resume"],
             "resume\nrésumé\nRÉSUMÉ\nRESUME\n"),
        Case("a query with an accent does not fold", "resume\nrésumé\nRÉSUMÉ\nRESUME\n", ["-f", "résumé"], "résumé\nRÉSUMÉ\n"),
        Case("--literal does not fold", "resume\nrésumé\nRÉSUMÉ\nRESUME\n", ["--literal", "-f", "resume"], "resume\nRESUME\n"),
        Case("--no-literal folds again", "résumé\n", ["--literal", "--no-literal", "-f", "resume"], "résumé\n"),
        Case("smart case still applies", "Résumé\nrésumé\n", ["-f", "Resume"], "Résumé\n"),
        Case("naive finds naïve", "naïve\nnative\nnave\n", ["-f", "naive"], "naïve\nnative\n"),
        Case("ő folds, Ő only through its lowercase", "Őrs\nőrs\n", ["-f", "ors"], "Őrs\nőrs\n"),
        Case("a case-sensitive O does not match Ő", "Őrs\nőrs\n", ["-f", "Ors"], ""),
        Case("+i folds without lowercasing", "resume\nrésumé\nRÉSUMÉ\n", ["+i", "-f", "rsm"], "resume\nrésumé\n"),
        Case("folding per term", "résumé naïve\n", ["-f", "resume naïve"], "résumé naïve\n"),
        Case("+x: the whole query is one term, and it has an accent", "résumé naïve\n", ["+x", "-f", "resume naïve"], ""),
        Case("fullwidth letters fold", "ＡＢＣ\nabc\n", ["-f", "abc"], "ＡＢＣ\nabc\n"),
        Case("a path with ő", "/usr/share/ca-certificates/mozilla/NetLock_Arany_=Class_Gold=_Főtanúsítvány.crt\n/usr/bin\n",
             ["-f", "usrshdoc"], "/usr/share/ca-certificates/mozilla/NetLock_Arany_=Class_Gold=_Főtanúsítvány.crt\n"),
        Case("exact and anchored terms fold", "résumé\nresume\nrésumés\n", ["-f", "^resume$"], "résumé\nresume\n"),
    ]

    static let unicodeCase: [Case] = [
        Case("an upper-case Cyrillic letter matches only upper case", "Привет\nпривет\nПРИВЕТ\n", ["-f", "П"], "Привет\nПРИВЕТ\n"),
        Case("a lower-case Cyrillic letter matches all", "Привет\nпривет\nПРИВЕТ\n", ["-f", "п"], "Привет\nпривет\nПРИВЕТ\n"),
        Case("Greek case", "Σοφία\nσοφία\n", ["-f", "σοφ"], "Σοφία\nσοφία\n"),
    ]

    static let ranking: [Case] = [
        Case("length ignores leading white space", "abcxy\n   abcx\n", ["-f", "abc"], "   abcx\nabcxy\n"),
        Case("length ignores trailing white space", "abcxy\nabcx   \n", ["-f", "abc"], "abcx   \nabcxy\n"),
        Case("--tiebreak=index", "abcxy\nabc\n", ["--tiebreak=index", "-f", "abc"], "abcxy\nabc\n"),
        // Searching from the end, fzf takes the last of equally scored ends of a longer term.
        Case("--tiebreak=end: a longer term's last best end", "x:AB\n:aBab:AB\n", ["--tiebreak=end", "-f", "ab"], ":aBab:AB\nx:AB\n"),
        Case("--scheme=path: a longer term's last best end", "x:AB\n:aBab:AB\n", ["--scheme=path", "-f", "ab"], "x:AB\n:aBab:AB\n"),
        Case("--tiebreak end,length", "xx-ab-x\nx-ab-xxx\n", ["--tiebreak", "end,length", "-f", "ab"], "xx-ab-x\nx-ab-xxx\n"),
        Case("--tiebreak=pathname", "src/foo/main.c\nmain/x.c\nsrc/mainfile.c\n", ["--tiebreak=pathname", "-f", "main"],
             "main/x.c\nsrc/foo/main.c\nsrc/mainfile.c\n"),
        Case("--tiebreak=begin", "src/foo/main.c\nmain/x.c\nsrc/mainfile.c\n", ["--tiebreak=begin", "-f", "main"],
             "main/x.c\nsrc/mainfile.c\nsrc/foo/main.c\n"),
        Case("--tiebreak=end,length,begin", "src/foo/main.c\nmain/x.c\nsrc/mainfile.c\n", ["--tiebreak=end,length,begin", "-f", "main"],
             "main/x.c\nsrc/foo/main.c\nsrc/mainfile.c\n"),
        Case("--tiebreak=chunk", "a main b\nmainxxxxx\nxx main\n  main x\n", ["--tiebreak=chunk", "-f", "main"],
             "a main b\nxx main\n  main x\nmainxxxxx\n"),
        Case("--tiebreak=begin skips leading white space", "a main b\nmainxxxxx\nxx main\n  main x\n", ["--tiebreak=begin", "-f", "main"],
             "mainxxxxx\n  main x\na main b\nxx main\n"),
        Case("--tiebreak=end is relative to the length", "a main b\nmainxxxxx\nxx main\n  main x\n", ["--tiebreak=end", "-f", "main"],
             "xx main\na main b\n  main x\nmainxxxxx\n"),
        Case("--tiebreak in upper case, index last", "ab\nab\n", ["--tiebreak=LENGTH,begin,end,index", "-f", "ab"], "ab\nab\n"),
    ]

    static let schemes: [Case] = [
        Case("--scheme=path: after / scores most, then pathname", "xx/main\nmain/x\nsrc/a/bmain\nfoo bar/main.c\na:main\n",
             ["--scheme=path", "-f", "main"], "xx/main\nfoo bar/main.c\nmain/x\na:main\nsrc/a/bmain\n"),
        Case("--scheme=history: no length tiebreak", "xx/main\nmain/x\nsrc/a/bmain\nfoo bar/main.c\na:main\n",
             ["--scheme=history", "-f", "main"], "xx/main\nmain/x\nfoo bar/main.c\na:main\nsrc/a/bmain\n"),
        Case("--scheme=default", "xx/main\nmain/x\nsrc/a/bmain\nfoo bar/main.c\na:main\n",
             ["--scheme=path", "--scheme=default", "-f", "main"], "main/x\na:main\nxx/main\nfoo bar/main.c\nsrc/a/bmain\n"),
        Case("a later --tiebreak wins over the scheme's", "xx/main\nmain/x\n", ["--scheme=path", "--tiebreak=length", "-f", "main"],
             "main/x\nxx/main\n"),
        Case("a later --scheme wins over --tiebreak", "xx/main\nmain/x\n", ["--tiebreak=length", "--scheme=path", "-f", "main"],
             "xx/main\nmain/x\n"),
        Case("path: only / is a delimiter", "x,main\nx/main\n", ["--scheme=path", "--tiebreak=index", "-f", "main"], "x/main\nx,main\n"),
        Case("path: one character stops at the first boundary, as fzf", "x-a/a\nzz/a\nq a\n",
             ["--scheme=path", "--tiebreak=index", "-f", "a"], "zz/a\nx-a/a\nq a\n"),
        Case("path: the same on a line that is not ASCII", "é x-a/a\né zz/a\n",
             ["--scheme=path", "--tiebreak=index", "-f", "a"], "é zz/a\né x-a/a\n"),
        Case("path: an exact term stops at the first boundary, as fzf", "x-ab/ab\nzz/ab\nq ab\n",
             ["--scheme=PATH", "--tiebreak=index", "-f", "'ab"], "zz/ab\nx-ab/ab\nq ab\n"),
        Case("history: white space and delimiters score as any boundary", "x-a/a\nzz/a\nq a\n",
             ["--scheme=history", "--tiebreak=index", "-f", "a"], "x-a/a\nzz/a\nq a\n"),
        Case("--algo=v2 is the default", "ab\n", ["--algo=v2", "-f", "ab"], "ab\n"),
    ]

    static let algorithms: [Case] = [
        // v2 scores " ab" of the first line 62, v1 its "a_b" 57; the second line scores 59.
        Case("--algo=v2 finds the best alignment", "a_b ab\nx/ab\n", ["--tiebreak=index", "-f", "ab"], "a_b ab\nx/ab\n"),
        Case("--algo=v1 takes the first one", "a_b ab\nx/ab\n", ["--algo=v1", "--tiebreak=index", "-f", "ab"], "x/ab\na_b ab\n"),
        Case("--algo=v1 searches from the end under --tiebreak=end", "ab a_b\nx/ab\n", ["--algo=v1", "--tiebreak=end", "-f", "ab"],
             "x/ab\nab a_b\n"),
        Case("--algo v1 with an exact term", "a_b ab\nx/ab\n", ["--algo", "v1", "--tiebreak=index", "-f", "'ab"], "a_b ab\nx/ab\n"),
        Case("the first boundary stops a one-character term", "x-a a\nx/a\n", ["--tiebreak=index", "-f", "a"], "x/a\nx-a a\n"),
        Case("and an exact one", "x-ab ab\nx/ab\n", ["--tiebreak=index", "-f", "'ab"], "x/ab\nx-ab ab\n"),
        Case("punctuation after a blank scores as a word after it", "a-b\nx -\n-x\n", ["--tiebreak=index", "-f", "-"],
             "x -\n-x\na-b\n"),
        Case("and after a delimiter in the path scheme", "a-b\nx -\n-x\n", ["--scheme=path", "--tiebreak=index", "-f", "-"],
             "-x\na-b\nx -\n"),
        Case("--tiebreak=end searches exact terms from the end", "x-ab ab\nx/ab\n", ["--tiebreak=end", "-f", "'ab"],
             "x-ab ab\nx/ab\n"),
        Case("--tiebreak=end takes the last one-character match", "a x a\nxx a\n", ["--tiebreak=end", "-f", "a"], "a x a\nxx a\n"),
        Case("--tiebreak=pathname counts code points to the last /", "e/ab\né/ab\n", ["--tiebreak=pathname", "-f", "ab"],
             "e/ab\né/ab\n"),
        Case("--tiebreak=begin,end searches from the start", "x-ab ab\nx/ab\n", ["--tiebreak=begin,end", "-f", "'ab"],
             "x/ab\nx-ab ab\n"),
        // From the start `'ab` would be the first "ab" of the first line, before its last
        // `/`, and the shorter second line would rank first.
        Case("--scheme=path searches from the end", "ab/x/ab\nz/ab/x\n", ["--scheme=path", "-f", "'ab"], "ab/x/ab\nz/ab/x\n"),
    ]

    static let greedyFallback: [Case] = {
        // 2 × 51,300 cells are past fzf's table: its first line aligns greedily (40), below
        // the second (57); at 51,100 the table finds " ab" (62).
        func line(_ length: Int) -> String { "a" + String(repeating: "x", count: 10) + "b" + String(repeating: "y", count: length - 15) + " ab" }
        return [Case("a line too long for the table aligns greedily", "\(line(51_300))\na-b\n", ["--tiebreak=index", "-f", "ab"],
                     "a-b\n\(line(51_300))\n"),
                Case("a line that fits is aligned by the table", "\(line(51_100))\na-b\n", ["--tiebreak=index", "-f", "ab"],
                     "\(line(51_100))\na-b\n")]
    }()

    /// Lines with bytes of invalid UTF-8, printed by index: fzf prints U+FFFD for the bad
    /// bytes, lister the bytes as read (see DECISIONS), so the lines are compared by `{n}`.
    static let invalidUTF8: [Case] = {
        let input: [UInt8] = [0x61, 0xFF, 0x62, 0x0A, 0x61, 0x62, 0x0A, 0xC3, 0xA9, 0x78, 0x0A, 0xC3, 0x78, 0x0A, 0xE2, 0x82, 0x0A]
        func query(_ name: String, _ query: [UInt8], _ output: String) -> Case {
            let text = String(decoding: query, as: UTF8.self)  // bad bytes of an argument become U+FFFD
            return Case(name, input, ["--accept-nth", "{n}", "-f", text], Array(output.utf8))
        }
        return [query("a bad byte of the query matches any bad byte", [0xFF], "3\n4\n0\n"),
                query("U+FFFD in a term", Array("a\u{FFFD}b".utf8), "0\n"),
                query("U+FFFD anchored", Array("^\u{FFFD}".utf8), "3\n4\n"),
                query("U+FFFD inverse", Array("!\u{FFFD}".utf8), "1\n2\n"),
                query("ASCII across a bad byte", Array("ab".utf8), "1\n0\n")]
    }()

    static let syntax: [Case] = [
        Case("backslash-space is a space in a term", "foo bar\nfoobar\nfoo  bar\nxfoo bar\n", ["-f", "foo\\ bar"],
             "foo bar\nfoo  bar\nxfoo bar\n"),
        Case("an escaped space in an anchored term", "foo bar\nfoobar\nxfoo bar\n", ["-f", "^foo\\ bar$"], "foo bar\n"),
        Case("an escaped space in an inverse anchored term", "foo bar\nfoobar\nfoo  bar\nxfoo bar\n", ["-f", "!^foo\\ bar$"],
             "foobar\nfoo  bar\nxfoo bar\n"),
        Case("--read0 with an exact anchored query", Array("foo bar\u{0}foo bar baz\u{0}xfoo bar\u{0}".utf8),
             ["--read0", "-e", "-f", "^foo\\ bar$"], Array("foo bar\n".utf8)),
        Case("+e undoes -e", "f-o-o\nfoo\n", ["-e", "+e", "-f", "fo"], "foo\nf-o-o\n"),
        Case("--no-exact undoes -e", "f-o-o\n", ["-e", "--no-exact", "-f", "fo"], "f-o-o\n"),
        Case("+x: spaces and ! are text", "a b\nab\n!a\n", ["+x", "-f", "a b"], "a b\n"),
        Case("--no-extended", "!a\na\n", ["--no-extended", "-f", "!a"], "!a\n"),
        Case("--no-print0", "a\n", ["--print0", "--no-print0", "-f", "a"], "a\n"),
    ]

    static let statuses: [Case] = [
        Case("-f with output exits 0", "a\nb\n", ["-f", "a"], "a\n"),
        Case("-f without output exits 1", "a\nb\n", ["-f", "zz"], ""),
        Case("+s -f with output exits 0", "ab\nb\nxab\n", ["+s", "-f", "b"], "ab\nb\nxab\n"),
        Case("+s -f without output exits 1", "a\n", ["+s", "-f", "zz"], ""),
        Case("--header-lines lines are neither matched nor printed", "ha\nhb\na\nb\n", ["--header-lines", "2", "-f", "a"], "a\n"),
        Case("--header-lines with an empty query", "h1\na\nb\n", ["--header-lines", "1", "-f", ""], "a\nb\n"),
        Case("--header-lines larger than the input", "h1\nh2\na\n", ["--header-lines", "5", "-f", "a"], ""),
        Case("--no-header-lines", "a1\na2\n", ["--header-lines", "1", "--no-header-lines", "-f", "a"], "a1\na2\n"),
    ]

    static let longLine: [Case] = {
        let long = String(repeating: "x", count: 256 * 1024) + "needle"
        return [Case("a line of 256 KiB is matched and printed whole", "short\n\(long)\n", ["-f", "needle"], "\(long)\n")]
    }()

    @Test(arguments: accents + unicodeCase + ranking + schemes + algorithms + greedyFallback + syntax + statuses + longLine
                     + invalidUTF8 + acceptNth + withNthTemplates + indexPlaceholders + fieldAnchors + nthRanges + nthTiebreaks
                     + inverseAlternatives + withNthTrailingBlanks)
    func matchesFzf(_ test: Case) throws {
        let lister = try run(TmuxSession.listerPath(), ["pick"] + test.arguments, input: test.input)
        #expect(lister.status == test.status, "lister: \(test.name)")
        #expect(lister.output == test.output, "lister: \(test.name): \(String(decoding: lister.output.prefix(300), as: UTF8.self))")
        guard let fzf = peerFzfPath() else {
            print("PickConformanceTests: \(peerFzfMissingNote)")
            return
        }
        let peer = try run(fzf, test.arguments, input: test.input)
        #expect(peer.status == test.status, "fzf: \(test.name)")
        let printed = String(decoding: peer.output.prefix(300), as: UTF8.self)
        #expect(peer.output == lister.output, "fzf and lister differ: \(test.name): fzf printed \(printed)")
    }

    /// A deliberate difference: fzf prints U+FFFD for each byte of invalid UTF-8, lister
    /// the line as read, so that a file name with such a byte still names the file.
    @Test func bytesOfInvalidUTF8ArePrintedAsRead() throws {
        let first: [UInt8] = [0x61, 0xFF, 0x62, 0x0A], second: [UInt8] = [0xC3, 0x78, 0x0A]
        let input = first + second
        // U+FFFD at the start of a line scores more than after a letter.
        for (arguments, expected) in [(["-f", ""], input), (["-f", "a"], first), (["-f", "\u{FFFD}"], second + first),
                                      (["--nth", "1", "-f", "x"], second)] {
            let lister = try run(TmuxSession.listerPath(), ["pick", "--tiebreak=index"] + arguments, input: input)
            #expect(lister.status == 0 && lister.output == expected, "\(arguments)")
            guard let fzf = peerFzfPath() else {
                print("PickConformanceTests: \(peerFzfMissingNote)")
                continue
            }
            let peer = try run(fzf, ["--tiebreak=index"] + arguments, input: input)
            let replaced = String(decoding: expected, as: UTF8.self)  // U+FFFD for each bad byte, as fzf prints
            #expect(peer.status == 0 && peer.output == Array(replaced.utf8), "fzf: \(arguments)")
        }
    }

    @Test func badValuesAreUsageErrorsNamingTheBadPart() throws {
        for (value, message) in [("--tiebreak=size", "unknown criterion 'size'"), ("--tiebreak=length,length", "'length' is given twice"),
                                 ("--tiebreak=index,length", "index must be the last criterion"), ("--tiebreak=", "unknown criterion ''"),
                                 ("--tiebreak=length,begin,end,chunk", "at most 3 criteria besides index"),
                                 ("--scheme=paths", "unknown scheme 'paths'"), ("--algo=v3", "unknown algorithm 'v3'"),
                                 ("--algo=V1", "unknown algorithm 'V1'"),
                                 ("--accept-nth={+n}", "--accept-nth '{+n}': a template needs a field placeholder"),
                                 ("--accept-nth={x}", "--accept-nth '{x}': a template needs a field placeholder"),
                                 ("--with-nth=[{1]", "--with-nth '[{1]': a template needs a field placeholder"),
                                 ("--accept-nth=0", "--accept-nth '0': a field is a number other than 0"),
                                 ("--with-nth=1..x", "--with-nth '1..x': a field is a number other than 0")] {
            let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-conformance")
            defer { try? FileManager.default.removeItem(at: directory) }
            let out = directory.appendingPathComponent("out").path, err = directory.appendingPathComponent("err").path
            let status = try ChildProcess.run(try TmuxSession.listerPath(), ["pick", value, "-f", "a"],
                                              environment: ProcessInfo.processInfo.environment, stdout: out, stderr: err)
            #expect(status == 2, "\(value)")
            let error = try String(contentsOfFile: err, encoding: .utf8)
            #expect(error.contains(message), "\(value): \(error)")
        }
    }

    /// Runs `program` with `arguments`, `input` on standard input.
    private func run(_ program: String, _ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-conformance")
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in").path
        let out = directory.appendingPathComponent("out").path, err = directory.appendingPathComponent("err").path
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        let command = ([program] + arguments).map(PaneScript.shellQuote).joined(separator: " ") + " < " + PaneScript.shellQuote(inputPath)
        var environment = ProcessInfo.processInfo.environment
        environment["LISTER_DEFAULT_OPTS"] = nil
        environment["FZF_DEFAULT_OPTS"] = nil
        environment["FZF_DEFAULT_OPTS_FILE"] = nil
        let status = try ChildProcess.run("/bin/sh", ["-c", command], environment: environment, stdout: out, stderr: err)
        return (status, Array(try Data(contentsOf: URL(fileURLWithPath: out))))
    }
}
