/// How many lines the rows of a list take.
public enum RowHeight: Hashable, Sendable {
    /// Every row takes this many lines (one: the fast path every list had so far).
    case uniform(Int)
    /// Each row takes the lines its view asks for (its ``View/sizing``), at most `limit`;
    /// measured only for the rows around the ones shown, never for the whole list.
    case measured(limit: Int)
}

/// The mapping between a list's rows and the lines they take, shared by drawing, scrolling,
/// paging and clicks: the only place that knows how tall rows are.
///
/// With every row one line tall (``Heights/oneLine``) each answer is arithmetic, as it
/// always was, so a list of a million one-line rows costs nothing extra. With rows of several
/// lines the answers walk the rows from the first one shown, and only as far as a screen
/// reaches: no pass over all rows learns their heights. Positions stay row numbers (the
/// status bar says `12/400` for a row, not a line).
///
/// A list with sections keeps the header of the section scrolled under its first line in
/// view (a sticky header). Over rows of one line it covers the first line; over taller rows
/// it takes a line of its own above them (covering a tall row's first line would leave the
/// rest of that row under someone else's title). Lists shorter than three lines have none.
struct RowLayout {
    /// How tall the rows are.
    enum Heights {
        /// Every row takes one line.
        case oneLine
        /// The lines of the row at a position (at least 1 is used).
        case lines((Int) -> Int)
    }

    /// Where a sticky header goes in a list of a given height.
    enum StickyHeaderPlacement: Equatable {
        /// No sticky header: the list is shorter than three lines.
        case none
        /// Over the first line, hiding the row drawn there (rows of one line).
        case overFirstLine
        /// On a line of its own above the rows (rows of several lines).
        case ownLine
    }

    let heights: Heights
    /// The rows kept in view above and below the selection when the list scrolls to keep
    /// it in view (fzf's `--scroll-off`), at most half the lines shown; rows of one line
    /// only (taller rows ignore it).
    var scrollOff = 0

    /// Rows whose lines `height` gives by position.
    init(height: @escaping (Int) -> Int) { heights = .lines(height) }

    private init(heights: Heights) { self.heights = heights }

    /// Every row one line tall.
    static var singleLine: RowLayout { RowLayout(heights: .oneLine) }

    /// Whether every row takes one line.
    var isSingleLine: Bool {
        if case .oneLine = heights { return true }
        return false
    }

    /// The lines of the row at `position`.
    func lines(of position: Int) -> Int {
        switch heights {
        case .oneLine: return 1
        case .lines(let height): return max(1, height(position))
        }
    }

    /// Where a sticky header goes in a list of `height` lines.
    func stickyHeaderPlacement(in height: Int) -> StickyHeaderPlacement {
        guard height >= 3 else { return .none }
        return isSingleLine ? .overFirstLine : .ownLine
    }

    /// The lines the rows have in a list of `height` lines: one less when a sticky header
    /// takes a line of its own.
    func rowLines(in height: Int, stickyHeader: Bool) -> Int {
        stickyHeader && stickyHeaderPlacement(in: height) == .ownLine ? height - 1 : height
    }

    /// The first row to show so that row `selection` is shown whole in `lines` lines (or
    /// from its top when it is taller), moving as little as possible from `offset`. `rows`
    /// counts a footer row, which is one line. With `stickyHeader` (a list with sections)
    /// the selection stays clear of the sticky header.
    func scrollOffset(keeping selection: Int, visibleIn lines: Int, from offset: Int, rows: Int,
                      stickyHeader: Bool = false) -> Int {
        switch heights {
        case .oneLine:
            let kept = ListView.scrollOffset(keeping: selection, visibleIn: lines, from: offset, rows: rows,
                                             stickyHeader: stickyHeader)
            guard scrollOff > 0, !stickyHeader else { return kept }
            return Self.scrollOffset(kept, keeping: selection, margin: min(lines / 2, scrollOff), visibleIn: lines, rows: rows)
        case .lines:
            return tallScrollOffset(keeping: selection, visibleIn: rowLines(in: lines, stickyHeader: stickyHeader),
                                    from: offset, rows: rows)
        }
    }

    /// `offset` moved as little as it takes for `margin` rows to show above and below
    /// `selection` where there are rows to show, as fzf's `--scroll-off` moves it (when
    /// both sides cannot be kept, the rows below win, as in fzf).
    private static func scrollOffset(_ offset: Int, keeping selection: Int, margin: Int, visibleIn lines: Int, rows: Int) -> Int {
        guard lines > 0, rows > 0 else { return offset }
        let lowest = max(0, selection - lines + 1)
        let highest = max(0, min(rows - lines, selection))
        var result = max(lowest, min(offset, selection - margin))
        result = min(highest, max(result, selection - lines + 1 + margin))
        return max(0, result)
    }

    private func tallScrollOffset(keeping selection: Int, visibleIn lines: Int, from offset: Int, rows: Int) -> Int {
        guard lines > 0, rows > 0 else { return 0 }
        let selection = max(0, min(selection, rows - 1))
        var first = max(0, min(offset, rows - 1))
        if selection < first { return min(selection, lastFirst(visibleIn: lines, rows: rows)) }
        // Each row takes a line at least, so rows more than `lines` above are never shown.
        first = max(first, selection - lines + 1)
        var used = 0
        for position in first...selection { used += self.lines(of: position) }
        while used > lines, first < selection {
            used -= self.lines(of: first)
            first += 1
        }
        // No room left empty below the last row while rows above could fill it.
        return min(first, lastFirst(visibleIn: lines, rows: rows))
    }

    /// The first row that shows the last rows filling `lines` (or all of them).
    private func lastFirst(visibleIn lines: Int, rows: Int) -> Int {
        var used = 0
        var first = rows
        while first > 0 {
            let next = self.lines(of: first - 1)
            if used + next > lines { break }
            used += next
            first -= 1
        }
        return min(first, rows - 1)
    }

    /// Whether `count` rows from `position` fit whole in a list of `height` lines below
    /// where a sticky header is (or would be: over rows of one line it takes the first line
    /// even before it shows).
    func fits(_ count: Int, rowsFrom position: Int, in height: Int, stickyHeader: Bool) -> Bool {
        var available = rowLines(in: height, stickyHeader: stickyHeader)
        if stickyHeader, isSingleLine { available -= 1 }
        var used = 0
        for row in position..<(position + max(0, count)) { used += lines(of: row) }
        return used <= available
    }

    /// The row drawn on `line` of a list of `height` lines showing rows from `offset`; nil
    /// past the last of `rows`, and on the line a shown sticky header takes (`stickyHeader`:
    /// one is drawn). With `upward` (``ListView/growsUpward``) lines count from the bottom.
    func position(atLine line: Int, from offset: Int, rows: Int, height: Int,
                  stickyHeader: Bool = false, upward: Bool = false) -> Int? {
        var line = upward ? height - 1 - line : line
        if stickyHeader {
            switch stickyHeaderPlacement(in: height) {
            case .none: break
            case .overFirstLine: if line == 0 { return nil }
            case .ownLine:
                if line == 0 { return nil }
                line -= 1
            }
        }
        return position(atLine: line, from: offset, rows: rows)
    }

    /// The row drawn on `line` of the list (0 is its first line) when the list shows rows
    /// from `offset`, or nil past the last of `rows`.
    func position(atLine line: Int, from offset: Int, rows: Int) -> Int? {
        guard line >= 0 else { return nil }
        guard !isSingleLine else {
            let position = offset + line
            return position < rows ? position : nil
        }
        var top = 0
        var position = offset
        while position < rows {
            let lines = self.lines(of: position)
            if line < top + lines { return position }
            top += lines
            position += 1
        }
        return nil
    }

    /// How many rows a page key moves from `selection` in a list of `lines` lines: one
    /// less than the rows that fit from there, at least one.
    func pageRows(from selection: Int, visibleIn lines: Int, rows: Int, forward: Bool,
                  stickyHeader: Bool = false) -> Int {
        guard !isSingleLine else { return max(1, lines - 1) }
        let lines = rowLines(in: lines, stickyHeader: stickyHeader)
        var used = 0
        var count = 0
        var position = selection
        while position >= 0, position < rows {
            used += self.lines(of: position)
            if used > lines { break }
            count += 1
            position += forward ? 1 : -1
        }
        return max(1, count - 1)
    }
}
