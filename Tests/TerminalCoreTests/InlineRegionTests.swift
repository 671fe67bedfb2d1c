import Testing
@testable import TerminalCore

/// `--height`: the height's syntax, where the rows go below the cursor, the answer to a
/// cursor position request, and frames drawn in those rows leaving the others alone.
@Suite struct InlineRegionTests {
    @Test func heightsAreRowsOrPercentages() throws {
        #expect(try InlineHeight.parse("10") == .rows(10))
        #expect(try InlineHeight.parse("40%") == .percent(40))
        #expect(InlineHeight.percent(40).rows(onScreenOf: 50) == 20)
        #expect(InlineHeight.percent(10).rows(onScreenOf: 50) == 10, "at least 10 rows, as fzf's --min-height")
        #expect(InlineHeight.percent(10).rows(onScreenOf: 6) == 6)
    }

    @Test(arguments: ["0", "0%", "abc", "", "%", "10x", "-5", "~10", "101%", "1.5"])
    func badHeightsAreNamedInTheError(_ text: String) {
        #expect(throws: InlineHeight.Invalid.self) { try InlineHeight.parse(text) }
        do {
            _ = try InlineHeight.parse(text)
        } catch {
            #expect(error.description.contains("--height"))
            #expect(error.description.contains("'\(text)'"))
        }
    }

    @Test func aCursorAtTheLeftMarginStartsTheRowsOnItsRow() throws {
        let placed = try #require(InlinePlacement(height: .rows(10), screen: Size(rows: 24, columns: 80),
                                                  cursor: Point(row: 5, column: 0)))
        #expect(placed.top == 5 && placed.rows == 10 && placed.scroll == 0)
        #expect(placed.origin == Point(row: 5, column: 0))
    }

    @Test func rowsPastTheBottomScrollTheScreenUpFirst() throws {
        let placed = try #require(InlinePlacement(height: .rows(10), screen: Size(rows: 24, columns: 80),
                                                  cursor: Point(row: 20, column: 0)))
        #expect(placed.scroll == 6)
        #expect(placed.top == 14)
        #expect(placed.origin == Point(row: 14, column: 0))
    }

    @Test func aCursorInsideALineKeepsItsRowAndStartsBelow() throws {
        let placed = try #require(InlinePlacement(height: .rows(5), screen: Size(rows: 24, columns: 80),
                                                  cursor: Point(row: 23, column: 3)))
        #expect(placed.top == 19)
        #expect(placed.scroll == 5)
        #expect(placed.origin == Point(row: 18, column: 3))
    }

    @Test func aHeightThatLeavesNoRowTakesTheWholeScreen() {
        #expect(InlinePlacement(height: .rows(24), screen: Size(rows: 24, columns: 80), cursor: Point(row: 0, column: 0)) == nil)
        #expect(InlinePlacement(height: .percent(100), screen: Size(rows: 24, columns: 80), cursor: nil) == nil)
        #expect(InlinePlacement(height: .rows(23), screen: Size(rows: 24, columns: 80), cursor: nil)?.top == 1)
    }

    @Test func aResizeKeepsTheRowsOnTheScreen() throws {
        let placed = try #require(InlinePlacement(height: .rows(10), screen: Size(rows: 24, columns: 80),
                                                  cursor: Point(row: 12, column: 0)))
        let smaller = placed.resized(to: Size(rows: 8, columns: 80), height: .rows(10))
        #expect(smaller.rows == 7)
        #expect(smaller.top == 1)
        #expect(smaller.origin.row == 1)
    }

    /// A shorter terminal pushed its top lines into the scrollback: the rows (and the place
    /// the cursor goes back to) moved up with them, as the parked cursor says.
    @Test func aResizeFollowsTheRowsWhereTheTerminalMovedThem() throws {
        let placed = try #require(InlinePlacement(height: .rows(8), screen: Size(rows: 20, columns: 80),
                                                  cursor: Point(row: 6, column: 0)))
        #expect(placed.top == 6 && placed.origin.row == 6)
        let moved = placed.moved(toTopAt: 4).resized(to: Size(rows: 14, columns: 60), height: .rows(8))
        #expect(moved.top == 4 && moved.rows == 8 && moved.origin.row == 4)
        let lost = placed.moved(toTopAt: nil)
        #expect(lost == placed)  // the terminal did not answer: the rows stay
        let pushed = placed.moved(toTopAt: 0)
        #expect(pushed.top == 0 && pushed.origin.row == 0)
    }

    @Test func theCursorReportIsFoundAmongTypedKeys() throws {
        let report = try #require(CursorReport.parse(Array("ab\u{1B}[12;34Rc".utf8)))
        #expect(report.position == Point(row: 11, column: 33))
        #expect(report.before == Array("ab".utf8))
        #expect(report.after == Array("c".utf8))
        #expect(CursorReport.parse(Array("\u{1B}[12;3".utf8)) == nil, "not complete yet")
        #expect(CursorReport.parse(Array("\u{1B}[A\u{1B}[5;1R".utf8))?.position == Point(row: 4, column: 0))
    }

    /// Frames drawn with the moved strings stay in their rows: the shell's lines above and
    /// below are untouched, through a first frame (a clear), a scroll and a repaint.
    @Test func framesDrawnInlineLeaveTheOtherRowsAlone() throws {
        let screen = Size(rows: 12, columns: 20)
        var terminal = VirtualTerminal(size: screen, fill: "s")
        let strings = try #require(ControlStrings.ansi.inline(top: 4, rows: 5))
        var encoder = FrameEncoder(strings: strings)
        let size = Size(rows: 5, columns: 20)
        func frame(first: Int) -> Buffer {
            var buffer = Buffer(size: size)
            buffer.write("Title", at: Point(row: 0, column: 0))
            for row in 1..<4 { buffer.write("item \(first + row)", at: Point(row: row, column: 0)) }
            buffer.write("> q", at: Point(row: 4, column: 0))
            return buffer
        }
        for (index, first) in [0, 1, 2, 0].enumerated() {
            if index == 3 { encoder.invalidate() }
            var output: [UInt8] = []
            encoder.encode(frame(first: first), screen: size, into: &output)
            terminal.feed(output)
            let shown = frame(first: first)
            for row in 0..<screen.rows {
                if (4..<9).contains(row) {
                    #expect(terminal.line(row) == shown.line(row - 4).padding(20), "frame \(index)")
                } else {
                    #expect(terminal.line(row) == String(repeating: "s", count: 20), "row \(row), frame \(index)")
                }
            }
        }
        #expect(terminal.faults.isEmpty)
    }
}
