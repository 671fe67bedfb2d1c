/// Selecting a row for a handle (``ScreenHandle/select(_:)``).
extension ListHost: SelectingHost {
    func select(id: any Hashable & Sendable) -> Bool {
        guard let id = id as? S.Item.ID, let index = model.state.items.firstIndex(where: { $0.id == id }) else { return false }
        model.select(index)
        // A kept filter that hides the item is cleared, as Esc would: the item is shown.
        if !isSelectionVisible, screen.filterPrompt == nil {
            clearFilter()
            model.select(index)
        }
        noteSelectionMoved()
        return true
    }
}
