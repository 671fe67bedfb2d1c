import Testing
@testable import TerminalCore

@Suite struct BufferTests {
    @Test func writesAndTruncatesWithEllipsis() {
        var buffer = Buffer(size: Size(rows: 2, columns: 8))
        buffer.write("hello world", at: Point(row: 0, column: 0))
        buffer.write("short", at: Point(row: 1, column: 1))
        #expect(buffer.lines == ["hello w…", " short"])
    }

    @Test func aPastedRunIsTheRowItWasCutFromAndRepairsWideCharactersAtItsEnds() {
        var source = Buffer(size: Size(rows: 1, columns: 8))
        source.write("ab日c", at: Point(row: 0, column: 0), style: .bold)
        let run = ContiguousArray(source.cells(row: 0, columns: 0..<5))
        var target = Buffer(size: Size(rows: 2, columns: 8))
        target.paste(run, row: 1, column: 0)
        #expect(target.cells(row: 1, columns: 0..<5) == source.cells(row: 0, columns: 0..<5))
        // Over the halves of two wide characters: their other halves become blanks.
        target.write("東京京", at: Point(row: 0, column: 0))
        target.paste(ContiguousArray(source.cells(row: 0, columns: 0..<2)), row: 0, column: 1)
        #expect(target.lines[0] == " ab 京")
        #expect(target[0, 0] == .blank && target[0, 3] == .blank)
    }

    @Test func aResetBufferIsBlankAndKeepsItsStorageAtTheSameSize() {
        var buffer = Buffer(size: Size(rows: 2, columns: 4))
        buffer.write("日本", at: Point(row: 1, column: 0), style: .reverse)
        buffer.cursor = Point(row: 1, column: 0)
        buffer.reset(size: buffer.size)
        #expect(buffer == Buffer(size: Size(rows: 2, columns: 4)))
        buffer.reset(size: Size(rows: 3, columns: 2))
        #expect(buffer == Buffer(size: Size(rows: 3, columns: 2)))
    }

    @Test func wideCharactersAreNeverSplit() {
        var buffer = Buffer(size: Size(rows: 1, columns: 5))
        buffer.write("日本語", at: Point(row: 0, column: 0))
        // Three wide characters need 6 columns: two fit with the ellipsis.
        #expect(buffer.line(0) == "日本…")
        #expect(buffer[0, 1].isContinuation)
    }

    @Test func emojiWidths() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("👍🏽") == 4)
        #expect(DisplayWidth.of("❤️") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func controlCharactersAreShownVisibly() {
        var buffer = Buffer(size: Size(rows: 1, columns: 40))
        buffer.write("a\u{1B}]0;pwned\u{07}b\u{9B}c\u{7F}", at: Point(row: 0, column: 0))
        #expect(buffer.line(0) == "a^[]0;pwned^Gb<9B>c^?")
        for cell in buffer.cells {
            #expect(!cell.text.unicodeScalars.contains { Sanitizer.isUnsafe($0) })
        }
    }

    @Test func tabsExpandToTabStops() {
        var buffer = Buffer(size: Size(rows: 1, columns: 20))
        buffer.write("ab\tc", at: Point(row: 0, column: 0))
        #expect(buffer.line(0) == "ab      c")
    }

    @Test func horizontalSkip() {
        var buffer = Buffer(size: Size(rows: 1, columns: 4))
        buffer.write("abcdefgh", at: Point(row: 0, column: 0), skipColumns: 2)
        #expect(buffer.line(0) == "cde…")
    }

    @Test func hugeLineCostsOnlyTheVisibleColumns() {
        let line = String(repeating: "x", count: 10_000_000)
        var buffer = Buffer(size: Size(rows: 1, columns: 10))
        buffer.write(line, at: Point(row: 0, column: 0))
        #expect(buffer.line(0) == "xxxxxxxxx…")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = Buffer(size: Size(rows: 1, columns: 4))
        buffer.write("日本", at: Point(row: 0, column: 0))
        buffer.write("x", at: Point(row: 0, column: 1))
        #expect(buffer.line(0) == " x本")
    }

    @Test func applyStyleMergesIntoEachCellsOwnStyle() {
        var buffer = Buffer(size: Size(rows: 2, columns: 7))
        let red = Style(foreground: .red)
        buffer.write("ab", at: Point(row: 0, column: 0), style: .bold)
        buffer.write("cd", at: Point(row: 0, column: 2), style: red)
        buffer.write("日", at: Point(row: 0, column: 4), style: .bold)
        buffer.applyStyle(.reverse, to: Rect(row: 0, column: 1, rows: 1, columns: 5))
        #expect(buffer[0, 0].style == .bold)  // left of the rect
        #expect(buffer[0, 1].style == Style.bold.merged(with: .reverse))
        #expect(buffer[0, 2].style == red.merged(with: .reverse) && buffer[0, 3].style == red.merged(with: .reverse))
        #expect(buffer[0, 4].style == Style.bold.merged(with: .reverse) && buffer[0, 4].text == "日")
        #expect(buffer[0, 5].style == Style.bold.merged(with: .reverse) && buffer[0, 5].isContinuation)
        #expect(buffer[0, 6].style == .plain && buffer[1, 1].style == .plain)  // right of it, below it
        #expect(buffer[0, 1].text == "b" && buffer[0, 2].text == "c")
    }

    @Test func textEndIsTheColumnAfterTheLastCharacter() {
        var buffer = Buffer(size: Size(rows: 2, columns: 10))
        buffer.write("ab cd", at: Point(row: 0, column: 2), style: .reverse)
        #expect(buffer.textEnd(row: 0, columns: 0..<10) == 7)
        #expect(buffer.textEnd(row: 0, columns: 0..<5) == 4)  // only the columns asked for; a space is not text
        #expect(buffer.textEnd(row: 0, columns: 0..<2) == nil)
        #expect(buffer.textEnd(row: 0, columns: -5..<50) == 7)  // clamped to the buffer
        #expect(buffer.textEnd(row: 1, columns: 0..<10) == nil)
        #expect(buffer.textEnd(row: 2, columns: 0..<10) == nil)
    }

    @Test func diffSendsOnlyChangedCells() {
        var old = Buffer(size: Size(rows: 3, columns: 10))
        old.write("one", at: Point(row: 0, column: 0))
        old.write("two", at: Point(row: 1, column: 0))
        var new = old
        new.applyStyle(.reverse, to: Rect(row: 1, column: 0, rows: 1, columns: 3))
        let runs = new.changes(since: old)
        #expect(runs.count == 1)
        #expect(runs.first?.row == 1)
        #expect(runs.first?.cells.count == 3)
        #expect(new.changes(since: new).isEmpty)
        #expect(new.changes(since: nil).count == 3)
    }

    @Test func zeroSizedBufferIsSafe() {
        var buffer = Buffer(size: .zero)
        buffer.write("anything", at: Point(row: 0, column: 0))
        buffer.fill(Rect(row: 0, column: 0, rows: 5, columns: 5))
        #expect(buffer.lines.isEmpty)
    }

    @Test func cellsWiderThanTwoColumnsGetContinuations() {
        var buffer = Buffer(size: Size(rows: 1, columns: 6))
        buffer.write("👍🏽x", at: Point(row: 0, column: 0))
        #expect(buffer[0, 0].width == 4)
        #expect((1...3).allSatisfy { buffer[0, $0].isContinuation })
        #expect(buffer[0, 4].text == "x")
        buffer.write("y", at: Point(row: 0, column: 2))
        #expect(buffer.line(0) == "  y x")
        #expect(!buffer[0, 3].isContinuation)
    }
}
