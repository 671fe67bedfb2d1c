/// A rectangle of cells: what one frame of the screen shows.
///
/// Views render into a buffer; the backend compares it with the previous frame and sends
/// only the cells that changed (``changes(since:)``). Writing never splits a grapheme
/// cluster, never lets a control character through, and truncates with `…`.
public struct Buffer: Hashable, Sendable {
    /// Width and height in cells.
    public private(set) var size: Size
    /// Cells row by row.
    public private(set) var cells: ContiguousArray<Cell>
    /// Where the terminal cursor should sit (hidden); the selected row, for screen readers.
    public var cursor: Point?

    /// Creates a blank buffer.
    public init(size: Size) {
        self.size = size
        cells = ContiguousArray(repeating: .blank, count: size.rows * size.columns)
    }

    /// The whole area of the buffer.
    public var area: Rect { Rect(size: size) }

    /// The cell at a position. Positions outside the buffer read as blank.
    public subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank }
        return cells[row * size.columns + column]
    }

    @inline(__always)
    func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < size.rows && column >= 0 && column < size.columns
    }

    /// Puts one cell, repairing any wide character it cuts in half. A cell wider than one
    /// column is followed by continuation cells; when it does not fit, a blank is put instead.
    public mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        let width = max(1, Int(cell.width))
        guard column + width <= size.columns else {
            set(Cell(" ", style: cell.style), row: row, column: column)  // no room for the rest
            return
        }
        let base = row * size.columns
        clearWideCharacters(row: row, from: column, to: column + width)
        cells[base + column] = cell
        for extra in 1..<width { cells[base + column + extra] = Cell("", width: 0, style: cell.style) }
    }

    /// Blanks what remains of wide characters that overlap `start..<end` on `row`.
    private mutating func clearWideCharacters(row: Int, from start: Int, to end: Int) {
        let base = row * size.columns
        // A wide character starting left of `start` that reaches into the range.
        var lead = start
        while lead > 0, cells[base + lead].isContinuation { lead -= 1 }
        if lead < start {
            for column in lead..<start { cells[base + column] = Cell(" ", style: cells[base + column].style) }
        }
        // Continuation cells right of the range that lose their leading cell.
        var column = end
        while column < size.columns, cells[base + column].isContinuation {
            cells[base + column] = Cell(" ", style: cells[base + column].style)
            column += 1
        }
    }

    /// Fills `rect` with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        let blank = Cell(" ", style: style)
        for row in r.top..<r.bottom {
            let base = row * size.columns
            for column in r.left..<r.right { cells[base + column] = blank }
            if r.left > 0, cells[base + r.left - 1].width == 2 {
                cells[base + r.left - 1] = Cell(" ", style: cells[base + r.left - 1].style)
            }
            if r.right < size.columns, cells[base + r.right].isContinuation {
                cells[base + r.right] = Cell(" ", style: cells[base + r.right].style)
            }
        }
    }

    /// Merges `style` into every cell of `rect` (to highlight a selected row, say).
    public mutating func applyStyle(_ style: Style, to rect: Rect) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for row in r.top..<r.bottom {
            let base = row * size.columns
            for column in r.left..<r.right {
                cells[base + column].style = cells[base + column].style.merged(with: style)
            }
        }
    }

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
        guard point.row >= 0, point.row < size.rows, point.column < size.columns else { return 0 }
        let limit = min(maxWidth ?? Int.max, size.columns - point.column)
        guard limit > 0 else { return 0 }
        let tokens = Buffer.layout(text, limit: limit, skipColumns: skipColumns)
        var column = point.column
        for token in tokens {
            if token.width == 0 { continue }
            set(Cell(token.text, width: UInt8(token.width), style: style), row: point.row, column: column)
            column += token.width
        }
        return column - point.column
    }

    /// A piece of drawable text and its width.
    struct Token {
        var text: String
        var width: Int
    }

    /// Lays out `text` into at most `limit` columns, ending in `…` when it does not fit.
    static func layout(_ text: some StringProtocol, limit: Int, skipColumns: Int) -> [Token] {
        var tokens: [Token] = []
        var total = 0
        var position = 0  // column within the whole text, for tab stops and skipping
        var overflow = false
        func emit(_ token: Token) -> Bool {
            defer { position += token.width }
            if position < skipColumns {
                // Partly skipped wide characters become blanks.
                let visible = position + token.width - skipColumns
                if visible > 0 { return emitVisible(Token(text: String(repeating: " ", count: visible), width: visible)) }
                return true
            }
            return emitVisible(token)
        }
        func emitVisible(_ token: Token) -> Bool {
            if total + token.width > limit { overflow = true; return false }
            tokens.append(token)
            total += token.width
            return true
        }
        scan: for character in text {
            if character == "\t" {
                let spaces = 8 - position % 8
                for _ in 0..<spaces where !emit(Token(text: " ", width: 1)) { break scan }
            } else if let visible = Sanitizer.replacement(for: character) {
                for scalar in visible.unicodeScalars where !emit(Token(text: String(scalar), width: 1)) { break scan }
            } else {
                let width = DisplayWidth.of(character)
                if width == 0 { continue }
                if !emit(Token(text: DisplayWidth.drawable(character), width: width)) { break scan }
            }
        }
        guard overflow else { return tokens }
        // Make room for the ellipsis.
        while total > limit - 1, let last = tokens.popLast() { total -= last.width }
        tokens.append(Token(text: "…", width: 1))
        return tokens
    }

    /// The text of each row, with trailing blanks removed (for tests and plain output).
    public var lines: [String] {
        (0..<size.rows).map { line($0) }
    }

    /// The text of one row, with trailing blanks removed.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < size.rows else { return "" }
        var text = ""
        let base = row * size.columns
        for column in 0..<size.columns { text += cells[base + column].text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// A run of changed cells on one row, to be written to the terminal in one go.
    public struct Run: Hashable, Sendable {
        /// The row.
        public var row: Int
        /// The first column; never a continuation cell.
        public var column: Int
        /// The cells from `column` on.
        public var cells: ArraySlice<Cell>
    }

    /// The runs of cells that differ from `old`; every cell when the size changed or `old`
    /// is `nil`. Nearby changes on a row are merged so a run is not split by one cell.
    public func changes(since old: Buffer?) -> [Run] {
        let width = size.columns
        guard let old, old.size == size else {
            return (0..<size.rows).map { row in
                Run(row: row, column: 0, cells: cells[(row * width)..<(row * width + width)])
            }
        }
        var runs: [Run] = []
        for row in 0..<size.rows {
            let base = row * width
            var column = 0
            while column < width {
                guard cells[base + column] != old.cells[base + column] else { column += 1; continue }
                var start = column
                while start > 0, cells[base + start].isContinuation || old.cells[base + start].isContinuation { start -= 1 }
                var end = column + 1
                var gap = 0
                while end < width, gap < 4 {
                    if cells[base + end] != old.cells[base + end] { gap = 0 } else { gap += 1 }
                    end += 1
                }
                end -= gap
                while end < width, cells[base + end].isContinuation { end += 1 }
                runs.append(Run(row: row, column: start, cells: cells[(base + start)..<(base + end)]))
                column = end
            }
        }
        return runs
    }
}

extension Buffer: CustomStringConvertible {
    /// The rows joined by newlines, trailing blanks removed.
    public var description: String { lines.joined(separator: "\n") }
}
