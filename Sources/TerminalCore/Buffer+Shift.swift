#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A block of rows that moved up or down between two frames, as a list scrolled by a key.
///
/// A backend that can scroll a region of the screen (a scroll region, `csr`) applies the shift
/// first and then sends only the cells that still differ: one new row instead of a whole
/// list area rewritten.
public struct RowShift: Hashable, Sendable {
    /// First row of the region that scrolls.
    public var top: Int
    /// Last row of the region that scrolls (inclusive).
    public var bottom: Int
    /// Rows the content moves up (positive, as when scrolling down a list) or down (negative).
    public var distance: Int

    /// Creates a shift.
    public init(top: Int, bottom: Int, distance: Int) {
        self.top = top
        self.bottom = bottom
        self.distance = distance
    }
}

extension RowShift {
    /// The region of a scroll that brings the old rows `rows + distance` to `rows` (the
    /// new rows that hold moved ones): from them to the old rows they came from.
    init(holding rows: ClosedRange<Int>, movedBy distance: Int) {
        self = distance > 0
            ? RowShift(top: rows.lowerBound, bottom: rows.upperBound + distance, distance: distance)
            : RowShift(top: rows.lowerBound + distance, bottom: rows.upperBound, distance: distance)
    }
}

/// How a frame's rows compare with the last frame's: which differ as they stand, the
/// scroll (if any) that leaves the fewest to write, and which differ once it is applied.
/// Each pair of rows is compared once.
struct RowComparison {
    /// Rows that differ from the same row of the old frame.
    var changed: [Bool]
    /// The best shift, as ``Buffer/rowShift(since:maximumDistance:minimumRows:)`` gives it.
    var shift: RowShift?
    /// With `shift`: rows that still differ from what the scrolled terminal shows (the old
    /// row that moved there, or a blank). Without: `changed`.
    var changedAfterShift: [Bool]
}

extension Buffer {
    /// The shift of a block of rows that turns `old` into this buffer with the fewest rows
    /// left to write, if it saves at least `minimumRows` rows; `nil` when the sizes differ
    /// or nothing moved.
    ///
    /// Only distances up to `maximumDistance` are tried (a key scrolls one row, the wheel
    /// three). For each, the region spans the rows whose content moved by that distance.
    /// Rows are compared whole, with `memcmp`, so this costs a few hundred comparisons.
    public func rowShift(since old: Buffer, maximumDistance: Int = 3, minimumRows: Int = 2) -> RowShift? {
        guard old.size == size else { return nil }
        return compareRows(with: old, maximumDistance: maximumDistance, minimumRows: minimumRows).shift
    }

    /// The rows that differ from `old` (same size), with and without the best shift.
    ///
    /// Distances are tried from the shortest; once a shift leaves no more rows to write
    /// than it uncovers plus two (a highlight moved, a status line), longer ones are not
    /// tried: they uncover more rows, each to be written unless blank. So a shift missed
    /// that way saves at most one row more (or more when the rows it would uncover are
    /// blank); whichever shift is chosen, the rows left to write are exact.
    func compareRows(with old: Buffer, maximumDistance: Int = 3, minimumRows: Int = 2) -> RowComparison {
        precondition(old.size == size, "compareRows: sizes differ")
        let rows = size.rows
        let changed = (0..<rows).map { !rowEquals($0, in: old) }
        var result = RowComparison(changed: changed, shift: nil, changedAfterShift: changed)
        let unshiftedCost = changed.count { $0 }
        guard rows >= 3, size.columns > 0, unshiftedCost >= minimumRows else { return result }
        var best: (cost: Int, shift: RowShift, changed: [Bool])?
        var holdsMoved = [Bool](repeating: false, count: rows)
        for magnitude in 1...max(1, min(maximumDistance, rows - 1)) {
            if let best, best.cost <= magnitude - 1 + 2 { break }  // the last magnitude did well enough
            for distance in [magnitude, -magnitude] {
                // New rows r that hold the old row r + distance.
                let candidates = max(0, -distance)..<min(rows, rows - distance)
                var moved = 0
                for row in 0..<rows {
                    holdsMoved[row] = candidates.contains(row) && changed[row]
                        && rowEquals(row, in: old, otherRow: row + distance)
                    if holdsMoved[row] { moved += 1 }
                }
                guard moved >= minimumRows, let first = holdsMoved.firstIndex(of: true),
                      let last = holdsMoved.lastIndex(of: true) else { continue }
                let shift = RowShift(holding: first...last, movedBy: distance)
                let left = rowsLeftToWrite(after: shift, from: old, changed: changed, holdsMoved: holdsMoved)
                let cost = left.count { $0 }
                if cost <= unshiftedCost - minimumRows, cost < (best?.cost ?? Int.max) { best = (cost, shift, left) }
            }
        }
        if let best {
            result.shift = best.shift
            result.changedAfterShift = best.changed
        }
        // A shift that leaves more than the rows a one-row scroll uncovers and highlights
        // may be one of rows that moved only in part: a list beside a pane.
        if best.map({ $0.cost > 3 }) ?? true,
           let beside = shiftOfLeftPart(since: old, changed: changed, against: result,
                                        maximumDistance: maximumDistance, minimumRows: minimumRows) {
            result.shift = beside.shift
            result.changedAfterShift = beside.changed
        }
        return result
    }

    /// The shift of rows whose left half moved while the rest changed: a list scrolled
    /// beside a pane that now shows something else (the preview of the new item). Few rows
    /// or none moved whole (only those where the pane is blank in both frames), so the
    /// whole-row search found a poor shift or none; yet scrolling the full width moves the
    /// list's part, and the pane's part, which changed anyway, is written as it would have
    /// been. Taken only when it leaves fewer cells to write than `current` (the whole-row
    /// result): cells, not rows, as every row here differs somewhere.
    private func shiftOfLeftPart(since old: Buffer, changed: [Bool], against current: RowComparison,
                                 maximumDistance: Int, minimumRows: Int) -> (shift: RowShift, changed: [Bool])? {
        let rows = size.rows, columns = size.columns
        let span = columns / 2
        guard rows >= 3, span >= 8 else { return nil }
        var found: (moved: Int, shift: RowShift)?
        for magnitude in 1...max(1, min(maximumDistance, rows - 1)) {
            for distance in [magnitude, -magnitude] {
                var first: Int?, last = 0, moved = 0
                for row in max(0, -distance)..<min(rows, rows - distance)
                where changed[row] && leftPartEquals(row, in: old, otherRow: row + distance, columns: span) {
                    if first == nil { first = row }
                    last = row
                    moved += 1
                }
                guard let first, moved >= minimumRows, moved > (found?.moved ?? 0) else { continue }
                found = (moved, RowShift(holding: first...last, movedBy: distance))
            }
        }
        guard let shift = found?.shift, shift != current.shift else { return nil }
        let costs = (0..<rows).map { cellsToWrite($0, after: shift, from: old, changed: changed) }
        let cost = costs.reduce(0, +)
        let currentCost = (0..<rows).reduce(0) { $0 + cellsToWrite($1, after: current.shift, from: old, changed: changed) }
        // Against no shift, the scroll must pay for itself (two rows' worth, as whole rows);
        // against another shift, which would scroll too, fewer cells are enough.
        let margin = current.shift == nil ? 2 * columns : 1
        return cost + margin <= currentCost ? (shift, costs.map { $0 > 0 }) : nil
    }

    /// How many cells of `row` differ from what the terminal shows once `shift` (if any) is
    /// applied to `old`: the old row, the row the shift brought there, or a blank row.
    private func cellsToWrite(_ row: Int, after shift: RowShift?, from old: Buffer, changed: [Bool]) -> Int {
        guard let shift, row >= shift.top, row <= shift.bottom else {
            return changed[row] ? cellsDiffering(row, in: old, otherRow: row) : 0
        }
        let source = row + shift.distance
        guard source >= shift.top, source <= shift.bottom else { return size.columns - blankCells(row) }
        return cellsDiffering(row, in: old, otherRow: source)
    }

    /// Whether the first `columns` cells of `row` equal those of `otherRow` in `old`.
    private func leftPartEquals(_ row: Int, in old: Buffer, otherRow: Int, columns: Int) -> Bool {
        let width = size.columns
        return cells.withUnsafeBufferPointer { mine in
            old.cells.withUnsafeBufferPointer { theirs in
                // Safe: both rows lie inside buffers of the same size (the caller's rows are
                // in 0..<rows, `columns` is at most the width), and a Cell is two words with
                // no padding and no references, so equal bytes are equal cells.
                memcmp(mine.baseAddress! + row * width, theirs.baseAddress! + otherRow * width,
                       columns * MemoryLayout<Cell>.stride) == 0
            }
        }
    }

    /// How many cells of `row` differ from those of `otherRow` in `old`.
    private func cellsDiffering(_ row: Int, in old: Buffer, otherRow: Int) -> Int {
        let width = size.columns, base = row * width, otherBase = otherRow * width
        var count = 0
        for column in 0..<width where cells[base + column] != old.cells[otherBase + column] { count += 1 }
        return count
    }

    /// How many cells of `row` are plain blanks.
    private func blankCells(_ row: Int) -> Int {
        let base = row * size.columns
        return (base..<(base + size.columns)).count { cells[$0] == .blank }
    }

    /// Which rows still differ from this buffer once `shift` is applied to `old`; rows that
    /// `holdsMoved` already found equal to their source are not compared again.
    private func rowsLeftToWrite(after shift: RowShift, from old: Buffer, changed: [Bool],
                                 holdsMoved: [Bool]) -> [Bool] {
        (0..<size.rows).map { row in
            guard row >= shift.top, row <= shift.bottom else { return changed[row] }
            let source = row + shift.distance
            guard source >= shift.top, source <= shift.bottom else { return !rowIsBlank(row) }
            if holdsMoved[row] { return false }
            return !rowEquals(row, in: old, otherRow: source)
        }
    }

    /// Whether every cell of `row` is a plain blank.
    func rowIsBlank(_ row: Int) -> Bool {
        let base = row * size.columns
        return (base..<(base + size.columns)).allSatisfy { cells[$0] == .blank }
    }

    /// Moves the rows of `shift`'s region by its distance, as a terminal scrolls a region:
    /// rows that leave the region are lost and the rows it uncovers are blank.
    public mutating func apply(_ shift: RowShift) {
        let top = max(0, shift.top), bottom = min(size.rows - 1, shift.bottom)
        let distance = shift.distance
        guard top <= bottom, distance != 0 else { return }
        let width = size.columns
        let kept = max(0, bottom - top + 1 - abs(distance))  // rows that stay in the region
        let (from, to) = distance > 0 ? (top + distance, top) : (top, top - distance)
        cells.withUnsafeMutableBufferPointer { all in
            // Safe: rows `from..<from + kept` and `to..<to + kept` lie within top...bottom,
            // inside the buffer; Cell is a plain value, so moving its bytes moves the cell.
            if kept > 0, let base = all.baseAddress {
                _ = memmove(base + to * width, base + from * width, kept * width * MemoryLayout<Cell>.stride)
            }
        }
        let blanks = distance > 0 ? (top + kept)...bottom : top...(bottom - kept)
        for row in blanks {
            for column in 0..<width { cells[row * width + column] = .blank }
        }
    }
}
