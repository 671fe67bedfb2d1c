import TerminalCore

/// Hosts a ``ListScreen`` (paged and grouped ones too): owns its ``ListModel``, runs its
/// loads, draws its body.
@MainActor
final class ListHost<S: ListScreen>: ScreenHost, MessageReceiver {
    /// What this host's loads bring back.
    enum Message: Sendable {
        /// The whole list (a one-shot load).
        case loaded(Result<ItemList<S.Item>, ListError>)
        /// A page of a paged list: the first one or a later one.
        case page(Result<Page<S.Item, NextPage<S.Item>>, ListError>)
        /// The rows a streaming load has brought so far.
        case progress(ItemList<S.Item>)
        /// A filter run off the main actor ended.
        case filtered(FilterOutcome)
        /// The feed of a live list sent changes or ended.
        case live(LiveMessage)
        /// A table's sort off the main actor ended: the order, or nil when it stopped.
        case sorted(generation: Int, permutation: [Int32]?)
    }

    let id: Int
    /// The screen; a ``ScreenAction`` may replace it.
    private(set) var screen: S {
        didSet { screenRevision += 1 }
    }
    /// Counts replacements of ``screen``: rows drawn from the old one are not reused.
    private(set) var screenRevision = 0
    /// The rows drawn in the last frame, reused by the screen's default body.
    let rowCache = RowCache()
    /// Whether frames reuse rows of the last one (tests turn it off to compare).
    var reusesRows = true
    var model: ListModel<S.Item>
    unowned let scheduler: any LoadScheduler
    /// The filter (`/`): its line, engine and scroll.
    var filter = ListFilter()
    /// The marked items of a multiple picker, and the order they were marked in (a
    /// prompt-first screen returns its marks in that order).
    var marks = ListMarks<S.Item.ID>()
    /// While a chain of commands runs (fzf's `a+b`), the changes of the query and rows
    /// left to its end (``ListHost+Chain.swift``).
    var chain: ChainState<S>?
    /// What the picker's events (``FilterPrompt/eventCommands``) last saw.
    var eventTracker = PromptEventTracker()
    /// Columns of long rows scrolled out on the left.
    var horizontalOffset = 0
    /// The loads of the rows: the whole list, or a paged screen's pages.
    private(set) var listLoads: ListLoads<S>
    /// The sections of a ``GroupedListScreen``, worked out once per change of the rows.
    private var sectionCache: (revision: Int, sections: SectionIndex?)?
    /// The latest time the runtime has given this host (it advances every host before each
    /// draw), for loads that layout starts.
    var now: Duration = .zero
    /// Set while ``drawingAhead(_:)`` runs: effects are dropped with the state they came from.
    private(set) var isDrawingAhead = false
    /// Where the list was drawn in the last frame, and the room its body had then: a body
    /// with lines around its list (or a pane beside it) gives the list less than the body.
    private(set) var drawnList: (body: Rect, list: Rect)?
    /// The rows of the list as last laid out.
    private(set) var pageHeight = 0
    /// The preview pane: shown or not, its loads, its scroll.
    var preview: PreviewHostState
    /// The size of the preview pane's text in the last frame, for ``context(now:)``: kept
    /// apart from `preview`, whose mutating work calls back for a context (reading
    /// `preview` there was an overlapping access).
    private var previewSize: Size?
    /// The feed of a ``LiveListScreen``; nil for other screens.
    var live: LiveHostState<S.Item>?
    /// The sort and sideways scroll of a ``TableScreen``.
    var table = TableHostState<S.Item>()

    init(id: Int, screen: S, timing: LoadTiming, scheduler: any LoadScheduler,
         previewPreference: PreviewPreference = PreviewPreference()) {
        self.id = id
        self.screen = screen
        self.scheduler = scheduler
        listLoads = ListLoads(screen: screen)
        preview = PreviewHostState(contents: ContentRegistry(screen: id, timing: timing, scheduler: scheduler),
                                   preference: previewPreference, placement: screen.previewPlacement)
        if let initial = screen.initialItems {
            model = ListModel(items: ItemList(initial), timing: timing)
        } else {
            model = ListModel(timing: timing)
        }
        model.timeout = screen.timeout
        live = LiveFeed.of(screen).map(LiveHostState.init)
        if let sort = screen.asTable?.sort {
            // A table whose load comes in an order (`lister sqlite --sort`): the header
            // says so from the first frame, `s` and `S` go on from it, and the load is
            // said as the sort it is.
            table = TableHostState(sort: sort, sortsAtSource: true, sortingAtSource: true)
        }
        if let paged = screen.asPaged { model.prefetchDistance = paged.prefetchDistance }
    }

    var title: String { screen.title }
    var isPicker: Bool { screen.pickMode != .none }
    var isLoading: Bool { model.isLoadInFlight }

    func appear(now: Duration) {
        self.now = now
        openPrompt()
        if case .idle = model.state {
            run(model.load(now: now))
        } else if screen.continuesInitialItems {
            run(model.continueStream(now: now))  // the first rows of a stream, read already
        } else if screen.canReload {
            run(model.refresh(now: now))  // initial items shown; the rest loads behind them
        }
    }

    func perform(_ command: Command, now: Duration) -> HostResponse {
        self.now = now
        if command == .open || command == .drillIn || command == .mark || command == .markUp { finishFilterNow() }
        if case .choose(let key) = command {
            finishFilterNow()
            return promptChoice(key: key)
        }
        if let response = performCycling(command) { return response }
        if let response = performFiltered(command) { return response }
        if let response = performPromptCommand(command) { return response }
        if let response = performOffset(command) { return response }
        let before = (model.selection, model.scrollOffset)
        if let move = Move(command, page: pageRows(forward:)) {
            let destination = RowNavigation.destination(of: move, from: model.selection, count: model.count,
                                                        isSelectable: { self.isSelectable($0) })
            model.select(destination ?? model.selection)
            noteSelectionMoved()
            return .handled(changed: before != (model.selection, model.scrollOffset))
        }
        switch command {
        case .filter:
            openFilter()
            return .handled(changed: true)
        case .mark, .markUp:
            return toggleMark(forward: command == .mark)
        case .togglePreview, .previewUp, .previewDown, .previewPageUp, .previewPageDown, .previewTop, .previewBottom,
             .previewHalfPageUp, .previewHalfPageDown, .showPreview, .hidePreview:
            return performPreview(command)
        case .sortNext:
            return sortNext()
        case .sortReverse:
            return sortReverse()
        case .scrollLeft, .scrollRight:
            if tableScreen != nil { return .handled(changed: scrollColumns(by: command == .scrollLeft ? -1 : 1)) }
            let before = horizontalOffset
            horizontalOffset = Move.sideways(command, from: horizontalOffset)
            return .handled(changed: before != horizontalOffset)
        case .refresh, .reload:
            if restartsFeed(on: command) { return .handled(changed: true) }
            // The preview loads again even when the list cannot (a pipe's rows).
            let reloadedContent = preview.contents.refresh(now: now)
            guard screen.canReload else {
                return reloadedContent ? .handled(changed: true) : .hint("This list cannot be read again")
            }
            let pages = model.pageCount
            table.sortingAtSource = false  // this refresh is the user's, not a sort's
            run(command == .reload ? model.load(now: now) : model.refresh(now: now))
            if command == .refresh, listLoads.isPaged, pages > 1, model.isRefreshing {
                // Said plainly: a refresh reads page 1 again and drops the later pages.
                let later = pages == 2 ? "page 2 loads" : "pages 2-\(pages) load"
                return .hint("Refreshing page 1; \(later) again as you scroll")
            }
            return .handled(changed: true)
        case .open:
            if screen.filterPrompt != nil { return promptChoice(key: nil) }
            if screen.pickMode == .multiple, !marks.isEmpty { return .pick(markedItems) }
            guard let item = model.selectedItem, isSelectionVisible else { return .hint("Nothing to open") }
            return response(to: command, on: item, pickMode: screen.pickMode) { screen.open(item) }
        case .drillIn:
            // Right scrolls the columns of a table that do not fit, on a row it opens nothing on.
            if tableScreen != nil, !offers(.drillIn), scrollColumns(by: 1) { return .handled(changed: true) }
            guard let item = model.selectedItem, isSelectionVisible else { return .hint("Nothing to open") }
            return response(to: command, on: item, pickMode: screen.pickMode) { screen.drillIn(item) }
        default:
            return .handled(changed: false)
        }
    }

    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool {
        noteCursorBeforeReloadedRows()
        switch message {
        case .loaded(let result):
            defer { startFeedIfDue() }
            return model.receive(result, generation: load.generation, now: now)
        case .page(let result):
            guard model.receive(page: result, generation: load.generation, now: now) else { return false }
            listLoads.accepted(result)
            return true
        case .progress(let items):
            guard let sorted = table.sortedProgress(items, model: model) else {
                return model.receive(progress: items, generation: load.generation, now: now)
            }
            defer { table.appliedRevision = model.revision }
            return model.receive(progress: sorted, generation: load.generation, now: now)
        case .sorted(let generation, let permutation):
            table.finishSort((generation, permutation), model: &model)
            return true
        case .filtered(let outcome):
            receiveFilter(outcome)
            return true
        case .live(let message):
            return receive(message, generation: load.generation, now: now)
        }
    }

    func advance(to now: Duration) -> Bool {
        self.now = now
        let feedChanged = applyFeedIfDue(now: now)
        let contentChanged = (!preview.contents.isSettled && preview.contents.advance(to: now)) || feedChanged
        guard !model.isSettled else { return contentChanged }
        defer { startFeedIfDue() }  // a result held for the spinner's minimum may apply now  // the usual case on a key: nothing is due
        let timedOut = model.timeOut(now: now)
        if !timedOut.isEmpty { scheduler.logger.warning("load timed out", metadata: ["screen": "\(title)"]) }
        run(timedOut)
        return model.advance(to: now) || !timedOut.isEmpty || contentChanged
    }

    func nextDeadline(after now: Duration) -> Duration? {
        [preview.contents.nextDeadline(after: now), model.nextDeadline(after: now), feedDeadline].compactMap { $0 }.min()
    }

    /// Keeps the selection in view and, as the selection nears the last loaded row of a
    /// paged list, starts the next page: layout is where the host learns the viewport.
    func layout(body: Rect) {
        syncTableSort()
        let listHeight = listArea(in: body).height
        pageHeight = listHeight
        if filter.isActive {
            layoutFiltered(listHeight: listHeight)
            return
        }
        fit(listHeight: listHeight)
        if listLoads.isPaged {
            let effects = model.loadMoreIfNeeded(now: now)
            run(effects)
            if !effects.isEmpty { fit(listHeight: listHeight) }  // the footer now says "Loading more…"
        }
    }

    func fit(listHeight: Int) {
        settleSelection()
        let context = self.context(now: now)
        let footerRows = screen.footer(context) == nil ? 0 : 1
        if let sections = context.sections, model.count > 0 {
            model.layout(height: listHeight, rows: sections.rowCount + footerRows,
                         selectedRow: sections.row(ofItem: model.selection), rowLayout: context.rowLayout)
        } else {
            model.layout(height: listHeight, footerRows: footerRows, rowLayout: context.rowLayout)
        }
    }

    /// The rows PageUp or PageDown moves from the selection: one less than fit.
    private func pageRows(forward: Bool) -> Int {
        let context = self.context(now: now)
        let layout = context.rowLayout
        if let grouped = context.groupedRows {
            // By drawn rows (headers count), in the lines the sticky header leaves them.
            return layout.pageRows(from: grouped.row(ofItem: model.selection), visibleIn: pageHeight,
                                   rows: grouped.rowCount, forward: forward, stickyHeader: true)
        }
        return layout.pageRows(from: model.selection, visibleIn: pageHeight, rows: model.count, forward: forward)
    }

    /// The body's room for the screen's own body: all of it, less the filter's line.
    private func screenArea(in body: Rect) -> Rect {
        filter.isActive ? FilterPrompt.areas(of: body, prompt: screen.filterPrompt).list : body
    }

    /// The rows the list has in `body`: where it was last drawn in a body of that size,
    /// else (first frame, new size) the whole of it.
    private func listArea(in body: Rect) -> Rect {
        let area = screenArea(in: body)
        if let drawnList, drawnList.body == area { return drawnList.list }
        return area
    }

    func listDrawn(_ regions: RegionMap, body: Rect) -> Bool {
        preview.height = regions.rect(of: .preview)?.height ?? 0
        preview.width = regions.rect(of: .preview)?.width ?? 0
        previewSize = preview.height > 0 && preview.width > 0 ? Size(rows: preview.height, columns: preview.width) : nil
        guard let list = regions.rect(of: .list) else { return false }
        drawnList = (screenArea(in: body), list)
        return list.height != pageHeight
    }

    func render(in body: Rect, buffer: inout Buffer, regions: RegionMap, now: Duration) {
        self.now = now
        var context = self.context(now: now)
        context.regions = regions
        context.contents = preview.contents
        preview.contents.isRecording = !isDrawingAhead
        defer { if !isDrawingAhead { preview.contents.settleFrame(now: now) } }
        guard filter.isActive else {
            bodyView(context).render(in: body, buffer: &buffer)
            return
        }
        let prompt = screen.filterPrompt
        let (area, line, beyond) = FilterPrompt.areas(of: body, prompt: prompt)
        regions.body = area  // a click outside every region goes by the screen's body, not the filter line
        bodyView(context).render(in: area, buffer: &buffer)
        prompt?.renderLinesBeyond(in: beyond, buffer: &buffer)
        renderFilterLine(in: line, buffer: &buffer)
    }

    func cancelAll() {
        stopFeed()
        run(model.cancel())
        preview.contents.cancelAll()
    }

    func forgetDrawnRows() {
        rowCache.forget()
        table.cache.forget()
    }

    func status(now: Duration) -> StatusLine {
        var line = filteredStatus() ?? listStatus(now: now)
        if line.words.isEmpty { line.say(screen.statusNote(context(now: now))) }
        line.say(sortNote)
        line.marked(marks.count)
        return line
    }

    /// The status of the list (not filtering): ``StatusLine/list(_:sortingAtSource:reading:live:)``.
    private func listStatus(now: Duration) -> StatusLine {
        StatusLine.list(model, sortingAtSource: table.sortingAtSource, reading: { readingProgress(now: now) },
                        live: { sayLive($0, on: &$1) })
    }

    /// What follows `reading…` while a stream is read: the screen's own note, else the rows
    /// read. Kept out of the status functions (never inlined): a `ListContext` built in a
    /// function of this generic host has its metadata looked up when the function is
    /// entered, on every frame, even when the branch that builds it does not run.
    @inline(never)
    func readingProgress(now: Duration) -> String {
        screen.progressNote(context(now: now)) ?? "\(model.count)"
    }

    func context(now: Duration) -> ListContext<S> {
        if sectionCache?.revision != model.revision {
            sectionCache = (model.revision, ListContext.sections(of: screen, items: model.state.items))
        }
        var context = ListContext(screen: screen, model: model, now: now, sections: sectionCache?.sections,
                                  filter: filteredView, marks: screen.pickMode == .multiple ? marks.keys : nil)
        context.horizontalOffset = horizontalOffset
        context.filterText = filter.isActive ? filter.text : ""
        context.rowCache = reusesRows ? rowCache : nil
        context.screenRevision = screenRevision
        context.isDrawingAhead = isDrawingAhead
        context.previewSize = previewSize
        if tableScreen != nil {
            context.tableSort = table.sortsAtSource ? (table.sort ?? tableScreen?.sort) : table.sort
            context.tableFirstColumn = table.firstColumn
            context.tableCache = table.cache
        }
        return context
    }

    func run(_ effects: [ListModel<S.Item>.Effect]) {
        guard !isDrawingAhead else { return }  // the model that asked is put back as it was
        for effect in effects {
            switch effect {
            case .startLoad(let generation):
                stopFeed()  // it starts again after this load
                listLoads.startList(generation: generation, screen: screen, loads: rowLoads)
            case .loadPage(let generation, _):
                guard listLoads.startNextPage(generation: generation, loads: rowLoads) else {
                    assertionFailure("ListHost: the model asked for a page after the last one")
                    continue
                }
            case .cancelLoad(let generation):
                scheduler.cancelLoad(LoadID(screen: id, stream: .list, generation: generation))
            }
        }
    }

    /// The rows' loads: their results come back as this host's messages.
    private var rowLoads: HostLoads<Message> { HostLoads(scheduler: scheduler, screen: id, reply: Reply(to: self)) }
}

/// Its own keys (the filter line, the screen's actions: ListHost+Filter, ListHost+PromptCommands),
/// rows reused from frame to frame, frames drawn ahead.
extension ListHost: KeyedHost, RowReusingHost, DrawingAheadHost, FilterSourceDescribing {
    func takesKey(_ key: Key) -> Bool {
        if filter.isEditing { return true }
        // A loop, not `contains(where:)`: unspecialised in this generic code, that asks the
        // runtime for `Array`'s associated types, a scan of every conformance record the
        // first time (the first frames drawn ahead: docs/PERFORMANCE.md, "Start-up:
        // conformance scans").
        for action in screen.actions where action.key == key { return true }
        return false
    }

    /// Runs `body` on the list as it is and puts the model back after: moves and layout
    /// change only the model (and `now`), and no load starts meanwhile (``run(_:)``). Rows
    /// of the last real frame are pasted but nothing is kept (``RowReuse/isDrawingAhead``), so the
    /// rows kept for the next real frame stay as they are.
    func drawingAhead<Result>(_ body: () -> Result) -> Result? {
        guard !isDrawingAhead, !filter.isActive, model.isSettled else { return nil }
        let saved = (model: model, now: now)
        isDrawingAhead = true
        defer {
            model = saved.model
            now = saved.now
            isDrawingAhead = false
        }
        return body()
    }

    var actionHelp: [(keys: String, help: String)] { screen.actions.map { ($0.key.label, $0.help) } }

    func offers(_ command: Command) -> Bool {
        switch command {
        case .mark, .markUp, .markAll, .unmarkAll, .toggleAllMarks, .markRow: return screen.pickMode == .multiple
        case .togglePreview, .previewUp, .previewDown, .previewPageUp, .previewPageDown, .previewTop, .previewBottom,
             .previewHalfPageUp, .previewHalfPageDown, .showPreview, .hidePreview:
            return offersPreview(command)
        case .refresh: return screen.canReload || live != nil  // a live list's `r` starts its feed again
        case .reload: return screen.canReload
        case .sortNext, .sortReverse: return tableScreen != nil
        case .open, .drillIn:
            let item = isSelectionVisible ? model.selectedItem : nil
            let open = command == .drillIn ? screen.drillIn : screen.open
            return offersOpening(command, pickMode: screen.pickMode, result: item.map(open))
        default: return true
        }
    }

    /// Puts `changed` in place of the screen and reloads behind the rows, keeping the selection.
    /// Puts `changed` in place of the screen without loading (a ``ScreenChange``'s caller decides).
    func setScreen(_ changed: S) { screen = changed }

    func replaceScreen(_ changed: S) {
        screen = changed
        listLoads.screenReplaced(by: changed)
        run(model.refresh(now: now))
    }
}
