/// Rows of several lines in a sectioned list (``SectionedListScreen/rowHeight``): items take
/// the lines their view asks for, headers and state rows one; the sticky header takes a line
/// of its own above them (``ListView``), so they are laid out in one line less.
extension SectionsHost {
    /// The lines each drawn row takes; arithmetic (one line each) unless the screen says
    /// otherwise.
    var rowLayout: RowLayout {
        let height = screen.rowHeight
        if case .uniform(let lines) = height, lines <= 1 { return .singleLine }
        let rows = self.rows
        let models = self.models
        let screen = self.screen
        return RowLayout { position in
            guard position < rows.count, case .item(let section, let index, _) = rows[position] else { return 1 }
            switch height {
            case .uniform(let lines):
                return lines
            case .measured(let limit):
                let item = models[section].state.items[index]
                switch screen.row(item, context: RowContext(index: index, isSelected: false)).sizing {
                case .fixed(let lines): return min(max(1, lines), max(1, limit))
                case .flexible: return max(1, limit)
                }
            }
        }
    }

    /// The lines rows of several lines have in a list of `height` lines: one less, for the
    /// sticky header's own line (lists shorter than three lines have none).
    func tallRowLines(in height: Int) -> Int {
        height >= 3 ? height - 1 : height
    }

    /// The row drawn on `line` of a list of rows of several lines, nil on the sticky
    /// header's line or past the last row.
    func tallRow(atLine line: Int, height: Int, scrollOffset: Int) -> Int? {
        let sticky = height >= 3 && rows.stickySection(atOffset: scrollOffset) != nil
        if sticky, line == 0 { return nil }
        return rowLayout.position(atLine: sticky ? line - 1 : line, from: scrollOffset, rows: rows.count)
    }
}
