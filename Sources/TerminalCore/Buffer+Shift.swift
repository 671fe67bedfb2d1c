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

extension Buffer {
    /// The shift of a block of rows that turns `old` into this buffer with the fewest rows
    /// left to write, if it saves at least `minimumRows` rows; `nil` when the sizes differ
    /// or nothing moved.
    ///
    /// Only distances up to `maximumDistance` are tried (a key scrolls one row, the wheel
    /// three). For each, the region spans the rows whose content moved by that distance.
    /// Rows are compared whole, with `memcmp`, so this costs a few hundred comparisons.
    public func rowShift(since old: Buffer, maximumDistance: Int = 3, minimumRows: Int = 2) -> RowShift? {
        guard old.size == size, size.rows >= 3, size.columns > 0 else { return nil }
        let rows = size.rows
        let changed = (0..<rows).map { !rowEquals($0, in: old) }
        let unshiftedCost = changed.filter { $0 }.count
        guard unshiftedCost >= minimumRows else { return nil }
        var best: (cost: Int, shift: RowShift)?
        for magnitude in 1...max(1, min(maximumDistance, rows - 1)) {
            for distance in [magnitude, -magnitude] {
                // New rows r that hold the old row r + distance.
                let candidates = max(0, -distance)..<min(rows, rows - distance)
                let moved = candidates.filter { changed[$0] && rowEquals($0, in: old, otherRow: $0 + distance) }
                guard let first = moved.first, let last = moved.last, moved.count >= minimumRows else { continue }
                let shift = distance > 0
                    ? RowShift(top: first, bottom: last + distance, distance: distance)
                    : RowShift(top: first + distance, bottom: last, distance: distance)
                let cost = rowsLeftToWrite(after: shift, from: old, changed: changed)
                if cost <= unshiftedCost - minimumRows, cost < (best?.cost ?? Int.max) { best = (cost, shift) }
            }
        }
        return best?.shift
    }

    /// How many rows still differ from this buffer once `shift` is applied to `old`.
    private func rowsLeftToWrite(after shift: RowShift, from old: Buffer, changed: [Bool]) -> Int {
        var cost = 0
        for row in 0..<size.rows {
            guard row >= shift.top, row <= shift.bottom else {
                if changed[row] { cost += 1 }
                continue
            }
            let source = row + shift.distance
            if source >= shift.top, source <= shift.bottom {
                if !rowEquals(row, in: old, otherRow: source) { cost += 1 }
            } else if !rowIsBlank(row) {
                cost += 1
            }
        }
        return cost
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
