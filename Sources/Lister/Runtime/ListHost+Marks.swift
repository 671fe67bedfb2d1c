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
        var seen = Set<S.Item.ID>()
        var ordered: [any Sendable] = []
        for id in markOrder where marks.contains(id) && seen.insert(id).inserted {
            if let item = byID[id] { ordered.append(item) }
        }
        return ordered
    }

    /// Tab: marks or unmarks the selected row and moves down (Shift-Tab, `forward`
    /// false: up). At the prompt's ``FilterPrompt/markLimit`` (`--multi=N`) a row is not
    /// marked and the selection stays, as in fzf.
    func toggleMark(forward: Bool = true) -> HostResponse {
        guard screen.pickMode == .multiple else { return .hint("Marking needs a screen that chooses several rows") }
        guard let item = model.selectedItem, isSelectionVisible else { return .handled(changed: false) }
        if marks.remove(item.id) == nil {
            if let limit = screen.filterPrompt?.markLimit, marks.count >= limit { return .handled(changed: false) }
            if marks.isEmpty { markOrder = [] }  // the ids unmarked since are dropped
            marks.insert(item.id)
            markOrder.append(item.id)
        }
        if filter.engine.isFiltering {
            _ = performFiltered(forward ? .down : .up)
        } else {
            model.move(by: forward ? 1 : -1)
        }
        return .handled(changed: true)
    }
}
