extension ListModel {
    /// The selected item, if any.
    public var selectedItem: Item? {
        let items = state.items
        return items.indices.contains(selection) ? items[selection] : nil
    }

    /// Selects row `index`, clamped to the rows.
    public mutating func select(_ index: Int) {
        selection = max(0, min(index, count - 1))
        pendingSelectionID = nil  // the user chose: an item still to come is no longer wanted
        markSelectedIDStale()
    }

    /// Moves the selection by `delta` rows, clamped.
    public mutating func move(by delta: Int) { select(selection + delta) }

    /// Keeps the selected row visible in `height` rows; call on layout. The height is also
    /// the default prefetch distance.
    public mutating func layout(height: Int, footerRows: Int = 0) {
        layout(height: height, footerRows: footerRows, rowLayout: .singleLine)
    }

    /// As ``layout(height:footerRows:)``, for rows that take the lines `rowLayout` says.
    mutating func layout(height: Int, footerRows: Int, rowLayout: RowLayout) {
        viewportHeight = height
        let rows = count + footerRows
        scrollOffset = rowLayout.scrollOffset(keeping: selection, visibleIn: height, from: scrollOffset, rows: rows)
        if footerRows > 0, selection == count - 1, height >= rowLayout.lines(of: selection) + 1 {
            // On the last row, the footer ("Loading more…", "End of list") comes into view too.
            scrollOffset = rowLayout.scrollOffset(keeping: count, visibleIn: height, from: scrollOffset, rows: rows)
        }
    }

    /// Keeps the selected row visible when rows are drawn with section headers between
    /// them: `rows` counts every drawn row (headers and footer too) and `selectedRow` is
    /// where the selection is drawn. With `stickyHeader`, the first line shows the header
    /// of the section scrolled under it, so the selection stays below that line.
    public mutating func layout(height: Int, rows: Int, selectedRow: Int, stickyHeader: Bool) {
        viewportHeight = height
        scrollOffset = ListView.scrollOffset(keeping: selectedRow, visibleIn: height, from: scrollOffset, rows: rows, stickyHeader: stickyHeader)
        if selectedRow == rows - 2, selection == count - 1, height >= 3 {
            // On the last row, the footer row below it comes into view too.
            scrollOffset = ListView.scrollOffset(keeping: rows - 1, visibleIn: height, from: scrollOffset, rows: rows, stickyHeader: stickyHeader)
        }
    }

    /// As ``layout(height:rows:selectedRow:stickyHeader:)`` with a sticky header, for rows
    /// that take the lines `rowLayout` says (by drawn row).
    mutating func layout(height: Int, rows: Int, selectedRow: Int, rowLayout: RowLayout) {
        viewportHeight = height
        scrollOffset = rowLayout.scrollOffset(keeping: selectedRow, visibleIn: height, from: scrollOffset, rows: rows,
                                              stickyHeader: true)
        if selectedRow == rows - 2, selection == count - 1,
           rowLayout.fits(2, rowsFrom: selectedRow, in: height, stickyHeader: true) {
            // On the last row, the footer row below it comes into view too.
            scrollOffset = rowLayout.scrollOffset(keeping: rows - 1, visibleIn: height, from: scrollOffset, rows: rows,
                                                  stickyHeader: true)
        }
    }

    mutating func rememberSelection() {
        selection = max(0, min(selection, count - 1))
        selectedID = selectedItem?.id
    }

    /// After new items arrive: the same item stays selected if it is still there, else the
    /// nearest position. With `more` (a stream's first rows), an item not there yet is
    /// looked for in the rows still to come.
    mutating func restoreSelection(in items: ItemList<Item>, more: Bool = false) {
        if let id = selectedID {
            if items.indices.contains(selection), items[selection].id == id {
                // Same place: the common case, found without a search.
            } else if let index = items.firstIndex(where: { $0.id == id }) {
                selection = index
            } else if more {
                pendingSelectionID = id
            }
        }
        rememberSelection()
    }

    /// The same rows in another order (a table sorted): `selection` is where the selected
    /// item went. Every row is drawn again and a filter looks at every row again.
    mutating func reorder(_ items: ItemList<Item>, selection: Int) {
        state = ListState(from: items)
        revision += 1
        replacedRevision = revision
        self.selection = selection
        rememberSelection()
    }
}
