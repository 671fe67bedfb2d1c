import Lister
import ListerSources
import TerminalCore
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
        #expect(options.bindings.map(\.actions) == [[PickAction(.selectAll)], [PickAction(.toggle), PickAction(.down)]])
        #expect(options.fields.delimiter == ":" && options.fields.nth?.count == 3 && options.fields.withNth == .ranges([.init(lower: nil, upper: 3)]))
        #expect(options.tiebreaks == [.begin, .index])
        #expect(options.headerLines == 2 && options.prompt == "$ ")
    }

    @Test func ansiIsTakenAndItsMatchingSkipsEscapeSequences() throws {
        #expect(try PickOptions.parse(["--ansi"]).ansi)
        #expect(try !PickOptions.parse(["--ansi", "--no-ansi"]).ansi)
        let lines = LineStore(Array("\u{1B}[31mred\u{1B}[0m apple\n\u{1B}]0;title\u{07}plain \u{1B}[1;4mmark\u{1B}[m\u{1B}7\n31m\n".utf8))
        func texts(ansi: Bool) -> [String] {
            let text = PickText(lines: lines, fields: PickFields(), ansi: ansi)
            return (0..<text.count).map { row in
                var bytes: [UInt8] = []
                text.withUTF8(row: row) { bytes = Array($0) }
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        #expect(texts(ansi: true) == ["red apple", "plain mark", "31m"])
        #expect(texts(ansi: false)[0] == "\u{1B}[31mred\u{1B}[0m apple")
        let ranked = FuzzyRanking(pattern: FuzzyPattern("31m")).rankNow(PickText(lines: lines, fields: PickFields(), ansi: true))
        #expect(ranked == [2])  // the sequence's "31m" is not text
        // Fields are cut first, then the sequences removed, as the row shows them.
        let second = PickText(lines: lines, fields: try PickOptions.parse(["--with-nth", "2"]).fields, ansi: true)
        var bytes: [UInt8] = []
        second.withUTF8(row: 0) { bytes = Array($0) }
        #expect(String(decoding: bytes, as: UTF8.self) == "apple")
    }

    @Test func laterOptionsWin() throws {
        #expect(try PickOptions.parse(["-i", "+i"]).caseMode == .respect)
        #expect(try PickOptions.parse(["--query", "a", "-q", "b"]).query == "b")
    }

    @Test func fzfsKeyNamesForAltAndTheRest() throws {
        #expect(try PickKey.parse("alt-b").key == .alt(.character("b")))
        #expect(try PickKey.parse("alt-B").key == .alt(.character("B")))
        #expect(try PickKey.parse("alt-bspace").key == .alt(.backspace))
        #expect(try PickKey.parse("alt-up").key == .alt(.up))
        #expect(try PickKey.parse("alt-enter").key == .alt(.enter))
        #expect(try PickKey.parse("ctrl-space").key == .control("@"))
        #expect(try PickKey.parse("ctrl-/").key == .control("_"))
        #expect(try PickKey.parse("shift-up").key == .shiftUp)
        #expect(try PickKey.parse("f12").key == .function(12))
        #expect(throws: PickOptions.Failure.self) { try PickKey.parse("alt-nokey") }
    }

    @Test func aHistoryFileThatCannotBeCreatedIsAnErrorNamingIt() throws {
        #expect(try PickOptions.parse(["--history", "/tmp/h", "--history-size=5"]).history == "/tmp/h")
        do {
            _ = try PickHistory.read("/nonexistent-lister-dir/history")
            Issue.record("read a history in a directory that does not exist")
        } catch {
            #expect(error.description.hasPrefix("--history /nonexistent-lister-dir/history: cannot create the file (No such file or directory)"))
        }
    }

    @Test func lookOptionsAreTakenAndChecked() throws {
        let options = try PickOptions.parse(["--border", "--info=inline", "--cycle", "--pointer=▶", "--marker=✓", "--color=dark",
                                             "--color", "fg:-1,hl:red", "--margin=1,2", "--padding", "10%", "--no-scrollbar",
                                             "--keep-right", "--no-hscroll", "--border-label", "x", "--multi=3"])
        #expect(options.look.cycle && options.look.border == "rounded" && options.look.info == "inline")
        #expect(options.look.colors == ["dark", "fg:-1,hl:red"] && options.look.margin == ["1", "2"])
        #expect(options.multi && options.multiLimit == 3)
        func failure(_ arguments: [String]) -> String? {
            do {
                _ = try PickOptions.parse(arguments)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure(["--color=neon"])?.contains("'neon' is neither a base scheme") == true)
        #expect(failure(["--color=glow:red"])?.contains("unknown element in 'glow:red'") == true)
        #expect(failure(["--margin=1,2,3,4,5"])?.contains("--margin takes 1 to 4 sizes") == true)
        #expect(failure(["--info=sideways"])?.contains("--info takes default, right, hidden, inline or inline-right") == true)
        #expect(failure(["--info=hidden:x"])?.contains("not 'hidden:x'") == true)  // fzf takes a prefix only inline
        #expect(try PickOptions.parse(["--info=inline: SEP "]).look.infoPrefix == " SEP ")
        do {
            _ = try PickOptions.parse(["--bogus"])
            Issue.record("--bogus was taken")
        } catch {
            #expect(PickOptions.Failure(inDefaults: error).description == "in LISTER_DEFAULT_OPTS: unknown option '--bogus' (see lister pick --help)")
        }
    }

    @Test func colorsOfTheElementsAreReadAsFzfWritesThem() throws {
        let look = try PickOptions.parse(["--color", "dark,pointer:red,marker:#ff8700:bold", "--color=border:bright-black,label:-1,pointer:208"]).look
        let theme = try #require(look.theme)
        #expect(theme.pointer == Style(foreground: .indexed(208), attributes: .bold))  // the last one given, dark's bold kept
        #expect(theme.marker == Style(foreground: .indexed(208), attributes: .bold))  // #ff8700: the nearest of the 256
        #expect(theme.border.foreground == .indexed(8))
        #expect(theme.label.foreground == .default)  // -1: the terminal's own
        #expect(theme.match.foreground == .indexed(108))  // dark's
    }

    @Test func badInputNamesTheBadPart() throws {
        func failure(_ arguments: [String]) -> String? {
            do {
                _ = try PickOptions.parse(arguments)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure(["--gap", "x"])?.contains("--gap is an fzf option that lister pick does not support") == true)
        #expect(failure(["--preview-window", "sideways"])?.contains("'sideways' is not a side") == true)
        // fzf's default border is rounded; a border-STYLE replaces it.
        func placement(_ edge: PreviewPlacement.Edge, _ size: Split.Extent, _ border: PromptFrame.Border?) -> PreviewPlacement {
            var placement = PreviewPlacement(edge, size: size)
            placement.border = border
            return placement
        }
        #expect(try PickOptions.parse(["--preview-window", "up,40%,border-bottom"]).previewWindow == placement(.top, .percent(40), .bottom))
        #expect(try PickOptions.parse(["--preview-window", "left:30"]).previewWindow == placement(.left, .cells(30), .rounded))
        #expect(try PickOptions.parse(["--preview-window", "down"]).previewWindow == placement(.bottom, .percent(50), .rounded))
        #expect(failure(["--preview-window", "up,border-wavy"])?.contains("unknown border 'border-wavy'") == true)
        #expect(failure(["--preview", "cat {}"]) == nil)
        #expect(failure(["--height=40%"]) == nil)
        #expect(try PickOptions.parse(["--height", "10"]).height == .rows(10))
        #expect(failure(["--height=0"]) == "--height '0': the height must be at least 1 line (or 1%)")
        #expect(failure(["--height", "abc"])?.hasPrefix("--height takes a number of lines or a percentage of the screen (10, 40%), not 'abc'") == true)
        #expect(failure(["--height"]) == "--height needs a value")
        #expect(try PickOptions.parse(["--layout", "reverse-list"]).reverseList)
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
    @Test func acceptNthAndWithNthTakeRangesOrATemplate() throws {
        typealias Range = PickFields.Range
        #expect(try PickOptions.parse(["--accept-nth", "2,-1.."]).fields.acceptNth
            == .ranges([Range(lower: 2, upper: 2), Range(lower: -1, upper: nil)]))
        #expect(try PickOptions.parse(["--with-nth={2} {1}. {}"]).fields.withNth
            == .template([.fields([Range(lower: 2, upper: 2)]), .literal(Array(" ".utf8)), .fields([Range(lower: 1, upper: 1)]),
                          .literal(Array(". {}".utf8))]))
        #expect(try PickOptions.parse(["--accept-nth", "{..2}"]).fields.acceptNth == .template([.fields([Range(lower: nil, upper: 2)])]))
        for (value, message) in [("x", "--accept-nth 'x': a field is a number other than 0"),
                                 ("{x}", "--accept-nth '{x}': a template needs a field placeholder"),
                                 ("{1", "--accept-nth '{1': a template needs a field placeholder"),
                                 ("", "--accept-nth: an empty field range")] {
            #expect { try PickOptions.parse(["--accept-nth", value]) } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test func acceptNthCutsThePrintedLine() throws {
        func printed(_ arguments: [String], _ line: String) throws -> String {
            String(decoding: try PickOptions.parse(arguments).printed(Array(line.utf8), index: 0), as: UTF8.self)
        }
        #expect(try printed(["--accept-nth", "3,1"], "  x  y\tz  ") == "z  x")
        #expect(try printed(["--accept-nth", "{2}:{1}"], "  x  y\tz  ") == "y:x")
        #expect(try printed(["-d,", "--accept-nth", "3,1"], " a , b ,c") == "c a ")
        #expect(try printed(["-d,", "--accept-nth", "<{2}>"], " a , b ,c") == "< b >")
        #expect(try printed([], "  x  y ") == "  x  y ")
    }
}
