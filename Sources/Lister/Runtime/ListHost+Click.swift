import TerminalCore

/// Clicks on a plain, filtered or grouped list (rows of one line or several).
extension ListHost: ClickableHost {
    /// Whether the list is drawn bottom-up (a prompt-first list in fzf's default layout).
    var listGrowsUpward: Bool { screen.filterPrompt?.growsUpward == true && filter.isActive }

    /// Selects the row drawn on `line` of the list area; the footer row retries a failed page.
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse) {
        self.now = now
        let context = self.context(now: now)
        let layout = context.rowLayout
        let height = drawnList?.list.height ?? pageHeight
        // A list that grows upward draws its first row shown on its bottom lines.
        let upward = screen.filterPrompt?.growsUpward == true
        let before = model.selection
        if filter.isActive {
            let count = filter.engine.visibleCount
            guard let position = layout.position(atLine: line, from: filter.scrollOffset, rows: count + 1,
                                                 height: height, upward: upward),
                  position < count
            else { return clickFooter(now: now) }
            model.select(filter.engine.row(atVisible: position))
        } else if let sections = context.sections, model.count > 0 {
            // The sticky header's line takes no clicks.
            let sticky = sections.stickySection(atOffset: model.scrollOffset) != nil
            if sticky, line == 0, layout.stickyHeaderPlacement(in: height) != .none { return (nil, .handled(changed: false)) }
            let drawn = layout.position(atLine: line, from: model.scrollOffset, rows: sections.rowCount + 1, height: height,
                                        stickyHeader: sticky, upward: upward && !sticky) ?? sections.rowCount + 1
            guard drawn < sections.rowCount else { return clickFooter(now: now) }
            guard case .item(let index) = sections.entry(atRow: drawn), isSelectable(index) else {
                return (nil, .handled(changed: false))
            }
            model.select(index)
        } else {
            let rows = model.count
            guard let index = layout.position(atLine: line, from: model.scrollOffset, rows: rows + 1,
                                              height: height, upward: upward),
                  index < rows
            else { return clickFooter(now: now) }
            guard isSelectable(index) else { return (nil, .handled(changed: false)) }
            model.select(index)
        }
        return (model.selection, .handled(changed: before != model.selection))
    }

    private func clickFooter(now: Duration) -> (selectedRow: Int?, response: HostResponse) {
        guard case .failed = model.paging else { return (nil, .handled(changed: false)) }
        run(model.refresh(now: now))  // retries the failed page
        return (nil, .handled(changed: true))
    }
}
