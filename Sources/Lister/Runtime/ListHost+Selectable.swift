/// Rows that cannot take the selection (``ListScreen/isSelectable(_:)``: headings,
/// separators, notes): the moves step over them (``RowNavigation``), clicks on them select
/// nothing, the filter never matches them, and a selection left on one by a load moves to
/// the next row that can take it.
extension ListHost {
    /// Whether the item at `index` can take the selection.
    func isSelectable(_ index: Int) -> Bool {
        screen.isSelectable(model.state.items[index])
    }

    /// Moves a selection that rests on a row that cannot take it (the loaded rows begin
    /// with a heading, the selected row became a note) to the nearest that can, down first.
    /// Called as the host lays out, before every frame.
    func settleSelection() {
        guard model.count > 0, !isSelectable(model.selection),
              let row = RowNavigation.selectable(near: model.selection, forward: true, count: model.count,
                                                 isSelectable: { self.isSelectable($0) }) else { return }
        model.select(row)
    }

    /// The text the filter searches for the item at each row: nothing for rows that cannot
    /// be selected, so that no query (but a negation) shows them.
    func filterStrings(of items: ItemList<S.Item>) -> FilterStrings {
        FilterStrings(items.map { screen.isSelectable($0) ? screen.filterText($0) : "" })
    }
}
