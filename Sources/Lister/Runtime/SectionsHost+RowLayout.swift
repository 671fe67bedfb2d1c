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
}
