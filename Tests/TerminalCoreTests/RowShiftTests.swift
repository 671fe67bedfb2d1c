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

/// A list scrolled beside a pane that changed with it (the preview of the new item): no
/// row moved whole, yet scrolling the full width moves the list's part.
@Suite struct PaneBesideShiftTests {
    static let size = Size(rows: 12, columns: 40)

    /// A title, list rows `first...` in the left 24 columns with `selected` highlighted, a
    /// pane at the right showing the selected row's preview, a status bar.
    static func frame(first: Int, selected: Int, pane: String? = nil, paneLines: Int = 10) -> Buffer {
        var buffer = Buffer(size: size)
        buffer.write("Title", at: Point(row: 0, column: 0), style: .bold)
        for line in 1..<(size.rows - 1) {
            let index = first + line - 1
            buffer.write("\(index) \(word(index)) 日本 \(word(index * 7))", at: Point(row: line, column: 0))
            if index == selected { buffer.applyStyle(.reverse, to: Rect(row: line, column: 0, rows: 1, columns: 24)) }
            buffer.write("│ " + (line > paneLines ? "" : pane ?? word(selected * 3 + line)), at: Point(row: line, column: 24))
        }
        buffer.write("\(selected + 1)/1000", at: Point(row: size.rows - 1, column: 0))
        return buffer
    }

    /// Words unlike each other, as the rows of a real list are.
    static func word(_ n: Int) -> String {
        let words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "eiusmod"]
        return words[n % words.count] + words[(n / 10) % words.count].prefix(3)
    }

    static func bytes(from old: Buffer, to new: Buffer) -> (count: Int, terminal: VirtualTerminal) {
        var encoder = FrameEncoder(strings: .ansi)
        var output: [UInt8] = []
        encoder.encode(old, screen: size, into: &output)
        var terminal = VirtualTerminal(size: size, waitsToWrap: true)
        terminal.feed(output)
        output.removeAll()
        encoder.encode(new, screen: size, into: &output)
        terminal.feed(output)
        return (output.count, terminal)
    }

    @Test func aListScrolledBesideAChangedPaneIsShiftedAndOnlyThePaneAndNewRowsWritten() throws {
        let old = Self.frame(first: 0, selected: 9)
        let new = Self.frame(first: 1, selected: 10)
        let comparison = new.compareRows(with: old)
        // Rows 1-8 hold the old rows 2-9; the old selected row (9) loses its highlight.
        #expect(comparison.shift == RowShift(top: 1, bottom: 9, distance: 1))
        // Every list row differs still (its pane part), but once shifted only in the pane.
        var moved = old
        moved.apply(try #require(comparison.shift))
        let written = new.changes(since: moved)
        #expect(written.allSatisfy { $0.row >= 9 || $0.column >= 24 })

        let (count, terminal) = Self.bytes(from: old, to: new)
        func trimmed(_ line: String) -> Substring { line[..<(line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.startIndex)] }
        #expect((0..<Self.size.rows).map { trimmed(terminal.line($0)) } == (0..<Self.size.rows).map { trimmed(new.line($0)) })
        #expect(terminal.faults.isEmpty)
        // Without the shift the list's nine moved rows would be written too.
        let unshifted = new.changes(since: old).reduce(0) { $0 + $1.cells.count }
        let shifted = written.reduce(0) { $0 + $1.cells.count }
        #expect(shifted * 2 < unshifted, "\(shifted) cells against \(unshifted)")
        #expect(count < 500, "\(count) bytes")
    }

    /// The pane's text is three lines; below it the pane is blank in both frames, so rows
    /// 4-8 moved whole, and a shift of those alone leaves the rows above to write whole.
    @Test func aPaneBlankBelowItsTextStillShiftsTheWholeList() throws {
        let old = Self.frame(first: 0, selected: 9, paneLines: 3)
        let new = Self.frame(first: 1, selected: 10, paneLines: 3)
        let comparison = new.compareRows(with: old)
        #expect(comparison.shift == RowShift(top: 1, bottom: 9, distance: 1))
        var moved = old
        moved.apply(try #require(comparison.shift))
        #expect(new.changes(since: moved).allSatisfy { $0.row >= 9 || $0.column >= 24 })
    }

    @Test func aPaneThatStaysTheSameIsNoReasonToShift() {
        // Only the highlight moved: the rows that changed are two, nothing moved.
        let old = Self.frame(first: 0, selected: 3, pane: "same")
        let new = Self.frame(first: 0, selected: 4, pane: "same")
        #expect(new.compareRows(with: old).shift == nil)
    }

    @Test func aPageBesideAPaneIsNoShift() {
        #expect(Self.frame(first: 100, selected: 100).compareRows(with: Self.frame(first: 0, selected: 0)).shift == nil)
    }

    @Test func aPaneThatScrolledWithTheListIsShiftedWhole() {
        // The pane's text moved by the same row as the list: the whole-row shift holds.
        var old = Buffer(size: Self.size), new = Buffer(size: Self.size)
        for line in 1..<(Self.size.rows - 1) {
            old.write("row \(line) │ p\(line)", at: Point(row: line, column: 0))
            new.write("row \(line + 1) │ p\(line + 1)", at: Point(row: line, column: 0))
        }
        #expect(new.compareRows(with: old).shift == RowShift(top: 1, bottom: 10, distance: 1))
    }
}
