import Lister
import ListerSources
import Testing

/// `lister pick`'s options under fzf's names, and `LISTER_DEFAULT_OPTS` splitting.
@Suite struct PickOptionsTests {
    @Test func fzfsSpellingsAreTaken() throws {
        let options = try PickOptions.parse(["-qfoo", "-1", "-0", "+i", "--layout=reverse", "-m", "--read0", "--print0",
                                             "--expect", "ctrl-x,f2", "--bind", "ctrl-a:select-all,tab:toggle+down",
                                             "-d", ":", "--nth", "1,-1,2..", "--with-nth=..3", "--tiebreak=begin,index",
                                             "+s", "--tac", "-e", "--header-lines", "2", "--prompt", "$ "])
        #expect(options.query == "foo")
        #expect(options.selectOne && options.exitZero && options.multi && options.read0 && options.print0)
        #expect(options.caseMode == .respect && options.reverse && !options.sorts && options.tac && options.exact)
        #expect(options.expect.map(\.name) == ["ctrl-x", "f2"])
        #expect(options.bindings.map(\.actions) == [[.selectAll], [.toggleDown]])
        #expect(options.fields.delimiter == ":" && options.fields.nth?.count == 3 && options.fields.withNth?.count == 1)
        #expect(options.tiebreaks == [.begin, .index])
        #expect(options.headerLines == 2 && options.prompt == "$ ")
    }

    @Test func laterOptionsWin() throws {
        #expect(try PickOptions.parse(["-i", "+i"]).caseMode == .respect)
        #expect(try PickOptions.parse(["--query", "a", "-q", "b"]).query == "b")
    }

    @Test func badInputNamesTheBadPart() {
        func failure(_ arguments: [String]) -> String? {
            do {
                _ = try PickOptions.parse(arguments)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure(["--preview-label", "x"])?.contains("--preview-label is an fzf option that lister pick does not support") == true)
        #expect(failure(["--preview-window", "up"])?.contains("'up' is not supported; the pane goes right or bottom") == true)
        #expect(failure(["--preview", "cat {}"]) == nil)
        #expect(failure(["--height=40%"])?.contains("--height") == true)
        #expect(failure(["--bogus"]) == "unknown option '--bogus' (see lister pick --help)")
        #expect(failure(["--bind", "ctrl-a"])?.contains("expected KEY:ACTION") == true)
        #expect(failure(["--bind", "ctrl-a:nope"])?.contains("unknown action 'nope'") == true)
        #expect(failure(["--expect", "hyper-x"])?.contains("unknown key 'hyper-x'") == true)
        #expect(failure(["--nth", "a"])?.contains("--nth 'a'") == true)
        #expect(failure(["--header-lines", "-1"])?.contains("--header-lines takes a number") == true)
        #expect(failure(["--query"]) == "--query needs a value")
        #expect(failure(["file.txt"])?.contains("unexpected argument 'file.txt'") == true)
    }

    @Test func defaultOptionsSplitLikeAShell() throws {
        #expect(try shellWords(#"--query 'a b' --prompt="x> " one\ two  "q\"uote""#)
            == ["--query", "a b", "--prompt=x> ", "one two", "q\"uote"])
        #expect(try shellWords("  ") == [])
        #expect(throws: PickOptions.Failure.self) { try shellWords("'open") }
    }
}
