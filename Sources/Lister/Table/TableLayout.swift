import TerminalCore

/// Where each column of a table is drawn in one frame: worked out from the header and the
/// rows in view, shared by the header line and every row of the frame.
nonisolated struct TableLayout: Hashable, Sendable {
    /// A column drawn: its position among the screen's columns, its first column on the
    /// line (from the list's left edge) and its width.
    struct Placed: Hashable, Sendable {
        var column: Int
        var x: Int
        var width: Int
    }

    /// The columns drawn, left to right.
    var placed: [Placed]
    /// The first scrollable column drawn (after the frozen ones), as asked and clamped.
    var firstScrolled: Int
    /// The largest ``firstScrolled`` that still shows something new: 0 when all fit.
    var maxFirstScrolled: Int
    /// The columns drawn that hold numbers (their values in view say so): drawn
    /// right-aligned, NULLs included.
    var numeric: Set<Int> = []

    /// The space between two columns.
    static let gap = 2
    /// A column is cut down to this width before the table scrolls sideways.
    static let floor = 16

    /// Lays out columns of `natural` widths (title and values in view) by their `rules`
    /// in `width` columns, `frozen` columns pinned at the left and the rest drawn from
    /// `firstScrolled` on.
    static func make(natural: [Int], rules: [ColumnWidth], titles: [Int], width: Int, frozen: Int, firstScrolled: Int) -> TableLayout {
        let count = natural.count
        guard count > 0, width > 0 else { return TableLayout(placed: [], firstScrolled: 0, maxFirstScrolled: 0) }
        var widths = (0..<count).map { index -> Int in
            switch rules[index].rule {
            case .fixed(let columns): return columns
            case .fit(let max): return min(natural[index], max ?? Int.max)
            case .flexible: return natural[index]
            }
        }
        let gaps = (count - 1) * gap
        if widths.reduce(0, +) + gaps > width {
            // Too wide: cut the widest columns first (water-filling), never below a floor
            // (a column's title, or `floor`, whichever is wider, or its natural width).
            let floors = (0..<count).map { index -> Int in
                if case .fixed = rules[index].rule { return widths[index] }
                return min(widths[index], max(floor, titles[index]))
            }
            let room = width - gaps
            if floors.reduce(0, +) <= room {
                // The highest level L with sum(max(floor, min(width, L))) <= room.
                var low = 0, high = widths.max() ?? 0
                while low < high {
                    let mid = (low + high + 1) / 2
                    let used = (0..<count).reduce(0) { $0 + max(floors[$1], min(widths[$1], mid)) }
                    if used <= room { low = mid } else { high = mid - 1 }
                }
                widths = (0..<count).map { max(floors[$0], min(widths[$0], low)) }
            } else {
                widths = floors
            }
        } else {
            // Room to spare: the flexible columns share it.
            let spare = width - widths.reduce(0, +) - gaps
            let shares = (0..<count).map { index -> Int in
                if case .flexible(let share) = rules[index].rule { return share }
                return 0
            }
            let total = shares.reduce(0, +)
            if total > 0, spare > 0 {
                var given = 0
                var last = 0
                for index in 0..<count where shares[index] > 0 {
                    let extra = spare * shares[index] / total
                    widths[index] += extra
                    given += extra
                    last = index
                }
                widths[last] += spare - given
            }
        }
        return place(count: count, widths: { widths[$0] }, width: width, frozen: frozen, firstScrolled: firstScrolled,
                     exactEnd: true)
    }

    /// Whether `count` columns cannot fit in `width` even at no width each: their gaps alone
    /// pass it. ``make(natural:rules:titles:width:frozen:firstScrolled:)`` then cuts every
    /// column to its floor, and ``makeCut(count:floor:width:frozen:firstScrolled:)`` gives
    /// the same layout from the floors of the columns it places only.
    static func gapsPass(_ width: Int, count: Int) -> Bool { (count - 1) * gap > width }

    /// The layout of ``make(natural:rules:titles:width:frozen:firstScrolled:)`` when
    /// ``gapsPass(_:count:)``: `floor(i)` is column i's floor, asked only of the columns
    /// drawn (a table of 10,000 columns measures the few it shows). The columns at the end,
    /// which decide how far the table scrolls, are measured only when the view is near
    /// them: further away, ``maxFirstScrolled`` is a bound below the exact one that the
    /// view is more than one column before (a key scrolls one column: the next frame, near
    /// the end, measures them).
    static func makeCut(count: Int, floor: (Int) -> Int, width: Int, frozen: Int, firstScrolled: Int) -> TableLayout {
        guard count > 0, width > 0 else { return TableLayout(placed: [], firstScrolled: 0, maxFirstScrolled: 0) }
        var known: [Int: Int] = [:]
        return place(count: count, widths: { index in
            if let width = known[index] { return width }
            let width = floor(index)
            known[index] = width
            return width
        }, width: width, frozen: frozen, firstScrolled: firstScrolled, exactEnd: false)
    }

    /// The floor of a column whose width rule is `rule`, natural width `natural` and title
    /// width `title`, when the table is cut to its floors.
    static func floorWidth(natural: Int, rule: ColumnWidth.Rule, title: Int) -> Int {
        switch rule {
        case .fixed(let columns): return columns
        case .fit(let max): return min(min(natural, max ?? Int.max), Swift.max(floor, title))
        case .flexible: return min(natural, Swift.max(floor, title))
        }
    }

    /// Places the frozen columns, then as many others as fit from `firstScrolled`, each
    /// `widths(i)` wide; the last first column is exact when `exactEnd` or near the view,
    /// else a bound below it (see ``makeCut(count:floor:width:frozen:firstScrolled:)``).
    private static func place(count: Int, widths: (Int) -> Int, width: Int, frozen: Int, firstScrolled: Int,
                              exactEnd: Bool) -> TableLayout {
        let frozen = max(0, min(frozen, count - 1))
        // The frozen columns, then as many others as fit from `firstScrolled`.
        var placed: [Placed] = []
        var x = 0
        for index in 0..<frozen where x < width {
            placed.append(Placed(column: index, x: x, width: min(widths(index), width - x)))
            x += widths(index) + gap
        }
        let scrolledRoom = width - x
        // The last first column that still brings a new column into view. It is at least
        // `bound`: the columns after it fit in the room, and each after the first of them
        // takes a gap at least.
        let bound = max(frozen, count - 1 - max(0, scrolledRoom) / gap)
        var maxFirst = count - 1
        if !exactEnd, firstScrolled + frozen < bound {
            maxFirst = bound
        } else {
            var used = 0
            while maxFirst >= frozen {
                used += widths(maxFirst) + (used > 0 ? gap : 0)
                if used > scrolledRoom { break }
                maxFirst -= 1
            }
            maxFirst = max(frozen, min(count - 1, maxFirst + 1))
        }
        let first = max(frozen, min(firstScrolled + frozen, maxFirst))
        var index = first
        while index < count, x < width {
            placed.append(Placed(column: index, x: x, width: min(widths(index), width - x)))
            x += widths(index) + gap
            index += 1
        }
        return TableLayout(placed: placed, firstScrolled: first - frozen, maxFirstScrolled: maxFirst - frozen)
    }

    /// Whether every column is drawn whole.
    var fitsAll: Bool { maxFirstScrolled == 0 }

    /// The column drawn at `x` (columns from the list's left edge), if any.
    func column(at x: Int) -> Int? {
        placed.first { x >= $0.x && x < $0.x + $0.width + Self.gap }?.column
    }
}

/// One row of a table: its cells drawn where the frame's column layout puts them, each
/// cut to its width with an ellipsis.
public struct TableRow: View {
    /// Every column's cell, or (``placedOnly``) the cells of the layout's placed columns in
    /// their order: a frame of 10,000 columns makes the dozen it draws.
    private(set) var cells: [Text]
    let layout: TableLayout
    let placedOnly: Bool

    /// A row of every column's cell, drawn where `layout` places them.
    init(cells: [Text], layout: TableLayout) {
        self.cells = cells
        self.layout = layout
        placedOnly = false
    }

    /// A row of the cells of `layout`'s placed columns, in their order.
    init(placedCells: [Text], layout: TableLayout) {
        cells = placedCells
        self.layout = layout
        placedOnly = true
    }

    public var sizing: Sizing { .fixed(1) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        for (position, placed) in layout.placed.enumerated() {
            let index = placedOnly ? position : placed.column
            guard index < cells.count else { continue }
            let left = rect.left + placed.x
            let width = min(placed.width, rect.right - left)
            guard width > 0 else { break }
            cells[index].render(in: Rect(row: rect.top, column: left, rows: 1, columns: width), buffer: &buffer)
        }
    }

    /// The row with the matches of `query` highlighted in each cell.
    func highlightingMatches(of query: FilterQuery) -> TableRow {
        var row = self
        row.cells = cells.map { cell in
            var highlighted = cell.highlightingMatches(of: query)
            highlighted.alignment = cell.alignment
            return highlighted
        }
        return row
    }

    /// The cells' text, separated by two spaces (what the filter searches).
    public var plainText: String { cells.map(\.plainText).joined(by: "  ") }
}

extension Text {
    /// Columns the text takes once drawn, counting what is shown in place of unsafe
    /// characters (`^[`, `<E9>` for a byte of a file name that is not UTF-8).
    var drawnWidth: Int {
        spans.reduce(0) { total, span in
            if Sanitizer.isPrintableASCII(span.text) { return total + span.text.utf8.count }
            var width = 0
            for character in span.text {
                if let replacement = Sanitizer.replacement(for: character) {
                    width += DisplayWidth.of(replacement)
                } else {
                    width += DisplayWidth.of(character)
                }
            }
            return total + width
        }
    }
}
