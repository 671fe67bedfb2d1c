/// Turns frames into the bytes that change what a terminal shows into the next frame:
/// cursor moves, attributes and the text of the cells that changed, a scrolled region when
/// rows only moved, all in one buffer that the backend writes with one `write`.
///
/// The encoder remembers what it last sent (the frame, the attributes in effect, where the
/// cursor is) and writes only the difference. When the terminal may show something else
/// (first frame, resize, resume, Ctrl-L), ``invalidate()`` makes the next frame clear the
/// screen and write every cell that is not blank.
public struct FrameEncoder {
    /// The control strings of the terminal.
    public let strings: ControlStrings
    /// The last frame encoded, which the terminal shows once the bytes are written; `nil`
    /// when what it shows is unknown.
    public private(set) var shown: Buffer?

    /// The attributes and colours in effect on the terminal, as its numbers.
    private struct Pen: Equatable {
        var attributes: Attributes = []
        var foreground: Int?
        var background: Int?
        static let plain = Pen()
    }

    /// `nil` when unknown (before the first frame, after `invalidate`).
    private var pen: Pen?
    /// Where the cursor is; `nil` when unknown (after a scroll region was set, or after
    /// the last column was written, where terminals disagree about the cursor).
    private var cursor: Point?
    /// Whether the terminal's cursor is surely at `cursor`'s column: not after a character
    /// other than ASCII, whose width the terminal may count otherwise (an ambiguous-width
    /// `·` is two columns in a CJK locale). Only `cup` moves from there.
    private var cursorIsExact = true
    /// Whether the bottom-right cell was left alone (it could not be written without
    /// scrolling): the terminal may show something else there than `shown` says.
    private var cornerLeft = false
    /// One blank row as wide as the frames: what a cleared or uncovered row shows.
    private var blankRow = Buffer(size: .zero)
    /// The runs of the frame being encoded, kept to reuse the storage.
    private var runs: [Buffer.Run] = []
    /// `hpa` and `cuf` made so far, by column and by distance (empty: not yet).
    private var columnMoves: [[UInt8]] = []
    private var forwardMoves: [[UInt8]] = []
    /// The length of `cup` to the top-left cell: no cursor address is shorter.
    private let shortestCursorAddress: Int

    /// Creates an encoder that knows nothing of the screen yet.
    public init(strings: ControlStrings) {
        self.strings = strings
        shortestCursorAddress = strings.moveCursor(0, 0).count
    }

    /// Forgets what the terminal shows: the next frame clears the screen first.
    public mutating func invalidate() {
        shown = nil
        pen = nil
        cursor = nil
        cornerLeft = false
    }

    /// Appends to `output` the bytes that turn what the terminal shows into `frame`, on a
    /// screen of `screen` cells (the frame is clipped to it).
    public mutating func encode(_ frame: Buffer, screen: Size, into output: inout [UInt8]) {
        let old = shown?.size == frame.size ? shown : nil
        if old == nil {
            setPen(.plain, into: &output)
            output += strings.clearScreen
            cursor = Point(row: 0, column: 0)
        }
        // Which rows differ from what the terminal shows: the old frame's row, the row a
        // scroll brought there, or a blank row (cleared, or uncovered by the scroll).
        var shift: RowShift?
        var differs = [Bool](repeating: true, count: frame.size.rows)
        if let old {
            let comparison = frame.compareRows(with: old)
            differs = comparison.changed
            if frame.size == screen, let moved = comparison.shift, scroll(moved, screen: screen, into: &output) {
                shift = moved
                differs = comparison.changedAfterShift
            }
        }
        if blankRow.size.columns != frame.size.columns {
            blankRow = Buffer(size: Size(rows: 1, columns: frame.size.columns))
        }
        runs.removeAll(keepingCapacity: true)
        for row in 0..<min(frame.size.rows, screen.rows) where differs[row] {
            var source = old.map { ($0, row) } ?? (blankRow, 0)
            if let old, let shift, row >= shift.top, row <= shift.bottom {
                let from = row + shift.distance
                source = from >= shift.top && from <= shift.bottom ? (old, from) : (blankRow, 0)
            }
            frame.appendChanges(row: row, old: source.0, oldRow: source.1, to: &runs)
        }
        if cornerLeft { addCorner(of: frame, screen: screen) }
        cornerLeft = false
        for run in runs {
            put(run, of: frame, screen: screen, into: &output)
        }
        if let target = frame.cursor, target.row >= 0, target.row < screen.rows,
           target.column >= 0, target.column < screen.columns {
            move(to: target, into: &output)  // hidden, but where a screen reader looks
        }
        setPen(.plain, into: &output)
        shown = frame
    }

    // MARK: Scrolling

    /// Scrolls rows `shift.top...shift.bottom` with a scroll region, as the terminal would
    /// if they were a window of their own. Returns false when the terminal cannot.
    private mutating func scroll(_ shift: RowShift, screen: Size, into output: inout [UInt8]) -> Bool {
        guard let region = strings.setScrollRegion, shift.top >= 0, shift.bottom < screen.rows,
              shift.top < shift.bottom, shift.distance != 0,
              let step = shift.distance > 0 ? strings.scrollForward : strings.scrollReverse
        else { return false }
        // Uncovered rows take the current background: plain, as after every frame.
        assert(pen == .plain, "a scroll needs the plain pen")
        output += region(shift.top, shift.bottom)
        output += strings.moveCursor(shift.distance > 0 ? shift.bottom : shift.top, 0)
        for _ in 0..<abs(shift.distance) { output += step }
        output += region(0, screen.rows - 1)
        cursor = nil
        return true
    }

    // MARK: Cells

    /// Writes one run of changed cells, clipped to the screen. When the run reaches the end
    /// of the row and ends in plain blanks, they are cleared with one `el` instead.
    private mutating func put(_ run: Buffer.Run, of frame: Buffer, screen: Size, into output: inout [UInt8]) {
        let cells = run.cells
        var end = cells.endIndex
        if let clear = strings.clearToEndOfLine, run.column + cells.count == frame.size.columns {
            var blank = end
            while blank > cells.startIndex, cells[blank - 1] == .blank { blank -= 1 }
            if end - blank > clear.count {
                end = blank
            }
        }
        let lastRow = run.row == screen.rows - 1
        var next = run.column  // the column of the cell at `index`
        var covered = run.column  // columns left of this are written
        // A run is mostly cells of one style: its pen is worked out once per change.
        var penStyle = UInt64.max, cellPen = Pen.plain
        var index = cells.startIndex
        while index < end {
            let cell = cells[index]
            let column = next
            index += 1
            next += 1
            if cell.isContinuation || column < covered { continue }
            if column >= screen.columns { return }
            let width = max(1, Int(cell.width))
            let cut = column + width > screen.columns  // a wide character cut by the edge
            let reachesCorner = lastRow && column + (cut ? 1 : width) == screen.columns && !strings.cornerIsSafe
            if reachesCorner, strings.autoMarginsOff == nil {  // writing it would scroll
                insertCorner(cut ? .blank(style: cell.style) : cell, row: run.row, of: frame, screen: screen, into: &output)
                return
            }
            let target = Point(row: run.row, column: column)
            if cursor != target {  // mostly it is there: the cell before was just written
                move(to: target, filling: frame, into: &output)
            }
            if cell.styleBits != penStyle {
                penStyle = cell.styleBits
                cellPen = pen(for: cell.style)
            }
            setPen(cellPen, into: &output)
            if reachesCorner, let off = strings.autoMarginsOff { output += off }
            if cut {
                output.append(0x20)
                covered = column + 1
            } else {
                append(cell.glyph, to: &output)
                covered = column + width
                if cell.glyph.asciiByte == nil { cursorIsExact = false }
            }
            if reachesCorner, let on = strings.autoMarginsOn { output += on }
            // Past the last column the cursor waits to wrap, differently per terminal.
            cursor = covered < screen.columns ? Point(row: run.row, column: covered) : nil
            // The cells after a one-column one, as long as they are one-byte ASCII in the
            // same style and short of the last column, are their bytes one after another:
            // no move, no pen, no corner to weigh for each (most of a frame's cells). Only
            // while a column before the last follows: past the last the cursor is unknown.
            guard cell.width == 1, next < screen.columns - 1 else { continue }
            let stop = min(end, index + screen.columns - 1 - next)
            let start = index
            while index < stop, cells[index].packed == cell.packed, let byte = cells[index].glyph.asciiByte {
                output.append(byte)
                index += 1
            }
            next += index - start
            covered = next
            cursor = Point(row: run.row, column: next)
        }
        let clearFrom = run.column + (end - cells.startIndex)
        if end < cells.endIndex, clearFrom < screen.columns, let clear = strings.clearToEndOfLine {
            move(to: Point(row: run.row, column: clearFrom), into: &output)
            setPen(.plain, into: &output)
            output += clear
        }
    }

    /// Adds the bottom-right cell to the runs, unless a run covers it already: it was left
    /// alone last time, so it may differ although the frames agree.
    private mutating func addCorner(of frame: Buffer, screen: Size) {
        let row = screen.rows - 1, column = screen.columns - 1
        guard row >= 0, column >= 0, row < frame.size.rows, column < frame.size.columns else { return }
        let covered = runs.contains { $0.row == row && $0.column <= column && $0.column + $0.cells.count > column }
        guard !covered else { return }
        var start = column
        while start > 0, frame[row, start].isContinuation { start -= 1 }
        let base = row * frame.size.columns
        runs.append(Buffer.Run(row: row, column: start, cells: frame.cells[(base + start)...(base + column)]))
    }

    /// Draws the bottom-right cell on a terminal that would scroll if it were written there,
    /// as curses does: the cell is written one column to the left, then the cell that
    /// belongs there is inserted before it, pushing it into the corner. Left alone when the
    /// terminal cannot insert or the cell to the left is part of a wide character.
    private mutating func insertCorner(_ corner: Cell, row: Int, of frame: Buffer, screen: Size,
                                       into output: inout [UInt8]) {
        let column = screen.columns - 1
        cornerLeft = true
        guard column >= 1, row < frame.size.rows, column - 1 < frame.size.columns,
              strings.insertCharacter != nil || strings.enterInsertMode != nil else { return }
        let left = frame[row, column - 1]
        guard !left.isContinuation, left.width == 1, corner.width == 1 else { return }
        cornerLeft = false
        move(to: Point(row: row, column: column - 1), into: &output)
        setPen(pen(for: corner.style), into: &output)
        append(corner.glyph, to: &output)
        output += strings.moveCursor(row, column - 1)
        setPen(pen(for: left.style), into: &output)
        if let insert = strings.insertCharacter {
            output += insert
            append(left.glyph, to: &output)
        } else if let enter = strings.enterInsertMode, let exit = strings.exitInsertMode {
            output += enter
            append(left.glyph, to: &output)
            output += exit
        }
        cursor = Point(row: row, column: column)
        if corner.glyph.asciiByte == nil || left.glyph.asciiByte == nil { cursorIsExact = false }
    }

    /// Moves the cursor to the frame's top-left cell unless it is there. An inline interface
    /// leaves it there after each frame: a terminal that is resized moves it along with the
    /// rows, so asking where it is then says where the interface's rows went.
    public mutating func park(into output: inout [UInt8]) {
        move(to: Point(row: 0, column: 0), into: &output)
    }

    /// Appends the UTF-8 of `glyph` (a space for the empty glyph).
    @inline(__always)
    private func append(_ glyph: Glyph, to output: inout [UInt8]) {
        if let byte = glyph.asciiByte {
            output.append(byte)
        } else if glyph.isEmpty {
            output.append(0x20)
        } else {
            glyph.withUTF8 { output.append(contentsOf: $0) }
        }
    }

    /// Moves the cursor to `target` with the shortest bytes the terminal has: `cup`, or
    /// when the cursor is known, column and relative moves (`hpa`, `cuf`, `cr`, `cud`,
    /// `cuu`). On the same row, when `frame` is given, the cells between are written again
    /// instead when that is shorter: they show the frame already (or should) and take the
    /// pen in effect.
    private mutating func move(to target: Point, filling frame: Buffer? = nil, into output: inout [UInt8]) {
        guard cursor != target || !cursorIsExact else { return }
        defer {
            cursor = target
            cursorIsExact = true
        }
        guard let from = cursor, cursorIsExact else {
            output += strings.moveCursor(target.row, target.column)
            return
        }
        if target.row == from.row {
            // The column moves are kept per column and distance; `cup` is made only when
            // none of them is as short as the shortest `cup`.
            var best: [UInt8] = []
            if target.column == 0, let cr = strings.carriageReturn { best = cr }
            if let column = columnMove(target.column), best.isEmpty || column.count < best.count { best = column }
            if target.column > from.column, let forward = forwardMove(target.column - from.column),
               best.isEmpty || forward.count < best.count {
                best = forward
            }
            if best.isEmpty || best.count > shortestCursorAddress {
                let address = strings.moveCursor(target.row, target.column)
                if best.isEmpty || address.count < best.count { best = address }
            }
            if target.column > from.column, let frame,
               fill(frame, row: target.row, from: from.column, to: target.column, within: best.count, into: &output) {
                return
            }
            output += best
            return
        }
        let down = target.row > from.row, distance = abs(target.row - from.row)
        var vertical: [UInt8] = []
        if distance == 1, let one = down ? strings.cursorDownOne : strings.cursorUpOne {
            vertical = one
        } else if let step = down ? strings.cursorDown : strings.cursorUp {
            vertical = step(distance)
        }
        // The column after the vertical move, which keeps it.
        var column: [UInt8]? = target.column == from.column ? [] : nil
        if !vertical.isEmpty {
            if target.column == 0, let cr = strings.carriageReturn, cr.count < column?.count ?? .max { column = cr }
            if let bytes = columnMove(target.column), bytes.count < column?.count ?? .max { column = bytes }
            if target.column > from.column, let bytes = forwardMove(target.column - from.column),
               bytes.count < column?.count ?? .max {
                column = bytes
            }
        }
        if !vertical.isEmpty, let column, vertical.count + column.count <= shortestCursorAddress {
            output += vertical
            output += column
            return
        }
        let address = strings.moveCursor(target.row, target.column)
        if !vertical.isEmpty, let column, vertical.count + column.count < address.count {
            output += vertical
            output += column
        } else {
            output += address
        }
    }

    /// `hpa` to `column`, kept once made; `nil` when the terminal lacks it.
    private mutating func columnMove(_ column: Int) -> [UInt8]? {
        Self.kept(column, in: &columnMoves, making: strings.moveToColumn)
    }

    /// `cuf` by `count`, kept once made; `nil` when the terminal lacks it.
    private mutating func forwardMove(_ count: Int) -> [UInt8]? {
        Self.kept(count, in: &forwardMoves, making: strings.cursorForward)
    }

    /// The move `make(n)`, kept in `moves[n]` once made (for n under 1,024); `nil` when
    /// there is no `make` or it expands to nothing.
    private static func kept(_ n: Int, in moves: inout [[UInt8]], making make: ((Int) -> [UInt8])?) -> [UInt8]? {
        guard let make else { return nil }
        guard n < 1_024 else { return make(n).nilIfEmpty }
        if n >= moves.count { moves += repeatElement([], count: n + 1 - moves.count) }
        if moves[n].isEmpty { moves[n] = make(n) }
        return moves[n].nilIfEmpty
    }

    /// Writes the cells of `frame` on `row` from column `start` up to `end` when they are
    /// at most `limit`, all ASCII (one byte, one column, on every terminal) in the pen in
    /// effect; returns whether it wrote them.
    private func fill(_ frame: Buffer, row: Int, from start: Int, to end: Int, within limit: Int,
                      into output: inout [UInt8]) -> Bool {
        guard end - start <= limit, row < frame.size.rows, end <= frame.size.columns, let pen else { return false }
        let base = row * frame.size.columns
        var checkedStyle = UInt64.max
        for index in (base + start)..<(base + end) {
            let cell = frame.cells[index]
            guard cell.glyph.asciiByte != nil else { return false }
            if cell.styleBits != checkedStyle {
                guard self.pen(for: cell.style) == pen else { return false }
                checkedStyle = cell.styleBits
            }
        }
        for index in (base + start)..<(base + end) {
            output.append(frame.cells[index].glyph.asciiByte!)
        }
        return true
    }

    // MARK: Attributes

    /// The pen that draws `style` on this terminal: colours it lacks become the default.
    private func pen(for style: Style) -> Pen {
        guard style != .plain else { return .plain }
        let colors = strings.foreground != nil && strings.background != nil
        let foreground = colors ? strings.number(of: style.foreground) : nil
        let background = colors ? strings.number(of: style.background) : nil
        var attributes = style.attributes
        if foreground != nil || background != nil { attributes.subtract(strings.attributesWithoutColor) }
        return Pen(attributes: attributes, foreground: foreground, background: background)
    }

    /// Switches to `target`, adding to the current attributes when it only adds, and
    /// resetting everything first when something must be turned off.
    private mutating func setPen(_ target: Pen, into output: inout [UInt8]) {
        guard pen != target else { return }
        var base = pen ?? .plain
        let keeps = pen != nil && target.attributes.isSuperset(of: base.attributes)
            && (base.foreground == nil || base.foreground == target.foreground)
            && (base.background == nil || base.background == target.background)
        if !keeps {
            output += strings.resetAttributes
            // sgr0 need not reset colours: op does (unknown pen: colours may be set).
            if pen == nil || base.foreground != nil || base.background != nil,
               let reset = strings.defaultColors {
                output += reset
            }
            base = .plain
        }
        let added = target.attributes.subtracting(base.attributes)
        if added.contains(.bold), let bold = strings.bold { output += bold }
        if added.contains(.dim), let dim = strings.dim { output += dim }
        if added.contains(.reverse), let reverse = strings.reverse { output += reverse }
        if added.contains(.underline), let underline = strings.underline { output += underline }
        if added.contains(.italic), let italic = strings.italic { output += italic }
        if added.contains(.blink), let blink = strings.blink { output += blink }
        if added.contains(.strikethrough), let strikethrough = strings.strikethrough { output += strikethrough }
        if let n = target.foreground, n != base.foreground, let set = strings.foreground { output += set(n) }
        if let n = target.background, n != base.background, let set = strings.background { output += set(n) }
        pen = target
    }
}

extension Array where Element == UInt8 {
    /// The bytes, or `nil` when there are none: a move that expands to nothing is one the
    /// terminal cannot make.
    fileprivate var nilIfEmpty: [UInt8]? { isEmpty ? nil : self }
}
