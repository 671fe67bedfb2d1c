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
    /// The panes' hosts, in the order of the screen's panes (never empty).
    let panes: [any ScreenHost]
    /// The index of the pane that has the focus.
    private(set) var focus: Int

    init(id: Int, screen: SplitScreen, panes: [any ScreenHost]) {
        precondition(!panes.isEmpty, "A SplitScreen needs at least one pane")
        self.id = id
        self.screen = screen
        self.panes = panes
        focus = min(max(0, screen.focus), panes.count - 1)
    }

    private var focused: any ScreenHost { panes[focus] }

    var title: String { screen.title }
    var chrome: ScreenChrome { screen.chrome }
    var isPicker: Bool { focused.isPicker }
    var listGrowsUpward: Bool { focused.listGrowsUpward }
    var filterSourceDescription: String? { focused.filterSourceDescription }
    var pageHeight: Int { focused.pageHeight }
    var isLoading: Bool { panes.contains { $0.isLoading } }

    /// Whether the pane with screen id `id` is one of this split's.
    func hasPane(_ id: Int) -> Bool { panes.contains { $0.id == id } }

    /// The pane whose screen id is `id`, if it is one of this split's.
    func pane(withID id: Int) -> (any ScreenHost)? { panes.first { $0.id == id } }

    // MARK: - Focus

    /// Gives the focus to pane `index`; false when it had it (or there is no such pane).
    @discardableResult
    func focus(pane index: Int) -> Bool {
        guard panes.indices.contains(index), index != focus else { return false }
        focus = index
        return true
    }

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
        // A pane typing into a line (its filter) or with an action on the key keeps it.
        if !focused.takesKey(key), let step = focusStep(for: key) {
            focus = (focus + step + panes.count) % panes.count
            return .handled(changed: panes.count > 1)
        }
        return focused.handleOwnKey(key, now: now)
    }

    func takesKey(_ key: Key) -> Bool { focusStep(for: key) != nil || focused.takesKey(key) }

    var actionHelp: [(keys: String, help: String)] {
        [(keys: "Tab Shift-Tab", help: "Focus the next or previous pane")] + focused.actionHelp
    }

    // MARK: - Every pane

    func appear(now: Duration) {
        for pane in panes { pane.appear(now: now) }
    }

    func advance(to now: Duration) -> Bool {
        var changed = false
        for pane in panes where pane.advance(to: now) { changed = true }
        return changed
    }

    func nextDeadline(after now: Duration) -> Duration? {
        panes.compactMap { $0.nextDeadline(after: now) }.min()
    }

    func cancelAll() {
        for pane in panes { pane.cancelAll() }
    }

    func forgetDrawnRows() {
        for pane in panes { pane.forgetDrawnRows() }
    }

    /// Draws ahead only when every pane can promise to be put back: a frame drawn ahead
    /// draws them all.
    func speculating<Result>(_ body: () -> Result) -> Result? {
        speculating(from: 0, body)
    }

    private func speculating<Result>(from index: Int, _ body: () -> Result) -> Result? {
        guard index < panes.count else { return body() }
        return panes[index].speculating { speculating(from: index + 1, body) } ?? nil
    }

    // MARK: - The focused pane

    func perform(_ command: Command, now: Duration) -> HostResponse { focused.perform(command, now: now) }
    func closeLayer() -> Bool { focused.closeLayer() }
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse) { focused.click(line: line, now: now) }
    func clickHeader(x: Int, now: Duration) -> HostResponse { focused.clickHeader(x: x, now: now) }
    func scrollsColumnsBack() -> Bool { focused.scrollsColumnsBack() }
    func offers(_ command: Command) -> Bool { focused.offers(command) }
    func status(now: Duration) -> StatusLine { focused.status(now: now) }

    // MARK: - Layout and drawing

    func layout(body: Rect) {
        let areas = SplitAreas(screen, panes: panes.count, in: body)
        for (index, pane) in panes.enumerated() { pane.layout(body: areas.panes[index].body) }
    }

    func render(in body: Rect, buffer: inout Buffer, regions: RegionMap, now: Duration) {
        let areas = SplitAreas(screen, panes: panes.count, in: body)
        for (index, pane) in panes.enumerated() {
            let area = areas.panes[index]
            regions.pane = index
            regions.record(.pane, area.whole)  // first: the pane's own regions lie over it
            if let titleLine = area.title {
                let isFocused = index == focus
                let title = Text((isFocused ? "▸ " : "  ") + pane.title)
                (isFocused ? title.bold() : title.dim()).render(in: titleLine, buffer: &buffer)
            }
            pane.render(in: area.body, buffer: &buffer, regions: regions, now: now)
        }
        regions.pane = 0
        for divider in areas.dividers { drawDivider(in: divider, buffer: &buffer) }
    }

    func listDrawn(_ regions: RegionMap, body: Rect) -> Bool {
        let areas = SplitAreas(screen, panes: panes.count, in: body)
        var again = false
        for (index, pane) in panes.enumerated() {
            regions.pane = index
            if pane.listDrawn(regions, body: areas.panes[index].body) { again = true }
        }
        regions.pane = 0
        return again
    }

    private func drawDivider(in rect: Rect, buffer: inout Buffer) {
        for row in rect.top..<rect.bottom {
            buffer.write("│", at: Point(row: row, column: rect.left), maxWidth: 1, style: .dim)
        }
    }
}
