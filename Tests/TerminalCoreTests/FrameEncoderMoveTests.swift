import Testing
@testable import TerminalCore

/// How a ``FrameEncoder`` moves the cursor: the shortest of the moves the terminal has
/// (`cup`, `hpa`, `cuf`, `cr`, `cud`, `cuu`), or the unchanged cells written again when
/// that is shorter; and whatever it picks, the terminal shows the frame.
@Suite struct FrameEncoderMoveTests {
    /// The bytes of the second frame, the first drawn before.
    func secondFrameBytes(_ first: Buffer, _ second: Buffer, strings: ControlStrings = .ansi) -> String {
        var encoder = FrameEncoder(strings: strings)
        var terminal = VirtualTerminal(size: first.size, waitsToWrap: true)
        var output: [UInt8] = []
        encoder.encode(first, screen: first.size, into: &output)
        terminal.feed(output)
        output.removeAll()
        encoder.encode(second, screen: second.size, into: &output)
        terminal.feed(output)
        #expect(terminal.faults.isEmpty)
        #expect((0..<second.size.rows).map(terminal.line) == (0..<second.size.rows).map { second.line($0).padding(second.size.columns) })
        return String(decoding: output, as: UTF8.self)
    }

    func row(_ text: String, columns: Int = 20, at column: Int = 0, style: Style = .plain) -> Buffer {
        var buffer = Buffer(size: Size(rows: 2, columns: columns))
        buffer.write(text, at: Point(row: 0, column: column), style: style)
        return buffer
    }

    /// Two changes on a row far apart: the cursor goes to the second by its column (`hpa`,
    /// 5 bytes) instead of its row and column (`cup`, 7 bytes); the first move, leftwards
    /// from where the first frame left the cursor, too.
    @Test func aMoveOnTheSameRowTakesTheColumnOnly() {
        let bytes = secondFrameBytes(row("abc         xyz"), row("abd         xyw"))
        #expect(bytes == "\u{1B}[3Gd\u{1B}[15Gw", "\(bytes.debugDescription)")
    }

    /// After a row written to its last column the cursor is not known (it waits to wrap on
    /// some terminals, has wrapped on others), so the next move names the row and column:
    /// a relative move from a supposed column 10 would land a row too low where it wrapped.
    @Test func aRowWrittenToItsLastColumnIsLeftByAFullAddress() {
        var second = Buffer(size: Size(rows: 2, columns: 10))
        second.write("abcdefghij", at: Point(row: 0, column: 0))
        second.write("k", at: Point(row: 1, column: 0))
        let bytes = secondFrameBytes(Buffer(size: Size(rows: 2, columns: 10)), second)
        #expect(bytes == "abcdefghij\u{1B}[2;1Hk", "\(bytes.debugDescription)")
    }

    /// A short hop forward is `cuf` when that is shorter than the column address.
    @Test func aShortHopForwardIsCursorForward() {
        let bytes = secondFrameBytes(row("abc      xyz", columns: 120, at: 100), row("abd      xyw", columns: 120, at: 100))
        #expect(bytes == "\u{1B}[103Gd\u{1B}[8Cw", "\(bytes.debugDescription)")
    }

    /// Without `hpa` and `cuf`, five unchanged cells are written again rather than jumped
    /// over with a 6-byte `cup`.
    @Test func unchangedCellsAreWrittenWhenThatIsShorterThanAMove() {
        let ansi = ControlStrings.ansi
        let minimal = ControlStrings(moveCursor: ansi.moveCursor, clearScreen: ansi.clearScreen, resetAttributes: ansi.resetAttributes)
        var second = row("Xbcdefgh", columns: 10)
        second.write("Y", at: Point(row: 0, column: 6))
        let bytes = secondFrameBytes(row("abcdefgh", columns: 10), second, strings: minimal)
        #expect(bytes == "\u{1B}[1;1HXbcdefY", "\(bytes.debugDescription)")
    }

    /// Unchanged cells in another pen are not written again: that would take two pen
    /// changes. The first frame leaves the plain pen; the gap is reversed.
    @Test func unchangedCellsOfAnotherStyleAreMovedOver() {
        let ansi = ControlStrings.ansi
        let minimal = ControlStrings(moveCursor: ansi.moveCursor, clearScreen: ansi.clearScreen, resetAttributes: ansi.resetAttributes)
        var first = row("a", columns: 10), second = row("X", columns: 10)
        first.write("bcdef", at: Point(row: 0, column: 1), style: .reverse)
        second.write("bcdef", at: Point(row: 0, column: 1), style: .reverse)
        first.write("g", at: Point(row: 0, column: 6))
        second.write("Y", at: Point(row: 0, column: 6))
        var strings = minimal
        strings.reverse = ansi.reverse
        let bytes = secondFrameBytes(first, second, strings: strings)
        #expect(bytes == "\u{1B}[1;1HX\u{1B}[1;7HY", "\(bytes.debugDescription)")
    }

    /// A change in the same column a row down is `cud`, and one at the start of the row
    /// below is `cr` and `cud`, instead of `cup`.
    @Test func movesDownAreRelative() {
        var first = Buffer(size: Size(rows: 3, columns: 20)), second = first
        first.write("abc", at: Point(row: 0, column: 0))
        first.write("x", at: Point(row: 1, column: 2))
        first.write("p", at: Point(row: 2, column: 0))
        second.write("abC", at: Point(row: 0, column: 0))
        second.write("xX", at: Point(row: 1, column: 2))
        second.write("P", at: Point(row: 2, column: 0))
        second.cursor = Point(row: 1, column: 1)
        let bytes = secondFrameBytes(first, second)
        // C leaves the cursor at column 3; X is below it; P is at the start of the next row;
        // the cursor then goes up one.
        #expect(bytes == "\u{1B}[1;3HC\u{1B}[BX\u{1B}[B\rP\u{1B}[A", "\(bytes.debugDescription)")
    }

    /// After a character other than ASCII the terminal may count another width (`·` is two
    /// columns in a CJK locale): the next move names the row and the column, so a wrong
    /// guess stays within its run, as it did when every move was `cup`.
    @Test func afterACharacterOtherThanASCIITheCursorIsAddressed() {
        var first = row("a·b"), second = row("a·b")
        first.write("x", at: Point(row: 0, column: 10))
        second.write("·", at: Point(row: 0, column: 0))
        second.write("y", at: Point(row: 0, column: 10))
        let bytes = secondFrameBytes(first, second)
        #expect(bytes == "\r·\u{1B}[1;11Hy", "\(bytes.debugDescription)")
        // Unchanged cells that are not ASCII are not written instead of a move: four `·`
        // take 8 bytes, the `cup` 10, but the terminal may count 8 columns for them.
        var third = Buffer(size: Size(rows: 12, columns: 120))
        third.write("a····b", at: Point(row: 10, column: 100))
        third.write("x", at: Point(row: 10, column: 119))  // the first frame leaves the cursor unknown
        var fourth = third
        fourth.write("A", at: Point(row: 10, column: 100))
        fourth.write("B", at: Point(row: 10, column: 105))
        let ansi = ControlStrings.ansi
        let minimal = ControlStrings(moveCursor: ansi.moveCursor, clearScreen: ansi.clearScreen, resetAttributes: ansi.resetAttributes)
        let moved = secondFrameBytes(third, fourth, strings: minimal)
        #expect(moved == "\u{1B}[11;101HA\u{1B}[11;106HB", "\(moved.debugDescription)")
    }

    /// After a scroll region the cursor is unknown: the next move is `cup`.
    @Test func afterAScrollTheCursorIsAddressed() {
        var first = Buffer(size: Size(rows: 4, columns: 10)), second = first
        for line in 0..<4 { first.write("line \(line)", at: Point(row: line, column: 0)) }
        for line in 0..<4 { second.write("line \(line + 1)", at: Point(row: line, column: 0)) }
        let bytes = secondFrameBytes(first, second)
        #expect(bytes.hasPrefix("\u{1B}[1;4r") && bytes.contains("\u{1B}[1;4r\u{1B}[4;1Hline 4"), "\(bytes.debugDescription)")
    }

    /// Fewer than four unchanged cells join a run only in the style of the change before
    /// them: a reversed gap between plain changes splits the run.
    @Test func aGapInAnotherStyleSplitsTheRun() {
        var old = Buffer(size: Size(rows: 1, columns: 10))
        old.write("a", at: Point(row: 0, column: 0))
        old.write("bc", at: Point(row: 0, column: 1), style: .reverse)
        old.write("d", at: Point(row: 0, column: 3))
        var new = old
        new.write("A", at: Point(row: 0, column: 0))
        new.write("D", at: Point(row: 0, column: 3))
        #expect(new.changes(since: old).map(\.column) == [0, 3])
        var plain = old
        plain.write("bc", at: Point(row: 0, column: 1))
        var plainNew = plain
        plainNew.write("A", at: Point(row: 0, column: 0))
        plainNew.write("D", at: Point(row: 0, column: 3))
        #expect(plainNew.changes(since: plain).map(\.cells.count) == [4])
    }

    // MARK: Every frame still ends up on screen

    /// The ANSI strings with a random subset of the relative moves (and `cuu1` as reverse
    /// index on some, as tmux's entry has it, which scrolls at the top margin).
    static func someMoves(seed: UInt64) -> ControlStrings {
        var random = SplitMix64(seed: seed)
        var strings = ControlStrings.ansi
        if Bool.random(using: &random) { strings.moveToColumn = nil }
        if Bool.random(using: &random) { strings.cursorForward = nil }
        if Bool.random(using: &random) { strings.cursorDown = nil }
        if Bool.random(using: &random) { strings.cursorUp = nil }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: strings.cursorUpOne = nil
        case 1: strings.cursorUpOne = Array("\u{1B}M".utf8)
        default: break
        }
        if Bool.random(using: &random) { strings.cursorDownOne = nil }
        if Bool.random(using: &random) { strings.carriageReturn = nil }
        if Bool.random(using: &random) { strings.cornerIsSafe = false }
        return strings
    }

    @Test(arguments: 1...24)
    func everyFrameEndsUpOnScreenWithSomeMoves(seed: Int) {
        FrameEncoderTests().checkRandomFrames(seed: UInt64(seed) &+ 7000, strings: Self.someMoves(seed: UInt64(seed)))
    }

    /// Only `cup`: the unchanged cells written instead of long moves must show the frame.
    @Test(arguments: 1...8)
    func everyFrameEndsUpOnScreenWithOnlyCursorAddressing(seed: Int) {
        let ansi = ControlStrings.ansi
        var strings = ControlStrings(moveCursor: ansi.moveCursor, clearScreen: ansi.clearScreen, resetAttributes: ansi.resetAttributes)
        strings.reverse = ansi.reverse
        strings.bold = ansi.bold
        strings.foreground = ansi.foreground
        strings.background = ansi.background
        strings.colorCount = 256
        strings.clearToEndOfLine = ansi.clearToEndOfLine
        strings.autoMarginsOff = ansi.autoMarginsOff
        strings.autoMarginsOn = ansi.autoMarginsOn
        FrameEncoderTests().checkRandomFrames(seed: UInt64(seed) &+ 8000, strings: strings)
    }
}
