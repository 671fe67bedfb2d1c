import ListerSources
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--bind`'s syntax as fzf writes it, and the placeholders of its commands and `--preview`.
@Suite struct PickBindTests {
    private func bindings(_ text: String) throws -> [PickBinding] { try PickOptions.parse(["--bind", text]).bindings }

    private func failure(_ text: String) -> String {
        do {
            _ = try PickOptions.parse(["--bind", text])
            return "parsed"
        } catch {
            return error.description
        }
    }

    @Test func argumentsTakeEveryDelimiterAndKeepCommasAndPluses() throws {
        let parsed = try bindings("ctrl-a:execute(echo a,b+c)+accept,ctrl-b:become[x(y)],f2:reload{ls},ctrl-c:put<z>")
        #expect(parsed.map(\.trigger.name) == ["ctrl-a", "ctrl-b", "f2", "ctrl-c"])
        #expect(parsed[0].actions == [PickAction(.execute, argument: "echo a,b+c"), PickAction(.accept)])
        #expect(parsed[1].actions == [PickAction(.become, argument: "x(y)")])
        #expect(parsed[2].actions == [PickAction(.reload, argument: "ls")])
        #expect(parsed[3].actions == [PickAction(.put, argument: "z")])
        for (open, close) in [("~", "~"), ("!", "!"), ("@", "@"), ("#", "#"), ("$", "$"), ("%", "%"), ("^", "^"),
                              ("&", "&"), ("*", "*"), (";", ";"), ("/", "/"), ("|", "|")] {
            let same = try bindings("ctrl-x:execute-silent\(open)touch (x), y\(close)+abort")
            #expect(same[0].actions == [PickAction(.executeSilent, argument: "touch (x), y"), PickAction(.abort)], "\(open)")
        }
    }

    @Test func deleteCharEOFIsOneNameWithASlash() throws {
        let parsed = try bindings("ctrl-a:delete-char/eof+delete-char,ctrl-b:beginning-of-line+kill-word+yank")
        #expect(parsed[0].actions == [PickAction(.deleteCharEOF), PickAction(.deleteChar)])
        #expect(parsed[1].actions == [PickAction(.beginningOfLine), PickAction(.killWord), PickAction(.yank)])
        #expect(failure("ctrl-b:delete-char/x/").contains("unexpected '/x/' after 'delete-char'"))
    }

    @Test func screenCommandsAreNumberedInTheOrderOfTheBindings() throws {
        let options = try PickOptions.parse(["--bind", "start:reload(a),ctrl-a:execute-silent(b)+toggle-sort",
                                             "--bind", "ctrl-b:change-preview-window(up|hidden)+reload-sync(c)+execute(d)"])
        #expect(options.commandActions.map(\.name) == [.reload, .executeSilent, .toggleSort, .changePreviewWindow, .reloadSync])
        #expect(options.terminalActions.map(\.name) == [.execute])
    }

    @Test func aColonArgumentRunsToTheEndOfTheWholeText() throws {
        let parsed = try bindings("ctrl-a:select-all+execute:echo a,ctrl-b:accept+x")
        #expect(parsed.count == 1)
        #expect(parsed[0].actions == [PickAction(.selectAll), PickAction(.execute, argument: "echo a,ctrl-b:accept+x")])
    }

    @Test func eventsAndChainsAreTaken() throws {
        let parsed = try bindings("start:last,load:first,change:first,focus:ignore,result:toggle-preview,tab:toggle+down")
        #expect(parsed.map(\.trigger) == [.event(.start), .event(.load), .event(.change), .event(.focus), .event(.result),
                                          .key(try PickKey.parse("tab"))])
        #expect(parsed[5].actions == [PickAction(.toggle), PickAction(.down)])
    }

    @Test func everyActionOfTheHelpIsKnown() throws {
        for name in PickAction.Name.allCases {
            let argument = name == .pos ? "2" : "x"  // pos takes a number
            let text = name.argument == .required ? "ctrl-a:\(name.rawValue)(\(argument))" : "ctrl-a:\(name.rawValue)"
            #expect(try bindings(text)[0].actions.map(\.name) == [name])
        }
    }

    @Test func errorsNameTheBadPart() {
        #expect(failure("ctrl-a:explode").contains("unknown action 'explode'"))
        #expect(failure("ctrl-a:accept+explode").contains("unknown action 'explode'"))
        #expect(failure("nokey:accept").contains("unknown key 'nokey'"))
        #expect(failure("ctrl-a").contains("'ctrl-a' has no ':'"))
        #expect(failure("ctrl-a:").contains("'ctrl-a' has no action after ':'"))
        #expect(failure("ctrl-a:execute(ls").contains("'execute(' has no closing ')'"))
        #expect(failure("ctrl-a:execute").contains("'execute' needs an argument"))
        #expect(failure("ctrl-a:accept:x").contains("'accept' takes no argument"))
        #expect(failure("ctrl-a:accept,").contains("expected KEY:ACTION after the last ','"))
        #expect(failure("ctrl-a:accept(x)").contains("unexpected '(x)' after 'accept'"))
        #expect(failure("ctrl-a:execute(ls)x").contains("unexpected 'x' after 'execute'"))
    }

    private let selection = PreviewCommand.Selection(line: "  it's  b  c", index: 4, query: "q'1", marked: ["x y", "z"],
                                                     markedIndices: [1, 7])

    @Test func placeholdersAreQuotedAndCutAsFzfDoes() throws {
        func expand(_ template: String, delimiter: String? = nil) throws -> String {
            var fields = PickFields()
            fields.delimiter = delimiter
            return try Placeholders.expand(template, selection: selection, fields: fields) { lines in "/f/\(lines.count)" }
        }
        #expect(try expand("cat {}") == "cat '  it'\\''s  b  c'")
        #expect(try expand("{q}|{n}|{+n}") == "'q'\\''1'|4|1 7")
        #expect(try expand("{+}") == "'x y' 'z'")
        #expect(try expand("{1}|{-1}|{2..}|{..2}|{+1}") == "'it'\\''s'|'c'|'b  c'|'it'\\''s  b'|'x' 'z'")
        #expect(try expand("{f} {+f}") == "'/f/1' '/f/2'")
        #expect(try expand("{x} {} {") == "{x} '  it'\\''s  b  c' {")  // not a placeholder: left as it is
        let delimited = PreviewCommand.Selection(line: "x:y:z", index: 0)
        var fields = PickFields()
        fields.delimiter = ":"
        #expect(try Placeholders.expand("{1}|{-1}|{2..}|{1,3}", selection: delimited, fields: fields) == "'x'|'z'|'y:z'|'x:z'")
        // Without marks, {+} and {+n} are the selected line.
        #expect(try Placeholders.expand("{+} {+n}", selection: delimited) == "'x:y:z' 0")
    }

    @Test func fileplaceholdersWriteTheLinesOneALine() throws {
        let path = try Placeholders.temporaryFile(["a b", "c"])
        defer { Placeholders.removeTemporaryFiles() }
        #expect(try Placeholders.temporaryFile(["a b", "c"]) == path)  // the same lines, the same file
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &bytes, bytes.count)
        close(fd)
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "a b\nc\n")
    }
}
