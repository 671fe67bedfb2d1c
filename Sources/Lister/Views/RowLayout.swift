/// How many lines the rows of a list take.
public enum RowHeight: Hashable, Sendable {
    /// Every row takes this many lines (one: the fast path every list had so far).
    case uniform(Int)
    /// Each row takes the lines its view asks for (its ``View/sizing``), at most `limit`;
    /// measured only for the rows around the ones shown, never for the whole list.
    case measured(limit: Int)
}

/// The mapping between a list's rows and the lines they take, shared by drawing, scrolling,
/// paging and clicks.
///
/// With every row one line tall (`height` nil) each answer is arithmetic, as it always was,
/// so a list of a million one-line rows costs nothing extra. With rows of several lines the
/// answers walk the rows from the first one shown, and only as far as a screen reaches: no
/// pass over all rows learns their heights. Positions stay row numbers (the status bar says
/// `12/400` for a row, not a line).
struct RowLayout {
    /// The lines of the row at a position (at least 1); nil when every row takes one line.
    let height: ((Int) -> Int)?

    /// Every row one line tall.
    static var singleLine: RowLayout { RowLayout(height: nil) }

    /// The lines of the row at `position`.
    func lines(of position: Int) -> Int {
        guard let height else { return 1 }
        return max(1, height(position))
    }

    /// The first row to show so that row `selection` is shown whole in `lines` lines (or
    /// from its top when it is taller), moving as little as possible from `offset`. `rows`
    /// counts a footer row, which is one line.
    func scrollOffset(keeping selection: Int, visibleIn lines: Int, from offset: Int, rows: Int) -> Int {
        guard height != nil else {
            return ListView.scrollOffset(keeping: selection, visibleIn: lines, from: offset, rows: rows)
        }
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

    /// The row drawn on `line` of the list (0 is its first line) when the list shows rows
    /// from `offset`, or nil past the last of `rows`.
    func position(atLine line: Int, from offset: Int, rows: Int) -> Int? {
        guard height != nil else {
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
    func pageRows(from selection: Int, visibleIn lines: Int, rows: Int, forward: Bool) -> Int {
        guard height != nil else { return max(1, lines - 1) }
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
