import TerminalCore

/// Marks of a multiple picker (Tab) on a plain list.
extension ListHost {
    /// The marked items, in list order.
    var markedItems: [any Sendable] {
        model.state.items.filter { marks.contains($0.id) }
    }

    /// Tab: marks or unmarks the selected row and moves down.
    func toggleMark() -> HostResponse {
        guard screen.pickMode == .multiple else { return .hint("Marking needs a screen that chooses several rows") }
        guard let item = model.selectedItem, isSelectionVisible else { return .handled(changed: false) }
        if marks.remove(item.id) == nil { marks.insert(item.id) }
        if filter.engine.isFiltering {
            _ = performFiltered(.down)
        } else {
            model.move(by: 1)
        }
        return .handled(changed: true)
    }

    /// Marks, unmarks or swaps the marks of every row shown: every match while filtering.
    func markAll(_ command: Command) -> HostResponse {
        guard screen.pickMode == .multiple else { return .handled(changed: false) }  // fzf ignores them without --multi
        syncFilter()
        let engine = filter.engine
        let items = model.state.items
        let before = marks
        for position in 0..<(engine.isFiltering ? engine.visibleCount : items.count) {
            let row = engine.isFiltering ? engine.row(atVisible: position) : position
            guard row < items.count else { continue }
            let id = items[row].id
            switch command {
            case .markAll: marks.insert(id)
            case .unmarkAll: marks.remove(id)
            default: if marks.remove(id) == nil { marks.insert(id) }
            }
        }
        return .handled(changed: before != marks)
    }

    /// Marks, unmarks or toggles the selected row, staying on it.
    func markSelected(_ change: MarkChange) -> HostResponse {
        guard screen.pickMode == .multiple, let item = model.selectedItem, isSelectionVisible else { return .handled(changed: false) }
        let before = marks
        switch change {
        case .mark: marks.insert(item.id)
        case .unmark: marks.remove(item.id)
        case .toggle: if marks.remove(item.id) == nil { marks.insert(item.id) }
        }
        return .handled(changed: before != marks)
    }
}
