import TerminalCore

/// Marks of a multiple picker (Tab) on a plain list: the marks are a ``ListMarks`` value,
/// which marks, unmarks and reads them; the host says which rows (the selected one, the
/// rows shown) and moves the selection after Tab.
extension ListHost {
    /// The marked items: in list order, or on a prompt-first screen in the order they
    /// were marked (as fzf prints them).
    var markedItems: [any Sendable] {
        marks.marked(in: model.state.items, inMarkedOrder: screen.filterPrompt != nil)
    }

    /// Tab: marks or unmarks the selected row and moves down (Shift-Tab, `forward`
    /// false: up), round to the other end on a prompt that cycles (`--cycle`). At the
    /// prompt's ``FilterPrompt/markLimit`` (`--multi=N`) a row is not marked and the
    /// selection stays, as in fzf.
    func toggleMark(forward: Bool = true) -> HostResponse {
        if let refusal = ListMarks<S.Item.ID>.refusal(pickMode: screen.pickMode) { return refusal }
        guard let item = model.selectedItem, isSelectionVisible else { return .handled(changed: false) }
        guard marks.toggle(item.id, limit: markLimit) else { return .handled(changed: false) }
        let move: Command = forward ? .down : .up
        if performCycling(move) == nil {  // under `--cycle` an end wraps round, as fzf's Tab does
            if filter.engine.isFiltering {
                _ = performFiltered(move)
            } else {
                model.move(by: forward ? 1 : -1)
            }
        }
        return .handled(changed: true)
    }

    /// Marks, unmarks or swaps the marks of every row shown: every match while filtering.
    func markAll(_ command: Command) -> HostResponse {
        guard screen.pickMode == .multiple else { return .handled(changed: false) }  // fzf ignores them without --multi
        syncFilter()
        let items = model.state.items
        let change: MarkChange = command == .markAll ? .mark : command == .unmarkAll ? .unmark : .toggle
        let shown = filter.rowsShown(count: items.count).lazy.filter { $0 < items.count }.map { items[$0].id }
        return .handled(changed: marks.apply(change, toAll: shown, limit: markLimit))
    }

    /// Marks, unmarks or toggles the selected row, staying on it.
    func markSelected(_ change: MarkChange) -> HostResponse {
        guard screen.pickMode == .multiple, let item = model.selectedItem, isSelectionVisible else { return .handled(changed: false) }
        return .handled(changed: marks.apply(change, to: item.id, limit: markLimit))
    }

    /// The most rows that can be marked: the prompt's ``FilterPrompt/markLimit``
    /// (`--multi=N`), as in fzf; nil: no limit.
    private var markLimit: Int? { screen.filterPrompt?.markLimit }
}
