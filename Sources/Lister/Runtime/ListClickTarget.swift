/// What a click on a line of a list's area hits: an item's row, the footer (the line
/// after the last row, where a failed page is retried), or nothing (the line a sticky
/// header covers, a row that cannot be selected). Worked out from where the rows were
/// drawn; the host selects the row or retries the page.
enum ListClickTarget: Equatable {
    /// The item at this index of the model's rows.
    case row(Int)
    /// The line after the last row.
    case footer
    /// Nothing that takes a click.
    case nothing

    /// The target of `line` in a list `height` lines high whose rows `layout` places,
    /// drawn from the bottom when `upward`. While filtering (`filter` active) the rows are
    /// its matches from its scroll offset; else a grouped list's drawn rows
    /// (`sections`: headers count), else the model's `count` rows, from `scrollOffset`.
    @MainActor
    static func at(line: Int, layout: RowLayout, height: Int, upward: Bool, filter: ListFilter,
                   sections: SectionIndex?, scrollOffset: Int, count: Int,
                   isSelectable: (Int) -> Bool) -> ListClickTarget {
        if filter.isActive {
            let shown = filter.engine.visibleCount
            guard let position = layout.position(atLine: line, from: filter.scrollOffset, rows: shown + 1,
                                                 height: height, upward: upward),
                  position < shown
            else { return .footer }
            return .row(filter.engine.row(atVisible: position))  // the filter matches no row that cannot be selected
        }
        if let sections, count > 0 {
            // The sticky header's line takes no clicks.
            let sticky = sections.stickySection(atOffset: scrollOffset) != nil
            if sticky, line == 0, layout.stickyHeaderPlacement(in: height) != .none { return .nothing }
            let drawn = layout.position(atLine: line, from: scrollOffset, rows: sections.rowCount + 1, height: height,
                                        stickyHeader: sticky, upward: upward && !sticky) ?? sections.rowCount + 1
            guard drawn < sections.rowCount else { return .footer }
            guard case .item(let index) = sections.entry(atRow: drawn), isSelectable(index) else { return .nothing }
            return .row(index)
        }
        guard let index = layout.position(atLine: line, from: scrollOffset, rows: count + 1, height: height, upward: upward),
              index < count
        else { return .footer }
        return isSelectable(index) ? .row(index) : .nothing
    }
}
