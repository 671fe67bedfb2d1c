import TerminalCore

/// Clicks on a plain, filtered or grouped list (rows of one line or several): what a
/// line hits is ``ListClickTarget``'s answer; the host selects it or retries a page.
extension ListHost: ClickableHost {
    /// Whether the list is drawn bottom-up (a prompt-first list in fzf's default layout).
    var listGrowsUpward: Bool { screen.filterPrompt?.growsUpward == true && filter.isActive }

    /// Selects the row drawn on `line` of the list area; the footer row retries a failed page.
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse) {
        self.now = now
        let context = self.context(now: now)
        let before = model.selection
        // A list that grows upward draws its first row shown on its bottom lines.
        let target = ListClickTarget.at(line: line, layout: context.rowLayout, height: drawnList?.list.height ?? pageHeight,
                                        upward: screen.filterPrompt?.growsUpward == true, filter: filter,
                                        sections: context.sections, scrollOffset: model.scrollOffset, count: model.count,
                                        isSelectable: { self.isSelectable($0) })
        switch target {
        case .nothing: return (nil, .handled(changed: false))
        case .footer: return clickFooter(now: now)
        case .row(let index): model.select(index)
        }
        return (model.selection, .handled(changed: before != model.selection))
    }

    private func clickFooter(now: Duration) -> (selectedRow: Int?, response: HostResponse) {
        guard case .failed = model.paging else { return (nil, .handled(changed: false)) }
        run(model.refresh(now: now))  // retries the failed page
        return (nil, .handled(changed: true))
    }
}
