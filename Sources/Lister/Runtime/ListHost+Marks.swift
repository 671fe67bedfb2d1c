import TerminalCore

/// Marks of a multiple picker (Tab) on a plain list.
extension ListHost {
    /// The marked items: in list order, or on a prompt-first screen in the order they
    /// were marked (as fzf prints them).
    var markedItems: [any Sendable] {
        let marked = model.state.items.filter { marks.contains($0.id) }
        guard screen.filterPrompt != nil else { return marked }
        var byID: [S.Item.ID: S.Item] = [:]
        for item in marked { byID[item.id] = item }
        return marks.inMarkedOrder.compactMap { byID[$0] }
    }

    /// Up on the first row goes to the last, and Down on the last to the first, on a prompt
    /// that cycles (fzf's `--cycle`); nil for every other move.
    func performCycling(_ command: Command) -> HostResponse? {
        guard screen.filterPrompt?.cycles == true, command == .up || command == .down else { return nil }
        let engine = filter.engine
        let count = engine.isFiltering ? engine.visibleCount : model.count
        guard count > 1 else { return nil }
        let position = engine.isFiltering ? engine.visiblePosition(ofRow: model.selection) : model.selection
        let target: Int
        switch (command, position) {
        case (.down, count - 1): target = 0
        case (.up, 0): target = count - 1
        default: return nil
        }
        model.select(engine.isFiltering ? engine.row(atVisible: target) : target)
        noteSelectionMoved()
        return .handled(changed: true)
    }

    /// Tab: marks or unmarks the selected row and moves down (Shift-Tab, `forward`
    /// false: up). At the prompt's ``FilterPrompt/markLimit`` (`--multi=N`) a row is not
    /// marked and the selection stays, as in fzf.
    func toggleMark(forward: Bool = true) -> HostResponse {
        if let refusal = ListMarks<S.Item.ID>.refusal(pickMode: screen.pickMode) { return refusal }
        guard let item = model.selectedItem, isSelectionVisible else { return .handled(changed: false) }
        guard marks.toggle(item.id, limit: markLimit) else { return .handled(changed: false) }
        if filter.engine.isFiltering {
            _ = performFiltered(forward ? .down : .up)
        } else {
            model.move(by: forward ? 1 : -1)
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
            case .markAll: marks.mark(id, limit: markLimit)
            case .unmarkAll: marks.remove(id)
            default: marks.toggle(id, limit: markLimit)
            }
        }
        return .handled(changed: before != marks)
    }

    /// Marks, unmarks or toggles the selected row, staying on it.
    func markSelected(_ change: MarkChange) -> HostResponse {
        guard screen.pickMode == .multiple, let item = model.selectedItem, isSelectionVisible else { return .handled(changed: false) }
        let before = marks
        switch change {
        case .mark: marks.mark(item.id, limit: markLimit)
        case .unmark: marks.remove(item.id)
        case .toggle: marks.toggle(item.id, limit: markLimit)
        }
        return .handled(changed: before != marks)
    }

    /// The most rows that can be marked: the prompt's ``FilterPrompt/markLimit``
    /// (`--multi=N`), as in fzf; nil: no limit.
    private var markLimit: Int? { screen.filterPrompt?.markLimit }
}
