extension Buffer {
    /// Writes untrusted text on one row, starting at `point`, within `maxWidth` columns.
    ///
    /// Control characters are shown visibly, tabs expand to the next tab stop, and text that
    /// does not fit ends in `…` without splitting a character. Only the first columns are
    /// examined, so a 10 MB line costs no more than a short one.
    /// - Parameters:
    ///   - text: the text, trusted or not.
    ///   - point: where the first column goes.
    ///   - maxWidth: columns available; defaults to the rest of the row.
    ///   - style: the style of every cell written.
    ///   - skipColumns: columns of the text to skip first (horizontal scrolling).
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol,
        at point: Point,
        maxWidth: Int? = nil,
        style: Style = .plain,
        skipColumns: Int = 0
    ) -> Int {
        write(String(text), at: point, maxWidth: maxWidth, style: style, skipColumns: skipColumns)
    }

    /// Writes untrusted text on one row, as the `StringProtocol` overload does.
    ///
    /// Cells go straight into the row: ASCII is laid out byte by byte and only other
    /// grapheme clusters are measured as `Character`s, so drawing a row allocates nothing.
    @discardableResult
    public mutating func write(
        _ text: String,
        at point: Point,
        maxWidth: Int? = nil,
        style: Style = .plain,
        skipColumns: Int = 0
    ) -> Int {
        guard point.row >= 0, point.row < size.rows, point.column < size.columns else { return 0 }
        let limit = min(maxWidth ?? Int.max, size.columns - point.column)
        guard limit > 0 else { return 0 }
        guard point.column >= 0 else {
            // Starts left of the buffer: lay the text out on a scratch row, then put the
            // cells that land inside.
            var scratch = Buffer(size: Size(rows: 1, columns: limit))
            let written = scratch.write(text, at: Point(row: 0, column: 0), maxWidth: limit, style: style,
                                        skipColumns: skipColumns)
            var column = 0
            while column < written {
                let cell = scratch.cells[column]
                set(cell, row: point.row, column: point.column + column)
                column += max(1, Int(cell.width))
            }
            return written
        }
        let start = point.row * size.columns + point.column
        let cutsWideCharacter = cells[start].isContinuation  // read before it is overwritten
        let written = cells.withUnsafeMutableBufferPointer { all in
            // Safe: the row has `size.columns - point.column >= limit` cells from `start`, and
            // the layout never puts a cell past `limit` columns.
            var layout = LineLayout(row: UnsafeMutableBufferPointer(rebasing: all[start..<(start + limit)]),
                                    style: style, limit: limit, skipColumns: skipColumns)
            layout.lay(text)
            return layout.finish()
        }
        guard written > 0 else { return 0 }
        if cutsWideCharacter, point.column > 0 {  // blank the rest of a wide character cut on the left
            var lead = start - 1
            while lead > point.row * size.columns, cells[lead].isContinuation { lead -= 1 }
            for index in lead..<start { cells[index] = .blank(style: cells[index].style) }
        }
        clearContinuations(row: point.row, from: point.column + written)
        return written
    }
}

/// Lays a text out into the cells of one row: at most `limit` columns, ending in `…` when
/// the text does not fit.
///
/// A piece (a cell's glyph and width) is put into the row only once the next one is known
/// to fit, because a text that overflows gives up its last piece to make room for the
/// ellipsis; one piece always makes enough room.
struct LineLayout {
    /// The cells from the first column written; `limit` of them.
    let row: UnsafeMutableBufferPointer<Cell>
    let style: Style
    let limit: Int
    let skipColumns: Int
    /// Columns taken by the pieces put and the one pending.
    var total = 0
    /// Column within the whole text, for tab stops and skipping.
    var position = 0
    /// Columns put into the row.
    var column = 0
    var overflow = false
    var pending = Glyph.empty
    /// 0: nothing pending.
    var pendingWidth = 0

    /// The widest cell: a cluster measured wider is drawn as U+FFFD instead.
    static let maximumCellWidth = Int(UInt8.max)
    static let ellipsis = Glyph("…")
    static let replacement = Glyph("\u{FFFD}")

    init(row: UnsafeMutableBufferPointer<Cell>, style: Style, limit: Int, skipColumns: Int) {
        self.row = row
        self.style = style
        self.limit = limit
        self.skipColumns = skipColumns
    }

    /// Lays out `text` until it ends or the row is full.
    mutating func lay(_ text: String) {
        let utf8 = text.utf8
        let done: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            var offset = 0
            let count = bytes.count
            while offset < count {
                let byte = bytes[offset]
                // One ASCII byte is a whole grapheme cluster unless a non-ASCII scalar (a
                // combining mark, say) or CR LF follows.
                if byte < 0x80, offset + 1 == count || (bytes[offset + 1] < 0x80 && !(byte == 0x0D && bytes[offset + 1] == 0x0A)) {
                    guard ascii(byte) else { return true }
                    offset += 1
                    continue
                }
                let index = utf8.index(utf8.startIndex, offsetBy: offset)
                let character = text[index]
                guard other(character) else { return true }
                offset += character.utf8.count
            }
            return true
        }
        guard done == nil else { return }
        for character in text {  // not stored contiguously (bridged): the slow way
            guard other(character) else { return }
        }
    }

    /// One ASCII byte that is a whole cluster. Returns false once the row is full.
    @inline(__always)
    mutating func ascii(_ byte: UInt8) -> Bool {
        if byte >= 0x20 && byte < 0x7F { return emit(.ascii(byte), 1) }
        if byte == 0x09 { return tab() }
        return emit(.ascii(0x5E), 1) && emit(.ascii(byte == 0x7F ? 0x3F : byte + 0x40), 1)  // ^X, ^?
    }

    /// Any other cluster. Returns false once the row is full.
    mutating func other(_ character: Character) -> Bool {
        if let byte = character.asciiValue, byte != 0x0A || character == "\n" {
            return ascii(byte)  // one ASCII scalar (CR LF also reads as 0x0A: not here)
        }
        if let visible = Sanitizer.replacement(for: character) {
            for scalar in visible.unicodeScalars where !emit(Glyph(String(scalar)), 1) { return false }
            return true
        }
        let width = DisplayWidth.of(character)
        if width == 0 { return true }
        if width > LineLayout.maximumCellWidth { return emit(LineLayout.replacement, 1) }
        return emit(Glyph(DisplayWidth.drawable(character)), width)
    }

    @inline(__always)
    mutating func tab() -> Bool {
        for _ in 0..<(8 - position % 8) where !emit(.space, 1) { return false }
        return true
    }

    @inline(__always)
    mutating func emit(_ glyph: Glyph, _ width: Int) -> Bool {
        defer { position += width }
        if position >= skipColumns { return emitVisible(glyph, width) }
        // Partly skipped wide characters become blanks.
        let visible = position + width - skipColumns
        if visible > 0 { return emitVisible(Glyph(String(repeating: " ", count: visible)), visible) }
        return true
    }

    @inline(__always)
    mutating func emitVisible(_ glyph: Glyph, _ width: Int) -> Bool {
        if total + width > limit {
            overflow = true
            return false
        }
        if pendingWidth > 0 { put(pending, pendingWidth) }
        pending = glyph
        pendingWidth = width
        total += width
        return true
    }

    @inline(__always)
    mutating func put(_ glyph: Glyph, _ width: Int) {
        row[column] = Cell(glyph: glyph, width: UInt8(truncatingIfNeeded: width), style: style)
        if width > 1 {
            let continuation = Cell.continuation(style: style)
            for extra in 1..<width { row[column + extra] = continuation }
        }
        column += width
    }

    /// Puts the last piece, or the ellipsis in its place; returns the columns written.
    mutating func finish() -> Int {
        if overflow, total > limit - 1 { pendingWidth = 0 }
        if pendingWidth > 0 { put(pending, pendingWidth) }
        if overflow { put(LineLayout.ellipsis, 1) }
        return column
    }
}
