import Testing
@testable import TerminalCore

/// The compact cell: a glyph inline (or interned), width and style packed in a word.
@Suite struct CellTests {
    @Test func aCellIsTwoWordsWithoutReferences() {
        #expect(MemoryLayout<Glyph>.size == 8)
        #expect(MemoryLayout<Cell>.size == 16)
        #expect(MemoryLayout<Cell>.stride == 16)
        #expect(_isPOD(Cell.self))
        #expect(_isPOD(Glyph.self))
    }

    @Test func glyphsKeepTheirText() {
        let samples = [
            "", " ", "a", "~", "é", "e\u{301}", "日", "😀", "👍🏽", "👨👩👧", "👨👩👧👦", "🇯🇵", "…", "^[",
            "<9B>", "\u{FFFD}", "a\u{301}\u{302}\u{303}",  // 7 bytes, the most kept inline
            "a\u{301}\u{302}\u{303}\u{304}",  // 9 bytes, 5 scalars: interned
            "กี่", "क्ष", "\u{1112}\u{1161}\u{11AB}",  // 9 bytes, 3 scalars: Thai, Devanagari, NFD Hangul
            "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}",  // 17 bytes
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",  // a tag sequence, 28 bytes
            String(repeating: " ", count: 40),
        ]
        for text in samples {
            let glyph = Glyph(text)
            #expect(glyph.string == text)
            #expect(Cell(text, width: 1).text == text)
            #expect(glyph.withUTF8 { Array($0) } == Array(text.utf8))
            #expect(glyph == Glyph(text), "the same text gives the same glyph: \(text)")
        }
        #expect(Set(samples.map(Glyph.init)).count == samples.count, "different texts give different glyphs")
        #expect(Glyph(String(repeating: "\u{301}", count: 30)).isInterned)
        #expect(!Glyph("日").isInterned && !Glyph("a\u{301}\u{302}\u{303}").isInterned)  // 3 and 7 bytes
        // Longer, up to three scalars: kept as scalars, not in the table.
        for text in ["🇯🇵", "👍🏽", "👨👩👧", "กี่", "क्ष", "\u{1112}\u{1161}\u{11AB}"] {
            #expect(Glyph(text).isScalars && !Glyph(text).isInterned, "\(text)")
        }
        #expect(Glyph("👨👩👧👦").isInterned && Glyph("a\u{301}\u{302}\u{303}\u{304}").isInterned)  // 4 and 5 scalars
        #expect(!Glyph("a\u{301}\u{302}\u{303}").isScalars && !Glyph("😀").isScalars)  // 7 and 4 bytes: inline UTF-8
    }

    @Test func aFullTableCutsALongClusterAtAScalarBoundary() {
        // A text no other test interns; with no room left it is cut to 7 bytes or fewer.
        var text = "x" + String(repeating: "\u{301}", count: 5) + "\u{1F600}"
        let glyph = text.withUTF8 { GlyphTable.intern($0, limit: 0) }
        #expect(!glyph.isInterned && glyph.string == "x\u{301}\u{301}\u{301}")  // 1 + 3x2 bytes
        text = "\u{1F600}\u{1F600}\u{301}\u{301}"
        #expect(text.withUTF8 { GlyphTable.intern($0, limit: 0) }.string == "\u{1F600}")  // not half a scalar
    }

    @Test func asciiGlyphsAreRecognised() {
        #expect(Glyph("a").asciiByte == 0x61)
        #expect(Glyph.ascii(0x61) == Glyph("a"))
        #expect(Glyph.space == Glyph(" "))
        #expect(Glyph("é").asciiByte == nil)
        #expect(Glyph("ab").asciiByte == nil)
        #expect(Glyph.empty.isEmpty && Glyph("").isEmpty)
        #expect(Cell.blank.isSpace && !Cell("x").isSpace && !Cell.continuation(style: .plain).isSpace)
    }

    @Test func widthAndStyleArePackedLosslessly() {
        let colors: [Color] = [.default, .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
                               .indexed(0), .indexed(8), .indexed(255)]
        for foreground in colors {
            for background in colors {
                for attributes in [Attributes(), .bold, [.dim, .reverse, .underline, .italic]] {
                    let style = Style(foreground: foreground, background: background, attributes: attributes)
                    for width in [0, 1, 2, 4, 255] as [UInt8] {
                        let cell = Cell("x", width: width, style: style)
                        #expect(cell.style == style)
                        #expect(cell.width == width)
                        #expect(cell.isContinuation == (width == 0))
                    }
                }
            }
        }
        var cell = Cell("x", width: 2, style: .bold)
        cell.style = .reverse
        #expect(cell.width == 2 && cell.style == .reverse)
        cell.width = 1
        #expect(cell.width == 1 && cell.style == .reverse)
        #expect(Cell("x", style: .bold) != Cell("x", style: .dim))
        #expect(Cell("x", width: 1) != Cell("x", width: 2))
    }
}

/// Writing text into cells: the cases the compact representation must get right.
@Suite struct BufferWriteTests {
    func written(_ text: String, columns: Int, skip: Int = 0) -> Buffer {
        var buffer = Buffer(size: Size(rows: 1, columns: columns))
        buffer.write(text, at: Point(row: 0, column: 0), skipColumns: skip)
        return buffer
    }

    @Test func combiningMarksStayInTheirCell() {
        let buffer = written("cafe\u{301} e\u{301}\u{302}x", columns: 12)
        #expect(buffer.line(0) == "cafe\u{301} e\u{301}\u{302}x")
        #expect(buffer[0, 3].text == "e\u{301}" && buffer[0, 3].width == 1)
        #expect(buffer[0, 5].text == "e\u{301}\u{302}")
        #expect(buffer[0, 6].text == "x")
    }

    @Test func aLoneCombiningMarkTakesNoCell() {
        #expect(written("\u{301}ab", columns: 5).line(0) == "ab")
    }

    @Test func invalidUTF8IsDrawnAsReplacementCharacters() {
        let text = Sanitizer.decode([0x61, 0xFF, 0xC3, 0x62, 0xE6, 0x97])
        let buffer = written(text, columns: 10)
        #expect(buffer.line(0) == "a\u{FFFD}\u{FFFD}b\u{FFFD}")
        #expect(buffer[0, 1].width == 1)
    }

    @Test func controlCharactersBecomeVisibleCells() {
        let buffer = written("a\r\nb\u{0}\u{1B}é\u{85}\u{202E}z", columns: 30)
        #expect(buffer.line(0) == "a^M^Jb^@^[é<85>\u{FFFD}z")
        #expect((1...4).map { buffer[0, $0].text } == ["^", "M", "^", "J"])
        for column in 0..<30 {
            #expect(!buffer[0, column].text.unicodeScalars.contains { Sanitizer.isUnsafe($0) })
        }
    }

    @Test func cleaningAndMeasuringTakeTheASCIIShortcutOnlyForPrintableText() {
        #expect(Sanitizer.isPrintableASCII("lines › x") == false)
        #expect(Sanitizer.isPrintableASCII("a\tb") == false && Sanitizer.isPrintableASCII("a\u{7F}") == false)
        #expect(Sanitizer.isPrintableASCII("item 0000001 lorem ~") && Sanitizer.isPrintableASCII(""))
        #expect(Sanitizer.clean("a\tb\u{1B}]0;x\u{7}") == "a       b^[]0;x^G")
        #expect(Sanitizer.clean("plain ascii") == "plain ascii")
        #expect(DisplayWidth.of("plain ascii") == 11 && DisplayWidth.of("日本 ok") == 7 && DisplayWidth.of("é") == 1)
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        #expect(written("ab日本", columns: 5).line(0) == "ab日…")
        #expect(written("ab日本", columns: 4).line(0) == "ab…")
        #expect(written("ab日本", columns: 6).line(0) == "ab日本")
        #expect(written("日本語", columns: 1).line(0) == "…")
        #expect(written("ab", columns: 1).line(0) == "…")
        #expect(written("a👍🏽b", columns: 5).line(0) == "a…")
    }

    @Test func skippedHalvesOfWideCharactersBecomeBlanks() {
        #expect(written("日本語", columns: 10, skip: 1).line(0) == " 本語")
        let buffer = written("👍🏽x", columns: 10, skip: 1)
        #expect(buffer[0, 0].text == "   " && buffer[0, 0].width == 3)
        #expect(buffer.line(0) == "   x")
    }

    @Test func clustersWiderThanACellCanHoldAreReplaced() {
        let huge = Array(repeating: "😀", count: 130).joined(separator: "\u{200D}")  // 260 columns
        let buffer = written(huge + "x", columns: 300)
        #expect(buffer.line(0) == "\u{FFFD}x")
    }

    @Test func writingOverWideCharactersRepairsBothEdges() {
        var buffer = Buffer(size: Size(rows: 1, columns: 10))
        buffer.write("👍🏽日本x", at: Point(row: 0, column: 0))
        buffer.write("abc", at: Point(row: 0, column: 2), maxWidth: 3)
        #expect(buffer.line(0) == "  abc 本x")
        #expect(!buffer[0, 5].isContinuation)
    }

    @Test func fillRepairsWideCharactersOfAnyWidth() {
        var buffer = Buffer(size: Size(rows: 1, columns: 8))
        buffer.write("👍🏽日x", at: Point(row: 0, column: 0))
        buffer.fill(Rect(row: 0, column: 2, rows: 1, columns: 3))
        #expect(buffer.line(0) == "      x")
        #expect((0..<8).allSatisfy { !buffer[0, $0].isContinuation })
    }

    @Test func writingAtANegativeColumnDropsTheCellsOutside() {
        var buffer = Buffer(size: Size(rows: 1, columns: 6))
        buffer.write("abcdef", at: Point(row: 0, column: -2))
        #expect(buffer.line(0) == "cdef")
    }

    @Test func substringsAreWrittenLikeStrings() {
        var buffer = Buffer(size: Size(rows: 1, columns: 6))
        let text = "xx日本yy"
        buffer.write(text.dropFirst(2), at: Point(row: 0, column: 0))
        #expect(buffer.line(0) == "日本yy")
    }
}

/// The frame diff: only changed cells, in runs that never start on half a character.
@Suite struct BufferDiffTests {
    @Test func oneChangedCellIsOneRunOfOneCell() {
        var old = Buffer(size: Size(rows: 3, columns: 20))
        old.write("hello world", at: Point(row: 1, column: 0))
        var new = old
        new.write("W", at: Point(row: 1, column: 6), maxWidth: 1)
        let runs = new.changes(since: old)
        #expect(runs.map(\.row) == [1])
        #expect(runs.map(\.column) == [6])
        #expect(runs.first?.cells.map(\.text) == ["W"])
    }

    @Test func nearbyChangesMergeAndDistantOnesDoNot() {
        var old = Buffer(size: Size(rows: 1, columns: 30))
        old.write(String(repeating: "a", count: 30), at: Point(row: 0, column: 0))
        var new = old
        for column in [2, 5, 20] { new.write("b", at: Point(row: 0, column: column), maxWidth: 1) }
        let runs = new.changes(since: old)
        #expect(runs.map(\.column) == [2, 20])
        #expect(runs.map(\.cells.count) == [4, 1])
    }

    @Test func aChangedWideCharacterIsSentWhole() {
        var old = Buffer(size: Size(rows: 1, columns: 10))
        old.write("ab日c", at: Point(row: 0, column: 0))
        var new = old
        new.write("本", at: Point(row: 0, column: 2))
        let runs = new.changes(since: old)
        #expect(runs.count == 1)
        #expect(runs.first?.column == 2)
        #expect(runs.first?.cells.map(\.text) == ["本", ""])
    }

    @Test func aStyleChangeAloneIsAChange() {
        var old = Buffer(size: Size(rows: 2, columns: 10))
        old.write("same", at: Point(row: 0, column: 0))
        var new = old
        new.applyStyle(.bold, to: Rect(row: 0, column: 1, rows: 1, columns: 2))
        #expect(new != old)
        #expect(new.changes(since: old).map(\.cells.count) == [2])
        #expect(new.changes(since: new).isEmpty)
        #expect(new == new && old == Buffer(copying: old))
    }

    @Test func equalityIgnoresNothingVisible() {
        var a = Buffer(size: Size(rows: 2, columns: 4)), b = a
        #expect(a == b && a.hashValue == b.hashValue)
        a.cursor = Point(row: 1, column: 0)
        #expect(a != b)
        b.cursor = a.cursor
        b.write("x", at: Point(row: 1, column: 3))
        #expect(a != b)
        #expect(Buffer(size: Size(rows: 2, columns: 4)) != Buffer(size: Size(rows: 4, columns: 2)))
        #expect(Buffer(size: Size(rows: 3, columns: 0)) == Buffer(size: Size(rows: 3, columns: 0)))
    }
}

extension Buffer {
    /// A copy with its own storage, so equality cannot short-cut on shared storage.
    init(copying other: Buffer) {
        self.init(size: other.size)
        for row in 0..<other.size.rows {
            for column in 0..<other.size.columns {
                cells[row * other.size.columns + column] = other[row, column]
            }
        }
        cursor = other.cursor
    }
}
