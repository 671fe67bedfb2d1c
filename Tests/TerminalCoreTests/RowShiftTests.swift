import Testing
@testable import TerminalCore

/// Finding the rows that only moved between two frames, and moving them as a terminal would.
@Suite struct RowShiftTests {
    /// A frame like lister's: a title, list rows `first...` with one highlighted, a status bar.
    func frame(first: Int, selected: Int?, rows: Int = 10, columns: Int = 20, count: Int = 1000) -> Buffer {
        var buffer = Buffer(size: Size(rows: rows, columns: columns))
        buffer.write("Title", at: Point(row: 0, column: 0), style: .bold)
        for line in 1..<(rows - 1) where first + line - 1 < count {
            let index = first + line - 1
            buffer.write("row \(index) 日本", at: Point(row: line, column: 0))
            if index == selected { buffer.applyStyle(.reverse, to: Rect(row: line, column: 0, rows: 1, columns: 12)) }
        }
        buffer.write("\((selected ?? 0) + 1)/\(count)", at: Point(row: rows - 1, column: 0))
        return buffer
    }

    @Test func aScrollDownIsOneShiftUp() throws {
        let old = frame(first: 0, selected: 7)
        let new = frame(first: 1, selected: 8)
        let shift = try #require(new.rowShift(since: old))
        #expect(shift == RowShift(top: 1, bottom: 7, distance: 1))
        var moved = old
        moved.apply(shift)
        // Only the unhighlighted row, the new last row and the status bar are left to write.
        #expect(Set(new.changes(since: moved).map(\.row)) == [7, 8, 9])
        #expect(Set(new.changes(since: old).map(\.row)) == Set(1...9))
    }

    @Test func aScrollUpIsOneShiftDown() throws {
        let old = frame(first: 5, selected: 5)
        let new = frame(first: 4, selected: 4)
        let shift = try #require(new.rowShift(since: old))
        #expect(shift.distance == -1)
        var moved = old
        moved.apply(shift)
        #expect(Set(new.changes(since: moved).map(\.row)) == [1, 2, 9])
    }

    @Test func theWheelScrollsThreeRows() throws {
        let old = frame(first: 10, selected: 12, rows: 20)
        let new = frame(first: 13, selected: 15, rows: 20)
        let shift = try #require(new.rowShift(since: old))
        #expect(shift == RowShift(top: 1, bottom: 18, distance: 3))
        var moved = old
        moved.apply(shift)
        // The row highlighted now, three new rows at the bottom, the status bar.
        #expect(Set(new.changes(since: moved).map(\.row)) == [3, 16, 17, 18, 19])
    }

    @Test func movingTheHighlightIsNoShift() {
        #expect(frame(first: 0, selected: 4).rowShift(since: frame(first: 0, selected: 3)) == nil)
        #expect(frame(first: 0, selected: 4).rowShift(since: frame(first: 0, selected: 4)) == nil)
        #expect(frame(first: 0, selected: 4).rowShift(since: frame(first: 0, selected: 4, columns: 21)) == nil)
        #expect(frame(first: 100, selected: 100).rowShift(since: frame(first: 0, selected: 0)) == nil)  // a page
    }

    @Test func applyingAShiftBlanksTheUncoveredRows() {
        var buffer = Buffer(size: Size(rows: 5, columns: 3))
        for row in 0..<5 { buffer.write("\(row)\(row)\(row)", at: Point(row: row, column: 0), style: .bold) }
        var up = buffer
        up.apply(RowShift(top: 1, bottom: 3, distance: 2))
        #expect(up.lines == ["000", "333", "", "", "444"])
        var down = buffer
        down.apply(RowShift(top: 0, bottom: 3, distance: -1))
        #expect(down.lines == ["", "000", "111", "222", "444"])
        #expect(down[0, 0] == .blank)
    }
}
