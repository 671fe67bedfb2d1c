/// Rows that cannot take the selection (``ListScreen/isSelectable(_:)``: headings,
/// separators, notes): the moves step over them, clicks on them select nothing, the filter
/// never matches them, and a selection left on one by a load moves to the next row that
/// can take it.
extension ListHost {
    /// Whether the item at `index` can take the selection.
    func isSelectable(_ index: Int) -> Bool {
        screen.isSelectable(model.state.items[index])
    }

    /// The row nearest `index` that can take the selection, looking `forward` (down the
    /// list) first, then the other way; nil when no row can. Only the rows passed over are
    /// asked, so a list whose rows can all be selected asks about one.
    func selectableRow(near index: Int, forward: Bool) -> Int? {
        let count = model.count
        guard count > 0 else { return nil }
        let index = max(0, min(index, count - 1))
        if isSelectable(index) { return index }
        return selectable(from: index, step: forward ? 1 : -1) ?? selectable(from: index, step: forward ? -1 : 1)
    }

    private func selectable(from index: Int, step: Int) -> Int? {
        var row = index + step
        while row >= 0, row < model.count {
            if isSelectable(row) { return row }
            row += step
        }
        return nil
    }

    /// Moves a selection that rests on a row that cannot take it (the loaded rows begin
    /// with a heading, the selected row became a note) to the nearest that can, down first.
    /// Called as the host lays out, before every frame.
    func settleSelection() {
        guard model.count > 0, !isSelectable(model.selection),
              let row = selectableRow(near: model.selection, forward: true) else { return }
        model.select(row)
    }

    /// The text the filter searches for the item at each row: nothing for rows that cannot
    /// be selected, so that no query (but a negation) shows them.
    func filterStrings(of items: ItemList<S.Item>) -> FilterStrings {
        FilterStrings(items.map { screen.isSelectable($0) ? screen.filterText($0) : "" })
    }
}
