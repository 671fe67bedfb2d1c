import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// `lister pick`'s look options as drawn on a headless terminal: each `--color` element in
/// the cells of its part, `--info=inline` after the query, frames on small terminals.
@MainActor
@Suite struct PickLookScreenTests {
    private func app(_ arguments: [String], input: String = "ab\nac\nxb\n", size: Size = Size(rows: 10, columns: 30)) async throws -> HeadlessApp {
        let options = try PickOptions.parse(arguments)
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options, preloaded: LineStore(Array(input.utf8)),
                                header: PickHeader(options.headerLines > 0 ? [Array("hdr".utf8)] : []))
        let app = HeadlessApp(root: screen, size: size)
        await app.start()
        await app.settle()
        return app
    }

    /// The style of the cell where `text` starts on the screen (plus `offset` columns).
    private func style(of text: String, offset: Int = 0, in app: HeadlessApp, sourceLocation: SourceLocation = #_sourceLocation) -> Style? {
        guard let frame = app.frame else { return nil }
        for (row, line) in app.lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            let column = DisplayWidth.of(line[..<range.lowerBound]) + offset
            return frame[row, column].style
        }
        Issue.record("'\(text)' is not on the screen:\n\(app.screen)", sourceLocation: sourceLocation)
        return nil
    }

    @Test func everyElementIsDrawnInItsPart() async throws {
        let app = try await app(["--color=fg:1,bg:4,hl:2,fg+:3,bg+:5,hl+:6:underline,prompt:9,query:10,info:11,pointer:12,marker:13",
                                 "--color=gutter:14,header:7:bold,border:8,label:15,separator:16", "--info=inline", "--pointer=▶",
                                 "--marker=*", "--multi", "--header-lines=1", "--border", "--border-label=LBL", "--query=b",
                                 "--layout=reverse", "--header=TTL"], size: Size(rows: 10, columns: 38))
        await app.press(.tab)  // marks ab (the best match), moves to xb
        #expect(Array(app.lines.prefix(6)) == ["╭────────────────LBL─────────────────╮", "│> b  < 2/2 of 3 · 1 marked ─────────│",
                                               "│TTL                                 │", "│hdr                                 │",
                                               "│▌*ab                                │", "│▶ xb                                │"])
        #expect(style(of: "TTL", in: app)?.foreground == .indexed(7))  // --header, below the prompt as in fzf
        #expect(style(of: "╭", in: app)?.foreground == .indexed(8))
        #expect(style(of: "LBL", in: app)?.foreground == .indexed(15))
        #expect(style(of: ">", in: app)?.foreground == .indexed(9))
        #expect(style(of: "> b", offset: 2, in: app)?.foreground == .indexed(10))  // the query
        #expect(style(of: "<", in: app)?.foreground == .indexed(9))  // the prefix, as the prompt
        #expect(style(of: "2/2", in: app)?.foreground == .indexed(11))
        #expect(style(of: "marked ─", offset: 7, in: app)?.foreground == .indexed(16))  // the separator after the count
        #expect(style(of: "hdr", in: app) == Style(foreground: .indexed(7), background: .indexed(4), attributes: .bold))
        // A marked row that is not selected: gutter, marker, text, match.
        #expect(style(of: "▌*ab", in: app)?.foreground == .indexed(14))  // fzf 0.74.5's gutter: a half block in its colour
        #expect(style(of: "*ab", in: app)?.foreground == .indexed(13))
        #expect(style(of: "*ab", offset: 1, in: app) == Style(foreground: .indexed(1), background: .indexed(4)))
        #expect(style(of: "*ab", offset: 2, in: app) == Style(foreground: .indexed(2), background: .indexed(4)))
        // The selected row: pointer, fg+ on bg+, hl+ with its attribute.
        #expect(style(of: "▶", in: app)?.foreground == .indexed(12))
        #expect(style(of: "▶", in: app)?.background == .indexed(5))
        #expect(style(of: "▶ xb", offset: 2, in: app) == Style(foreground: .indexed(3), background: .indexed(5), attributes: .bold))
        #expect(style(of: "▶ xb", offset: 3, in: app) == Style(foreground: .indexed(6), background: .indexed(5), attributes: [.bold, .underline]))
        // bg under everything drawn without a background of its own.
        #expect(app.frame?[6, 10].style.background == .indexed(4))
    }

    @Test func withoutColorTheLookIsListersOwn() async throws {
        let app = try await app(["--query=b", "--layout=reverse"])
        #expect(style(of: "ab", in: app) == .reverse)  // the selected row
        #expect(style(of: "ab", offset: 1, in: app) == Style(attributes: [.bold, .underline, .reverse]))
        #expect(style(of: "xb", offset: 1, in: app) == FilterQuery.highlightStyle)
        #expect(style(of: "xb", in: app) == .plain)
    }

    @Test func aBaseSchemeDrawsFzfsColours() async throws {
        let app = try await app(["--color=dark", "--query=b", "--layout=reverse"])
        #expect(style(of: "ab", offset: 1, in: app) == Style(foreground: .indexed(151), background: .indexed(236), attributes: .bold))
        #expect(style(of: "xb", offset: 1, in: app) == Style(foreground: .indexed(108)))
        #expect(style(of: ">", in: app) == Style(foreground: .indexed(110), attributes: .bold))
        #expect(style(of: "1/2 of 3", in: app)?.foreground == .indexed(144))  // info: the count in the status bar too
    }

    @Test func infoInlineFollowsTheQueryWithItsPrefixAndGoesWhenItDoesNotFit() async throws {
        let size = Size(rows: 5, columns: 24)
        let sep = try await app(["--info=inline: SEP ", "--query=a", "--layout=reverse"], size: size)
        #expect(sep.lines[0] == "> a  SEP 1/2 of 3 ──────")
        let long = try await app(["--info=inline", "--layout=reverse"], size: size)
        await long.type("abcdefghijklmn")
        #expect(long.lines[0] == "> abcdefghijklmn")  // no room for " < 0/3" and its blank: left out
        let right = try await app(["--info=inline-right", "--layout=reverse"], size: size)
        await right.type("a")
        #expect(right.lines[0] == "> a" + String(repeating: " ", count: 12) + "1/2 of 3")  // at the end while it fits
        #expect(right.lines[1] == String(repeating: "─", count: 24))  // fzf's separator alone on the info line
        await right.type("aaaaaaaaaaa")
        #expect(right.lines[0] == "> aaaaaaaaaaaa", "\(right.screen)")
    }

    @Test func aFrameTooBigForTheTerminalShrinksAsFzfsDoes() async throws {
        // fzf 0.74.5 on 60x20: 6 blank rows, the border, 1 of padding, 4 rows of picker.
        let app = try await app(["--margin", "15", "--border", "--padding", "3", "--layout=reverse"],
                                input: (1...30).map(String.init).joined(separator: "\n"), size: Size(rows: 20, columns: 60))
        #expect(app.lines[0...5].allSatisfy { $0.isEmpty })
        #expect(app.lines[6].hasPrefix(String(repeating: " ", count: 15) + "╭"))
        #expect(app.lines[7].trimmingCharacters(in: .whitespaces) == "│" + String(repeating: " ", count: 28) + "│")
        #expect(app.lines[8...11].contains { $0.contains("> ") })
        #expect(app.lines[8...11].contains { $0.contains(" 1 ") || $0.hasSuffix(" 1") || $0.contains("│   1") }, "\(app.screen)")
        #expect(app.lines[13].hasPrefix(String(repeating: " ", count: 15) + "╰"))
    }

    @Test func everySizeDownTo1x1DrawsSomething() async throws {
        let app = try await app(["--margin", "15", "--border", "--padding", "3", "--info=inline"], size: Size(rows: 1, columns: 1))
        for rows in [1, 2, 3, 4, 5, 7, 9, 12, 20] {
            for columns in [1, 2, 3, 4, 6, 9, 15, 40] {
                await app.resize(to: Size(rows: rows, columns: columns))
                #expect(app.lines.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(rows)x\(columns) is blank")
            }
        }
    }
}

/// `--keep-right`, `--preview-window` parts: each honoured or refused by name.
@MainActor
@Suite struct PickLookOptionsTests {
    @Test func keepRightShowsTheEndOfALongLine() async throws {
        let options = try PickOptions.parse(["--keep-right", "--layout=reverse"])
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options,
                                preloaded: LineStore(Array("/a/long/path/to/the/file.txt\nshort\n".utf8)))
        let app = HeadlessApp(root: screen, size: Size(rows: 6, columns: 16))
        await app.start()
        await app.settle()
        #expect(app.lines[2] == "··o/the/file.txt")  // 16 columns: the last 14 after "··", as fzf
        #expect(app.lines[3] == "short")
    }

    @Test func previewWindowPartsAreHonouredOrRefused() throws {
        let placement = try PickOptions.parse(["--preview-window", "up,40%,border-bottom,wrap,follow"]).previewWindow
        #expect(placement.edge == .top && placement.wraps && placement.follows && placement.showsBorder)
        #expect(try !PickOptions.parse(["--preview-window", "right:border-none"]).previewWindow.showsBorder)
        #expect(try !PickOptions.parse(["--preview-window", "noborder"]).previewWindow.showsBorder)
        #expect(try !PickOptions.parse(["--preview-window", "wrap,nowrap"]).previewWindow.wraps)
        #expect(try PickOptions.parse(["--preview-window", "right,~3"]).previewWindow.headerLines == 3)
        do {
            _ = try PickOptions.parse(["--preview-window", "right,~x"])
            Issue.record("~x was taken")
        } catch {
            #expect(error.description.contains("'~x' is not a number of header lines"))
        }
        // fzf's default is a rounded box; each style is kept, `line` is the one line beside the list.
        #expect(try PickOptions.parse([]).previewWindow.border == .rounded)
        #expect(try PickOptions.parse(["--preview-window", "up,border-double"]).previewWindow.border == .double)
        #expect(try PickOptions.parse(["--preview-window", "border-line"]).previewWindow.border == nil)
        #expect(try PickOptions.parse(["--preview-window", "noborder"]).previewWindow.border == nil)
        #expect(throws: (any Error).self) { try PickOptions.parse(["--preview-window", "+{x}"]) }
        #expect(throws: (any Error).self) { try PickOptions.parse(["--preview-window", "+3/0"]) }
    }

    @Test func aScrollOffsetOpensEachPreviewAtTheLineItNames() throws {
        // Checked in tmux against fzf 0.74.5 on `f 50` and `seq 100`: 45, 52, 10, 1.
        func start(_ window: String, line: String = "f 50") throws -> PreviewStart? {
            try PickOptions.parse(["--preview-window", window]).previewScroll?.start(for: line, fields: PickFields())
        }
        #expect(try start("+{2}-5") == PreviewStart(line: 44))
        #expect(try start("right,+{2}+3-1") == PreviewStart(line: 51))
        #expect(try start("+10") == PreviewStart(line: 9))
        #expect(try start("+{2}-/2") == PreviewStart(line: 49, divisor: 2))
        #expect(try start("+{-1}/3", line: "a b 7") == PreviewStart(line: 6, divisor: 3))
        #expect(try start("+{2}", line: "f x") == nil)  // not a number: the top
    }
}
