#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle of cells: what one frame of the screen shows.
///
/// Views render into a buffer; the backend compares it with the previous frame and sends
/// only the cells that changed (``changes(since:)``). Writing never splits a grapheme
/// cluster, never lets a control character through, and truncates with `…`.
public struct Buffer: Hashable, Sendable {
    /// Width and height in cells.
    public private(set) var size: Size
    /// Cells row by row.
    public internal(set) var cells: ContiguousArray<Cell>
    /// Where the terminal cursor should sit (hidden); the selected row, for screen readers.
    public var cursor: Point?

    /// Creates a blank buffer.
    public init(size: Size) {
        self.size = size
        cells = ContiguousArray(repeating: .blank, count: size.rows * size.columns)
    }

    /// Makes the buffer blank at `size`, keeping its storage when the size is the same: a
    /// frame drawn into the storage of an older one allocates nothing.
    public mutating func reset(size: Size) {
        cursor = nil
        guard size == self.size else {
            self = Buffer(size: size)
            return
        }
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: .blank) }
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
            set(.blank(style: cell.style), row: row, column: column)  // no room for the rest
            return
        }
        let base = row * size.columns
        clearWideCharacters(row: row, from: column, to: column + width)
        cells[base + column] = cell
        for extra in 1..<width { cells[base + column + extra] = .continuation(style: cell.style) }
    }

    /// Blanks what remains of wide characters that overlap `start..<end` on `row`.
    mutating func clearWideCharacters(row: Int, from start: Int, to end: Int) {
        clearWideCharacter(row: row, leftOf: start)
        clearContinuations(row: row, from: end)
    }

    /// Blanks the part left of `start` of a wide character that reaches into `start`.
    @inline(__always)
    mutating func clearWideCharacter(row: Int, leftOf start: Int) {
        let base = row * size.columns
        var lead = start
        while lead > 0, cells[base + lead].isContinuation { lead -= 1 }
        if lead < start {
            for column in lead..<start { cells[base + column] = .blank(style: cells[base + column].style) }
        }
    }

    /// Blanks continuation cells from `end` on that lose their leading cell.
    @inline(__always)
    mutating func clearContinuations(row: Int, from end: Int) {
        let base = row * size.columns
        var column = end
        while column < size.columns, cells[base + column].isContinuation {
            cells[base + column] = .blank(style: cells[base + column].style)
            column += 1
        }
    }

    /// Fills `rect` with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        let blank = Cell.blank(style: style)
        for row in r.top..<r.bottom {
            let base = row * size.columns
            clearWideCharacter(row: row, leftOf: r.left)
            for column in r.left..<r.right { cells[base + column] = blank }
            clearContinuations(row: row, from: r.right)
        }
    }

    /// The column after the last cell of `columns` on `row` that is not a space (in any
    /// style): where the row's text ends. Nil when there is none; columns outside the
    /// buffer count as spaces.
    public func textEnd(row: Int, columns: Range<Int>) -> Int? {
        guard row >= 0, row < size.rows else { return nil }
        let columns = columns.clamped(to: 0..<size.columns)
        let base = row * size.columns
        return cells.withUnsafeBufferPointer { all in
            columns.last { !all[base + $0].isSpace }.map { $0 + 1 }
        }
    }

    /// The cells of `columns` on `row`, to be put back later with ``paste(_:row:column:)``.
    public func cells(row: Int, columns: Range<Int>) -> ArraySlice<Cell> {
        precondition(row >= 0 && row < size.rows && columns.lowerBound >= 0 && columns.upperBound <= size.columns,
                     "Buffer.cells(row:columns:): outside the buffer")
        let base = row * size.columns
        return cells[(base + columns.lowerBound)..<(base + columns.upperBound)]
    }

    /// Puts a run of whole characters (as ``cells(row:columns:)`` returns) on `row` from
    /// `column`, repairing wide characters cut at either end as ``set(_:row:column:)`` does.
    public mutating func paste(_ run: ContiguousArray<Cell>, row: Int, column: Int) {
        precondition(row >= 0 && row < size.rows && column >= 0 && column + run.count <= size.columns,
                     "Buffer.paste: outside the buffer")
        assert(run.first.map { !$0.isContinuation } ?? true, "Buffer.paste: the run starts inside a wide character")
        clearWideCharacter(row: row, leftOf: column)
        let start = row * size.columns + column
        cells.withUnsafeMutableBufferPointer { all in
            run.withUnsafeBufferPointer { source in
                // Safe: the precondition keeps `start + source.count` within the buffer.
                _ = UnsafeMutableBufferPointer(rebasing: all[start..<(start + source.count)]).update(fromContentsOf: source)
            }
        }
        clearContinuations(row: row, from: column + run.count)
    }

    /// Puts `lines` runs of whole characters, stored one after another in `block` (each
    /// `block.count / lines` cells, as ``cells(row:columns:)`` returns them), on the rows
    /// from `row`, each from `column`: the lines of a row of a list several lines tall.
    public mutating func paste(_ block: ContiguousArray<Cell>, lines: Int, row: Int, column: Int) {
        guard lines > 1 else { return paste(block, row: row, column: column) }
        let width = block.count / lines
        precondition(width * lines == block.count && row >= 0 && row + lines <= size.rows && column >= 0
                     && column + width <= size.columns, "Buffer.paste(_:lines:row:column:): outside the buffer")
        for line in 0..<lines {
            clearWideCharacter(row: row + line, leftOf: column)
            let start = (row + line) * size.columns + column
            cells.withUnsafeMutableBufferPointer { all in
                block.withUnsafeBufferPointer { source in
                    // Safe: the precondition keeps every line within `block` and the buffer.
                    let run = UnsafeBufferPointer(rebasing: source[(line * width)..<((line + 1) * width)])
                    _ = UnsafeMutableBufferPointer(rebasing: all[start..<(start + width)]).update(fromContentsOf: run)
                }
            }
            clearContinuations(row: row + line, from: column + width)
        }
    }

    /// Merges `style` into every cell of `rect` (to highlight a selected row, say).
    public mutating func applyStyle(_ style: Style, to rect: Rect) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        let width = size.columns
        cells.withUnsafeMutableBufferPointer { all in
            // Safe: `r` lies inside the buffer, which holds size.rows * width cells.
            for row in r.top..<r.bottom {
                // Cells in a row mostly share a style: merge once per change of style.
                var old = UInt64.max, new: UInt64 = 0
                for index in (row * width + r.left)..<(row * width + r.right) {
                    if all[index].styleBits != old {
                        old = all[index].styleBits
                        new = all[index].style.merged(with: style).packed
                    }
                    all[index].styleBits = new
                }
            }
        }
    }

    /// Gives `color` as background to the cells of `rect` that have the default one (a
    /// theme's background under everything drawn without one).
    public mutating func fillBackground(_ color: Color, in rect: Rect) {
        let r = rect.intersection(area)
        guard !r.isEmpty, color != .default else { return }
        let code = UInt64(color.code) << 16, mask: UInt64 = 0xFFFF << 16
        for row in r.top..<r.bottom {
            for index in (row * size.columns + r.left)..<(row * size.columns + r.right) where cells[index].styleBits & mask == 0 {
                cells[index].styleBits |= code
            }
        }
    }

    /// The text of each row, with trailing blanks removed (for tests and plain output).
    public var lines: [String] {
        (0..<size.rows).map { line($0) }
    }

    /// The text of one row, with trailing blanks removed.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < size.rows else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size.columns)
        let base = row * size.columns
        for column in 0..<size.columns {
            cells[base + column].glyph.withUTF8 { bytes.append(contentsOf: $0) }
        }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
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

    /// Whether row `row` holds the same cells here and in `other` (same width assumed).
    public func rowEquals(_ row: Int, in other: Buffer, otherRow: Int? = nil) -> Bool {
        let width = size.columns
        let otherRow = otherRow ?? row
        precondition(row >= 0 && row < size.rows && otherRow >= 0 && otherRow < other.size.rows
                     && other.size.columns == width, "rowEquals: rows out of range or widths differ")
        guard width > 0 else { return true }
        let base = row * width, otherBase = otherRow * width
        return cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in
                // Safe: both rows lie inside their buffers (checked above; a buffer holds
                // rows * columns cells), and a Cell is two words with no padding and no
                // references, so equal bytes are exactly equal cells (see `Cell.==`).
                memcmp(mine.baseAddress! + base, theirs.baseAddress! + otherBase, width * MemoryLayout<Cell>.stride) == 0
            }
        }
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
        for row in 0..<size.rows where !rowEquals(row, in: old) {
            appendChanges(row: row, old: old, oldRow: row, to: &runs)
        }
        return runs
    }

    /// Appends the runs of row `row` that differ from row `oldRow` of `old`. Fewer than
    /// four unchanged cells between changes join the run when they share the style of the
    /// change before them.
    public func appendChanges(row: Int, old: Buffer, oldRow: Int, to runs: inout [Run]) {
        let width = size.columns
        let base = row * width, oldBase = oldRow * width
        cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { previous in
                var column = 0
                while column < width {
                    guard new[base + column] != previous[oldBase + column] else { column += 1; continue }
                    var start = column
                    while start > 0, new[base + start].isContinuation || previous[oldBase + start].isContinuation { start -= 1 }
                    // Unchanged cells between changes are written again when there are
                    // few and they take the pen of the change before them; a longer gap
                    // or one in another style is left for the encoder (a cursor move).
                    var end = column + 1
                    var gap = 0
                    var style = new[base + column].styleBits
                    while end < width, gap < 4 {
                        if new[base + end] != previous[oldBase + end] {
                            gap = 0
                            style = new[base + end].styleBits
                        } else if new[base + end].styleBits != style {
                            break
                        } else {
                            gap += 1
                        }
                        end += 1
                    }
                    end -= gap
                    while end < width, new[base + end].isContinuation { end += 1 }
                    runs.append(Run(row: row, column: start, cells: cells[(base + start)..<(base + end)]))
                    column = end
                }
            }
        }
    }

    public static func == (lhs: Buffer, rhs: Buffer) -> Bool {
        guard lhs.size == rhs.size, lhs.cursor == rhs.cursor else { return false }
        return (0..<lhs.size.rows).allSatisfy { lhs.rowEquals($0, in: rhs) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(cursor)
        hasher.combine(cells)
    }
}

extension Buffer: CustomStringConvertible {
    /// The rows joined by newlines, trailing blanks removed.
    public var description: String { lines.joined(separator: "\n") }
}
