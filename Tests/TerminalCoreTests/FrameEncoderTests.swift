import Testing
@testable import TerminalCore

/// What a ``FrameEncoder`` writes, run through ``VirtualTerminal``: the terminal must show
/// exactly the frame, and a small change must cost few bytes.
@Suite struct FrameEncoderTests {
    static let texts = ["a", "bc", "xyz ", " ", "   ", "é", "日", "😀x", "a日b", "qrstuvwxyz"]
    static let styles: [Style] = [
        .plain, .bold, .reverse, .dim, Style(foreground: .red), Style(background: .blue, attributes: .underline),
        Style(foreground: .indexed(200), attributes: [.bold, .italic]), Style(foreground: .indexed(12)),
        Style(foreground: .green, background: .indexed(236), attributes: .reverse),
        Style(foreground: .indexed(67), attributes: [.blink, .strikethrough]),
    ]

    /// Random frames, edits, scrolled regions, cursor moves, resizes and invalidations, on
    /// screens of the frame's size and of others: after every frame the terminal shows it.
    @Test(arguments: 1...24)
    func everyFrameEndsUpOnScreen(seed: Int) {
        checkRandomFrames(seed: UInt64(seed), strings: .ansi)
    }

    /// The same on a terminal that scrolls when its bottom-right cell is written (no
    /// `xenl`): that cell is written with auto-margins off.
    @Test(arguments: 1...8)
    func everyFrameEndsUpOnATerminalWithoutTheNewlineGlitch(seed: Int) {
        var strings = ControlStrings.ansi
        strings.cornerIsSafe = false
        checkRandomFrames(seed: UInt64(seed) &+ 500, strings: strings)
    }

    /// The same with only the required strings: no scroll region, no `el`, no colours and
    /// no way to turn auto-margins off (the bottom-right cell is then left alone).
    @Test(arguments: 1...8)
    func everyFrameEndsUpOnAMinimalTerminal(seed: Int) {
        let ansi = ControlStrings.ansi
        var minimal = ControlStrings(moveCursor: ansi.moveCursor, clearScreen: ansi.clearScreen,
                                     resetAttributes: ansi.resetAttributes)
        minimal.reverse = ansi.reverse
        minimal.bold = ansi.bold
        checkRandomFrames(seed: UInt64(seed) &+ 1000, strings: minimal)
    }

    /// A terminal that scrolls when its bottom-right cell is written and cannot turn
    /// auto-margins off, but can insert (`ich1` as `ansi` and `cygwin`, or insert mode
    /// `smir`/`rmir`): the corner cell is written one column left and pushed into place.
    @Test(arguments: [false, true], 1...8)
    func theCornerIsDrawnByInsertion(insertMode: Bool, seed: Int) {
        checkRandomFrames(seed: UInt64(seed) &+ (insertMode ? 3000 : 2000), strings: Self.insertOnly(insertMode: insertMode))
    }

    /// ANSI strings without `xenl` and `rmam`, inserting by `ich1` or by insert mode.
    static func insertOnly(insertMode: Bool) -> ControlStrings {
        var strings = ControlStrings.ansi
        strings.cornerIsSafe = false
        strings.autoMarginsOff = nil
        strings.autoMarginsOn = nil
        if insertMode {
            strings.enterInsertMode = Array("\u{1B}[4h".utf8)
            strings.exitInsertMode = Array("\u{1B}[4l".utf8)
        } else {
            strings.insertCharacter = Array("\u{1B}[@".utf8)
        }
        return strings
    }

    @Test func downWithinAPageRewritesTwoRowsAndTheStatus() {
        var encoder = FrameEncoder(strings: .ansi)
        var output: [UInt8] = []
        encoder.encode(list(first: 0, selected: 3), screen: size, into: &output)
        output.removeAll()
        encoder.encode(list(first: 0, selected: 4), screen: size, into: &output)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("item 3") && text.contains("item 4"))
        #expect(!text.contains("item 2") && !text.contains("item 5"))
        #expect(!text.contains("\u{1B}[2J"))
        #expect(output.count < 120, "\(output.count) bytes: \(text.debugDescription)")
    }

    @Test func scrollingUsesAScrollRegionAndWritesTheNewRow() {
        var encoder = FrameEncoder(strings: .ansi)
        var terminal = VirtualTerminal(size: size)
        var output: [UInt8] = []
        encoder.encode(list(first: 0, selected: 7), screen: size, into: &output)
        terminal.feed(output)
        output.removeAll()
        let next = list(first: 1, selected: 8)
        encoder.encode(next, screen: size, into: &output)
        terminal.feed(output)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("\u{1B}[2;8r") && text.contains("\n"), "\(text.debugDescription)")
        #expect(output.count < 160, "\(output.count) bytes: \(text.debugDescription)")
        #expect((0..<size.rows).map(terminal.line) == (0..<size.rows).map { next.line($0).padding(size.columns) },
                "\(text.debugDescription)")
        #expect(terminal.faults.isEmpty)
    }

    /// A row equal in both frames can still need writing: the scroll moves another row
    /// onto it. Row 2 holds `p` before and after, but the scroll brings `q` there.
    @Test func aRowThatDidNotChangeIsWrittenWhenAScrollMovesAnotherOntoIt() {
        let size = Size(rows: 8, columns: 4)
        func frame(_ rows: [String]) -> Buffer {
            var buffer = Buffer(size: size)
            for (row, text) in rows.enumerated() { buffer.write(text, at: Point(row: row, column: 0)) }
            return buffer
        }
        let old = frame(["T", "a", "p", "q", "r", "s", "t", "S"])
        let new = frame(["T", "p", "p", "r", "s", "t", "Z", "S"])
        #expect(new.rowShift(since: old) == RowShift(top: 1, bottom: 6, distance: 1))
        let terminal = Self.screen(after: [old, new])
        #expect((0..<size.rows).map(terminal.line) == (0..<size.rows).map { new.line($0).padding(size.columns) })
    }

    @Test func theFirstFrameResetsAttributesAndClears() {
        var encoder = FrameEncoder(strings: .ansi)
        var output: [UInt8] = []
        encoder.encode(Buffer(size: size), screen: size, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "\u{1B}[m\u{1B}[39;49m\u{1B}[H\u{1B}[2J")
        output.removeAll()
        encoder.encode(Buffer(size: size), screen: size, into: &output)
        #expect(output.isEmpty)
    }

    @Test func theBottomRightCellIsWrittenWithAutoMarginsOff() {
        var frame = Buffer(size: Size(rows: 2, columns: 3))
        frame.write("abc", at: Point(row: 1, column: 0))
        var strings = ControlStrings.ansi
        strings.cornerIsSafe = false
        var encoder = FrameEncoder(strings: strings)
        var terminal = VirtualTerminal(size: frame.size, fill: "?")
        var output: [UInt8] = []
        encoder.encode(frame, screen: frame.size, into: &output)
        terminal.feed(output)
        #expect(terminal.line(1) == "abc")
        #expect(terminal.faults.isEmpty)
        #expect(String(decoding: output, as: UTF8.self).contains("\u{1B}[?7lc\u{1B}[?7h"))
    }

    @Test func aWideCharacterCutByTheScreenEdgeIsABlank() {
        var frame = Buffer(size: Size(rows: 1, columns: 4))
        frame.write("ab日", at: Point(row: 0, column: 0))
        var encoder = FrameEncoder(strings: .ansi)
        var terminal = VirtualTerminal(size: Size(rows: 1, columns: 3), waitsToWrap: true)
        var output: [UInt8] = []
        encoder.encode(frame, screen: terminal.size, into: &output)
        terminal.feed(output)
        #expect(terminal.line(0) == "ab ")
        #expect(terminal.faults.isEmpty)
    }

    /// A corner left alone (a wide character beside it cannot be inserted) is drawn once it
    /// can be, although the frames agree about it.
    @Test func aCornerLeftAloneIsDrawnLater() {
        let strings = Self.insertOnly(insertMode: false)
        let size = Size(rows: 1, columns: 4)
        var first = Buffer(size: size), second = Buffer(size: size)
        first.write("a日x", at: Point(row: 0, column: 0))
        second.write("ayzx", at: Point(row: 0, column: 0))
        var encoder = FrameEncoder(strings: strings)
        var terminal = VirtualTerminal(size: size, fill: "?")
        var output: [UInt8] = []
        encoder.encode(first, screen: size, into: &output)
        terminal.feed(output)
        #expect(terminal.line(0) == "a日 ")  // 日 takes two cells; the corner was not written
        output.removeAll()
        encoder.encode(second, screen: size, into: &output)
        terminal.feed(output)
        #expect(terminal.line(0) == "ayzx")
        #expect(terminal.faults.isEmpty)
    }

    @Test func clearingTheRestOfARowKeepsWhatFollowsARun() {
        let size = Size(rows: 1, columns: 20)
        var old = Buffer(size: size), new = Buffer(size: size)
        old.write("abcdefgh", at: Point(row: 0, column: 0))
        old.write("tail", at: Point(row: 0, column: 16))
        new.write("ab", at: Point(row: 0, column: 0))
        new.write("tail", at: Point(row: 0, column: 16))
        let terminal = Self.screen(after: [old, new])
        #expect(terminal.line(0) == "ab              tail")
    }

    @Test func attributesATerminalCannotShowWithAColourAreDropped() {
        var strings = ControlStrings.ansi
        strings.attributesWithoutColor = [.underline, .dim]
        var frame = Buffer(size: Size(rows: 1, columns: 2))
        frame.write("a", at: Point(row: 0, column: 0), style: Style(foreground: .red, attributes: [.underline, .bold]))
        frame.write("b", at: Point(row: 0, column: 1), style: Style(attributes: [.underline, .dim]))
        var encoder = FrameEncoder(strings: strings)
        var terminal = VirtualTerminal(size: frame.size, waitsToWrap: true)
        var output: [UInt8] = []
        encoder.encode(frame, screen: frame.size, into: &output)
        terminal.feed(output)
        #expect(terminal.styles == [Style(foreground: .red, attributes: .bold), Style(attributes: [.underline, .dim])])
    }

    @Test func anEightColourTerminalGetsTheNearestColourOrNone() {
        var strings = ControlStrings.ansi
        strings.colorCount = 8
        var frame = Buffer(size: Size(rows: 1, columns: 4))
        frame.write("a", at: Point(row: 0, column: 0), style: Style(foreground: .indexed(9)))
        frame.write("b", at: Point(row: 0, column: 1), style: Style(foreground: .indexed(236)))
        frame.write("c", at: Point(row: 0, column: 2), style: Style(background: .blue))
        frame.write("d", at: Point(row: 0, column: 3), style: Style(foreground: .indexed(3)))
        var encoder = FrameEncoder(strings: strings)
        var terminal = VirtualTerminal(size: frame.size, waitsToWrap: true)
        var output: [UInt8] = []
        encoder.encode(frame, screen: frame.size, into: &output)
        terminal.feed(output)
        #expect(terminal.styles == [Style(foreground: .red), .plain, Style(background: .blue), Style(foreground: .yellow)])
        #expect(!String(decoding: output, as: UTF8.self).contains("38;5"))
    }

    // MARK: Helpers

    /// An xterm-like terminal after `frames` were encoded one after the other.
    static func screen(after frames: [Buffer]) -> VirtualTerminal {
        let size = frames[0].size
        var encoder = FrameEncoder(strings: .ansi)
        var terminal = VirtualTerminal(size: size, waitsToWrap: true)
        var output: [UInt8] = []
        for frame in frames { encoder.encode(frame, screen: size, into: &output) }
        terminal.feed(output)
        return terminal
    }

    let size = Size(rows: 10, columns: 24)

    /// A frame like lister's: a title, rows `first...` with one in reverse video, a status.
    func list(first: Int, selected: Int) -> Buffer {
        var buffer = Buffer(size: size)
        buffer.write("Title", at: Point(row: 0, column: 0), style: .bold)
        for line in 1..<(size.rows - 1) {
            let index = first + line - 1
            buffer.write("item \(index) lorem", at: Point(row: line, column: 0))
            if index == selected { buffer.applyStyle(.reverse, to: Rect(row: line, column: 0, rows: 1, columns: size.columns)) }
        }
        buffer.write("\(selected + 1)/1000", at: Point(row: size.rows - 1, column: 0), style: .bold)
        return buffer
    }

    func randomSize(_ random: inout SplitMix64) -> Size {
        Size(rows: Int.random(in: 1...7, using: &random), columns: Int.random(in: 1...30, using: &random))
    }

    func scribble(on frame: inout Buffer, rows: ClosedRange<Int>? = nil, count: Int, _ random: inout SplitMix64) {
        guard frame.size.rows > 0, frame.size.columns > 0 else { return }
        for _ in 0..<count {
            let row = rows.map { Int.random(in: $0, using: &random) } ?? Int.random(in: 0..<frame.size.rows, using: &random)
            let column = Int.random(in: 0..<frame.size.columns, using: &random)
            frame.write(Self.texts.randomElement(using: &random)!, at: Point(row: row, column: column),
                        style: Self.styles.randomElement(using: &random)!)
        }
    }

    func checkRandomFrames(seed: UInt64, strings: ControlStrings) {
        var random = SplitMix64(seed: seed)
        var frameSize = randomSize(&random)
        var screen = frameSize
        var encoder = FrameEncoder(strings: strings)
        var terminal = VirtualTerminal(size: screen, fill: "?", waitsToWrap: strings.cornerIsSafe)
        var frame = Buffer(size: frameSize)
        for step in 0..<60 {
            switch Int.random(in: 0..<12, using: &random) {
            case 0:  // resized: the terminal shows something unknown
                frameSize = randomSize(&random)
                screen = Bool.random(using: &random) ? frameSize : randomSize(&random)
                terminal = VirtualTerminal(size: screen, fill: "?", waitsToWrap: strings.cornerIsSafe)
                encoder.invalidate()
                frame = Buffer(size: frameSize)
                scribble(on: &frame, count: 6, &random)
            case 1:  // resumed or Ctrl-L
                terminal = VirtualTerminal(size: screen, fill: "%", waitsToWrap: strings.cornerIsSafe)
                encoder.invalidate()
            case 2, 3, 4:  // a block of rows moved, as a list scrolls
                let top = Int.random(in: 0..<frameSize.rows, using: &random)
                let bottom = Int.random(in: top..<frameSize.rows, using: &random)
                let distance = [1, 2, 3, -1, -2, -3].randomElement(using: &random)!
                frame.apply(RowShift(top: top, bottom: bottom, distance: distance))
                scribble(on: &frame, rows: top...bottom, count: 2, &random)
            case 5:
                frame.cursor = Bool.random(using: &random) ? nil
                    : Point(row: Int.random(in: 0..<frameSize.rows, using: &random),
                            column: Int.random(in: 0..<frameSize.columns, using: &random))
            case 6:
                frame = Buffer(size: frameSize)
                scribble(on: &frame, count: 8, &random)
            default:
                scribble(on: &frame, count: Int.random(in: 1...3, using: &random), &random)
            }
            var output: [UInt8] = []
            encoder.encode(frame, screen: screen, into: &output)
            terminal.feed(output)
            let context = "seed \(seed), step \(step), frame \(frameSize), screen \(screen): \(String(decoding: output, as: UTF8.self).debugDescription)"
            #expect(terminal.faults.isEmpty, "\(terminal.faults) \(context)")
            expectShows(terminal, frame, strings: strings, context)
            #expect(terminal.top == 0 && terminal.bottom == screen.rows - 1 && terminal.autoMargins
                    && terminal.style == .plain, "terminal state left changed: \(context)")
            if terminal.faults.isEmpty == false { return }
        }
    }

    func expectShows(_ terminal: VirtualTerminal, _ frame: Buffer, strings: ControlStrings, _ context: String) {
        let screen = terminal.size
        let corner = cornerMayBeLeft(frame, screen: screen, strings: strings)
            ? Point(row: screen.rows - 1, column: screen.columns - 1) : nil
        for row in 0..<screen.rows {
            for column in 0..<screen.columns where Point(row: row, column: column) != corner {
                let index = row * screen.columns + column
                var text = " ", style = Style.plain
                if row < frame.size.rows, column < frame.size.columns {
                    let cell = frame[row, column]
                    if cell.isContinuation { continue }
                    if corner != nil, cell.width == 2, row == screen.rows - 1, column == screen.columns - 2 { continue }
                    text = column + Int(cell.width) > screen.columns ? " " : cell.glyph.string
                    style = expected(cell.style, strings)
                }
                guard terminal.text[index] == text, terminal.styles[index] == style else {
                    Issue.record("cell \(row),\(column): \(terminal.text[index].debugDescription) \(terminal.styles[index]) instead of \(text.debugDescription) \(style); \(context)")
                    return
                }
            }
        }
        if let cursor = frame.cursor, cursor.row < screen.rows, cursor.column < screen.columns {
            #expect(terminal.cursor == cursor, "cursor: \(context)")
        }
    }

    /// Whether the encoder may leave the bottom-right cell alone: writing it would scroll
    /// and it cannot be inserted (no insertion, or a wide character next to it).
    func cornerMayBeLeft(_ frame: Buffer, screen: Size, strings: ControlStrings) -> Bool {
        guard !strings.cornerIsSafe, strings.autoMarginsOff == nil else { return false }
        guard strings.insertCharacter != nil || strings.enterInsertMode != nil, screen.columns >= 2 else { return true }
        let row = screen.rows - 1, column = screen.columns - 1
        let left = frame[row, column - 1], corner = frame[row, column]
        let cornerWidth = corner.isContinuation ? 2 : (column + Int(corner.width) > screen.columns ? 1 : Int(corner.width))
        return left.isContinuation || left.width != 1 || cornerWidth != 1
    }

    /// The style a terminal with `strings` shows for `style`: colours and attributes it
    /// lacks are dropped.
    func expected(_ style: Style, _ strings: ControlStrings) -> Style {
        let names: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
        func color(_ color: Color) -> Color {
            guard strings.foreground != nil, let n = strings.number(of: color) else { return .default }
            return n < 8 ? names[n] : .indexed(UInt8(n))
        }
        var attributes = style.attributes
        let available: [(Attributes, [UInt8]?)] = [(.bold, strings.bold), (.dim, strings.dim), (.reverse, strings.reverse),
                                                    (.underline, strings.underline), (.italic, strings.italic),
                                                    (.blink, strings.blink), (.strikethrough, strings.strikethrough)]
        for (attribute, string) in available where string == nil { attributes.remove(attribute) }
        return Style(foreground: color(style.foreground), background: color(style.background), attributes: attributes)
    }
}

extension String {
    /// This string with spaces added up to `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
