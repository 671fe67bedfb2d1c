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
}
