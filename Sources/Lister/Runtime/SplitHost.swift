import TerminalCore

/// Hosts a ``SplitScreen``: a host per pane, each with its own id, so each pane's loads,
/// state and regions are its own. Keys, commands, clicks and the status go to the focused
/// pane; time, layout and drawing to every pane.
///
/// The runtime asks for it by class (`as? SplitHost`, no protocol conformance looked up)
/// where a split differs from a screen of one pane: a click focuses the pane under it,
/// and a load or a handle of a pane's id belongs to the split on the stack.
@MainActor
final class SplitHost: ScreenHost {
    let id: Int
    let screen: SplitScreen
    /// The panes' entries (each host with the roles it plays), in the order of the
    /// screen's panes; never empty.
    let panes: [StackEntry]
    /// The index of the pane that has the focus.
    private(set) var focus: Int

    init(id: Int, screen: SplitScreen, panes: [StackEntry]) {
        precondition(!panes.isEmpty, "A SplitScreen needs at least one pane")
        self.id = id
        self.screen = screen
        self.panes = panes
        focus = min(max(0, screen.focus), panes.count - 1)
    }

    private var focused: StackEntry { panes[focus] }

    var title: String { screen.title }
    var isPicker: Bool { focused.host.isPicker }
    var isLoading: Bool { panes.contains { $0.host.isLoading } }

    /// Whether the pane with screen id `id` is one of this split's.
    func hasPane(_ id: Int) -> Bool { panes.contains { $0.host.id == id } }

    /// The entry of the pane whose screen id is `id`, if it is one of this split's.
    func pane(withID id: Int) -> StackEntry? { panes.first { $0.host.id == id } }

    /// Gives the focus to pane `index`; false when it had it (or there is no such pane).
    @discardableResult
    func focus(pane index: Int) -> Bool {
        guard panes.indices.contains(index), index != focus else { return false }
        focus = index
        return true
    }

    // MARK: - Every pane

    func appear(now: Duration) {
        for pane in panes { pane.host.appear(now: now) }
    }

    func advance(to now: Duration) -> Bool {
        var changed = false
        for pane in panes where pane.host.advance(to: now) { changed = true }
        return changed
    }

    func nextDeadline(after now: Duration) -> Duration? {
        panes.compactMap { $0.host.nextDeadline(after: now) }.min()
    }

    func cancelAll() {
        for pane in panes { pane.host.cancelAll() }
    }

    // MARK: - The focused pane

    func perform(_ command: Command, now: Duration) -> HostResponse { focused.host.perform(command, now: now) }
    func status(now: Duration) -> StatusLine { focused.host.status(now: now) }

    // MARK: - Layout and drawing

    func layout(body: Rect) {
        let areas = SplitAreas(screen, panes: panes.count, in: body)
        for (index, pane) in panes.enumerated() { pane.host.layout(body: areas.panes[index].body) }
    }

    func render(in body: Rect, buffer: inout Buffer, regions: RegionMap, now: Duration) {
        let areas = SplitAreas(screen, panes: panes.count, in: body)
        for (index, pane) in panes.enumerated() {
            let area = areas.panes[index]
            regions.pane = index
            regions.record(.pane, area.whole)  // first: the pane's own regions lie over it
            if let titleLine = area.title {
                let isFocused = index == focus
                let title = Text((isFocused ? "▸ " : "  ") + pane.host.title)
                (isFocused ? title.bold() : title.dim()).render(in: titleLine, buffer: &buffer)
            }
            pane.host.render(in: area.body, buffer: &buffer, regions: regions, now: now)
        }
        regions.pane = 0
        for divider in areas.dividers { drawDivider(in: divider, buffer: &buffer) }
    }

    private func drawDivider(in rect: Rect, buffer: inout Buffer) {
        for row in rect.top..<rect.bottom {
            buffer.write("│", at: Point(row: row, column: rect.left), maxWidth: 1, style: .dim)
        }
    }
}

/// Keys: Tab and Shift-Tab move the focus, unless the focused pane takes them (typing
/// into its filter, an action of its own); every other key goes to the focused pane, and
/// what a pane without keys of its own lacks is what the runtime does without them.
extension SplitHost: KeyedHost {
    /// Which way `key` moves the focus: Tab to the next pane, Shift-Tab to the previous
    /// one; nil for other keys.
    private func focusStep(for key: Key) -> Int? {
        switch key {
        case .tab: return 1
        case .backTab: return -1
        default: return nil
        }
    }

    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse? {
        if focused.keys?.takesKey(key) != true, let step = focusStep(for: key) {
            focus = (focus + step + panes.count) % panes.count
            return .handled(changed: panes.count > 1)
        }
        return focused.keys?.handleOwnKey(key, now: now)
    }

    func takesKey(_ key: Key) -> Bool { focusStep(for: key) != nil || focused.keys?.takesKey(key) == true }
    func closeLayer() -> Bool { focused.keys?.closeLayer() ?? false }
    func offers(_ command: Command) -> Bool { focused.keys?.offers(command) ?? true }

    var actionHelp: [(keys: String, help: String)] {
        [(keys: "Tab Shift-Tab", help: "Focus another pane")] + (focused.keys?.actionHelp ?? [])
    }
}

/// Clicks go to the focused pane (the runtime gives the focus to the pane under a click
/// first); each pane takes where its own list was drawn.
extension SplitHost: ClickableHost {
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse) {
        focused.clicks?.click(line: line, now: now) ?? (nil, .handled(changed: false))
    }

    var listGrowsUpward: Bool { focused.clicks?.listGrowsUpward ?? false }

    func listDrawn(_ regions: RegionMap, body: Rect) -> Bool {
        let areas = SplitAreas(screen, panes: panes.count, in: body)
        var again = false
        for (index, pane) in panes.enumerated() {
            regions.pane = index
            if pane.clicks?.listDrawn(regions, body: areas.panes[index].body) == true { again = true }
        }
        regions.pane = 0
        return again
    }
}

extension SplitHost: TableHost {
    func clickHeader(x: Int, now: Duration) -> HostResponse {
        focused.table?.clickHeader(x: x, now: now) ?? .handled(changed: false)
    }

    func scrollsColumnsBack() -> Bool { focused.table?.scrollsColumnsBack() ?? false }
}

/// A frame drawn ahead draws every pane, so it is drawn only when each pane can promise
/// to be put back.
extension SplitHost: DrawingAheadHost {
    func drawingAhead<Result>(_ body: () -> Result) -> Result? {
        drawingAhead(from: 0, body)
    }

    private func drawingAhead<Result>(from index: Int, _ body: () -> Result) -> Result? {
        guard index < panes.count else { return body() }
        guard let pane = panes[index].drawingAhead else { return nil }
        return pane.drawingAhead { drawingAhead(from: index + 1, body) } ?? nil
    }
}

extension SplitHost: RowReusingHost {
    /// Whether the panes' frames reuse rows (tests turn it off in every pane).
    var reusesRows: Bool {
        get { panes.allSatisfy { $0.rows?.reusesRows ?? true } }
        set { for pane in panes { pane.rows?.reusesRows = newValue } }
    }

    func forgetDrawnRows() {
        for pane in panes { pane.rows?.forgetDrawnRows() }
    }
}
