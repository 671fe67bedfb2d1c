import TerminalCore

/// Hosts a ``SectionedListScreen``: one ``ListModel`` per section (the same state machine
/// as every list), the drawn rows built from them, and a selection kept by identity while
/// sections load around it.
@MainActor
final class SectionsHost<S: SectionedListScreen>: ScreenHost, KeyedHost, ClickableHost, DrawingAheadHost, MessageReceiver {
    typealias Rows = SectionRows<S.Item.ID>
    /// What a section's load brings back (the section is the load's stream).
    enum Message: Sendable {
        case loaded(Result<ItemList<S.Item>, ListError>)
        /// A filter run off the main actor ended.
        case filtered(FilterOutcome)
    }

    let id: Int
    var screen: S
    private let sections: [ListSection<S.Item>]
    private(set) var models: [ListModel<S.Item>]
    unowned let scheduler: any LoadScheduler
    private(set) var rows = Rows([])
    /// The selected row, and what it shows (kept when rows move).
    private(set) var selectedRow: Int?
    private var anchor: Rows.Anchor?
    private var scrollOffset = 0
    /// The rows the list has: the body, less the filter line when it shows.
    private var height = 0
    var now: Duration = .zero
    /// The filter (`/`), as a plain list's: sections with no match disappear.
    var filter = ListFilter()
    /// Where each section's items lie in the rows the filter searches.
    var filterRows = SectionFilterRows()
    /// Set while ``syncFilter()`` runs, which rebuilds no rows itself.
    var isSyncingFilter = false
    /// The marked items of a multiple picker, by section and id.
    var marks = ListMarks<Rows.Anchor>()
    /// Columns of long rows scrolled out on the left (`<` and `>`, as in a plain list).
    private var horizontalOffset = 0
    /// Set while ``drawingAhead(_:)`` runs: loads are neither started nor cancelled.
    private var isDrawingAhead = false

    init(id: Int, screen: S, timing: LoadTiming, scheduler: any LoadScheduler) {
        self.id = id
        self.screen = screen
        self.scheduler = scheduler
        sections = screen.sections
        models = sections.map { _ in
            var model = ListModel<S.Item>(timing: timing)
            model.timeout = screen.timeout
            return model
        }
        rebuildRows()
    }

    var title: String { screen.title }
    var isPicker: Bool { screen.pickMode != .none }
    var isLoading: Bool { models.contains { $0.isLoadInFlight } }

    func appear(now: Duration) {
        self.now = now
        for section in models.indices { run(models[section].load(now: now), section: section) }
        rebuildRows()
    }

    func perform(_ command: Command, now: Duration) -> HostResponse {
        self.now = now
        let before = (selectedRow, scrollOffset)
        let current = selectedRow ?? 0
        let layout = rowLayout
        let page: (Bool) -> Int = { [rows, height] forward in
            layout.pageRows(from: current, visibleIn: height, rows: rows.count, forward: forward, stickyHeader: true)
        }
        if let move = Move(command, page: page) {
            select(rows.destination(of: move, from: current))
            keepSelectionVisible()
            return .handled(changed: before != (selectedRow, scrollOffset))
        }
        switch command {
        case .filter:
            openFilter()
            return .handled(changed: true)
        case .mark, .markUp:
            return toggleMark(forward: command == .mark)
        case .refresh:
            if let row = selectedRow, case .loading(let section) = rows[row] {
                run(models[section].refresh(now: now), section: section)  // this section only
            } else if let row = selectedRow, case .failed(let section) = rows[row] {
                run(models[section].refresh(now: now), section: section)
            } else {
                for section in models.indices where !models[section].state.isLoading {
                    run(models[section].refresh(now: now), section: section)
                }
            }
            rebuildRows()
            return .handled(changed: true)
        case .reload:
            for section in models.indices { run(models[section].load(now: now), section: section) }
            rebuildRows()
            return .handled(changed: true)
        case .scrollLeft, .scrollRight:
            let before = horizontalOffset
            horizontalOffset = Move.sideways(command, from: horizontalOffset)
            return .handled(changed: before != horizontalOffset)
        case .open, .drillIn:
            finishFilterNow()  // choose among the matches of the query as typed
            if screen.pickMode == .multiple, command == .open, !marks.isEmpty { return .pick(markedItems) }
            guard let row = selectedRow else { return .hint("Nothing to open") }
            guard case .item(let section, let index, _) = rows[row] else {
                return .hint(models[rows[row].section].state.error == nil ? "Still loading" : KeyHints.retry.map { "Press \($0) to retry this section" } ?? "This section failed")
            }
            let item = models[section].state.items[index]
            return response(to: command, on: item, pickMode: screen.pickMode) { screen.open(item) }
        default:
            return .handled(changed: false)
        }
    }

    func offers(_ command: Command) -> Bool {
        switch command {
        case .togglePreview, .previewUp, .previewDown, .previewPageUp, .previewPageDown, .previewTop, .previewBottom,
             .previewHalfPageUp, .previewHalfPageDown, .showPreview, .hidePreview: return false
        case .mark, .markUp: return screen.pickMode == .multiple
        case .open, .drillIn:
            var result: OpenResult?
            if let row = selectedRow, case .item(let section, let index, _) = rows[row] {
                result = screen.open(models[section].state.items[index])
            }
            return offersOpening(command, pickMode: screen.pickMode, result: result)
        default: return true
        }
    }

    /// A click selects the row under it: an item, or a section's loading or error row (a
    /// click on an error row also retries that section). Headers, the sticky header over the
    /// first line and empty sections' rows take no clicks.
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse) {
        self.now = now
        let sticky = rows.stickySection(atOffset: scrollOffset) != nil
        guard let row = rowLayout.position(atLine: line, from: scrollOffset, rows: rows.count, height: height, stickyHeader: sticky),
              rows[row].isSelectable
        else { return (nil, .handled(changed: false)) }
        let before = selectedRow
        select(row)
        if case .failed(let section) = rows[row] {
            run(models[section].refresh(now: now), section: section)
            rebuildRows()
            return (nil, .handled(changed: true))
        }
        keepSelectionVisible()
        return (row, .handled(changed: before != row))
    }

    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool {
        self.now = now
        if case .filtered(let outcome) = message {
            receiveFilter(outcome)
            return true
        }
        guard case .section(let section) = load.stream, models.indices.contains(section) else { return false }
        switch message {
        case .filtered: return false
        case .loaded(let result):
            guard models[section].receive(result, generation: load.generation, now: now) else { return false }
        }
        rebuildRows()
        return true
    }

    func advance(to now: Duration) -> Bool {
        self.now = now
        var changed = false
        for section in models.indices where !models[section].isSettled {
            let timedOut = models[section].timeOut(now: now)
            run(timedOut, section: section)
            if models[section].advance(to: now) || !timedOut.isEmpty { changed = true }
        }
        if changed { rebuildRows() }
        return changed
    }

    func nextDeadline(after now: Duration) -> Duration? {
        models.compactMap { $0.nextDeadline(after: now) }.min()
    }

    func layout(body: Rect) {
        height = listArea(in: body).height
        keepSelectionVisible()
    }

    /// The body less the filter line, when it shows.
    private func listArea(in body: Rect) -> Rect {
        guard isFilterLineShown, body.height > 1 else { return body }
        return Rect(row: body.top, column: body.left, rows: body.height - 1, columns: body.width)
    }

    func render(in body: Rect, buffer: inout Buffer, regions: RegionMap, now: Duration) {
        self.now = now
        let rows = self.rows
        let sticky = rows.stickySection(atOffset: scrollOffset).map { screen.sectionHeader(sections[$0].title) }
        var list = ListView(count: rows.count, selection: selectedRow, scrollOffset: scrollOffset, stickyHeader: sticky) { [self] row in
            view(of: rows[row], selected: row == selectedRow)
        }
        list.regions = regions
        list.horizontalOffset = horizontalOffset
        list.rowLayout = rowLayout
        let area = listArea(in: body)
        list.render(in: area, buffer: &buffer)
        if area.height < body.height {
            filter.line.render(prompt: "/", in: Rect(row: area.bottom, column: body.left, rows: 1, columns: body.width),
                              buffer: &buffer)
        }
    }

    /// Runs `body` (a move and its frame, drawn ahead) and puts the selection, the scroll
    /// and the time back; nil while any section loads, when a move could meet rows that
    /// are about to change.
    func drawingAhead<Result>(_ body: () -> Result) -> Result? {
        guard !isDrawingAhead, !isLoading, !filter.isEditing, models.allSatisfy(\.isSettled) else { return nil }
        let saved = (selectedRow: selectedRow, anchor: anchor, scrollOffset: scrollOffset, now: now)
        isDrawingAhead = true
        defer {
            (selectedRow, anchor, scrollOffset, now) = (saved.selectedRow, saved.anchor, saved.scrollOffset, saved.now)
            isDrawingAhead = false
        }
        return body()
    }

    func cancelAll() {
        for section in models.indices { run(models[section].cancel(), section: section) }
    }

    func status(now: Duration) -> StatusLine {
        var line = StatusLine(selected: nil, of: 0)
        if let row = selectedRow {
            let section = rows[row].section
            if case .item(_, let index, _) = rows[row] {
                line = StatusLine(selected: index, of: models[section].count)
                line.locate(sections[section].title)
            } else {
                line = StatusLine(position: sections[section].title)
            }
        }
        let loading = models.filter { $0.state.isLoading }.count
        let failed = models.filter { $0.state.error != nil }.count
        if loading > 0 { line.say("loading \(loading) section\(loading == 1 ? "" : "s")") }
        if failed > 0 { line.say("\(failed) section\(failed == 1 ? "" : "s") failed") }
        if models.contains(where: \.isRefreshing) { line.say(StatusLine.activityWord(.refreshing)) }
        sayFilterStatus(in: &line)
        line.marked(marks.count)
        return line
    }

    // MARK: - Rows and selection

    private func view(of row: Rows.Row, selected: Bool) -> any View {
        switch row {
        case .header(let section):
            return screen.sectionHeader(sections[section].title)
        case .item(let section, let index, let id):
            var row: any View = screen.row(models[section].state.items[index], context: RowContext(index: index, isSelected: selected))
            if !query.isEmpty, let text = row as? Text { row = text.highlightingMatches(of: query) }
            if screen.pickMode == .multiple { row = MarkedRow(isMarked: marks.contains(.item(section: section, id: id)), content: row) }
            return row
        case .loading(let section):
            let model = models[section]
            return screen.sectionLoadingRow(sections[section], frame: model.isSpinnerVisible ? model.spinnerFrame(at: now) : nil)
        case .failed(let section):
            return screen.sectionErrorRow(sections[section], error: models[section].state.error ?? ListError("failed"))
        case .empty(let section):
            return screen.sectionEmptyRow(sections[section])
        }
    }

    /// Rebuilds the rows from the sections' states and finds the selected row again: the
    /// same item or state row if it is still there, else the selectable row nearest to the
    /// place it had (the next match, when a filter hides the selected item).
    func rebuildRows() {
        syncFilter()
        let selected = selectedRow.flatMap { rows.count > $0 ? rows[$0] : nil }
        rows = Rows(models.indices.map(content(ofSection:)))
        if let anchor, let row = rows.row(of: anchor) {
            selectedRow = row
        } else if let selected {
            select(rows.nearestSelectable(toPlaceOf: selected))
        } else {
            select(rows.selectable(near: 0))
        }
        keepSelectionVisible()
    }

    func select(_ row: Int?) {
        selectedRow = row
        anchor = row.flatMap { rows[$0].anchor }
    }

    func keepSelectionVisible() {
        guard let row = selectedRow else {
            scrollOffset = max(0, min(scrollOffset, rows.count - height))
            return
        }
        scrollOffset = rowLayout.scrollOffset(keeping: row, visibleIn: height, from: scrollOffset, rows: rows.count, stickyHeader: true)
    }

    private func run(_ effects: [ListModel<S.Item>.Effect], section: Int) {
        guard !isDrawingAhead else { return }  // a move drawn ahead starts nothing
        for effect in effects {
            switch effect {
            case .startLoad(let generation), .loadPage(let generation, _):
                let load = sections[section].load
                let reply = Reply(to: self)
                scheduler.startLoad(LoadID(screen: id, stream: .section(section), generation: generation)) {
                    let result: Result<ItemList<S.Item>, ListError>
                    do {
                        let items = try await load()
                        try Task.checkCancellation()
                        result = .success(ItemList(items))
                    } catch {
                        result = .failure(ListError(error))
                    }
                    return reply(.loaded(result), summary: LoadSummary(result) { $0.count })
                }
            case .cancelLoad(let generation):
                scheduler.cancelLoad(LoadID(screen: id, stream: .section(section), generation: generation))
            }
        }
    }
}
