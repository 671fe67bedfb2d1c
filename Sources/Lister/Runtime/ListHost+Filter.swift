import TerminalCore

/// The filter of a hosted list: `/` opens a line at the bottom, the list narrows as the
/// query is typed, the selection stays on the same item, and rows that arrive later are
/// filtered too.
///
/// The work is ``ListFilter``'s (its line in ListFilter+Typing.swift, its decisions about
/// the rows in ListFilter+Selection.swift); the host hands it the model's selection and
/// rows and acts on its answers: it selects the row the filter chose, runs the engine's
/// runs (``FilterHosting``) and answers the runtime.
extension ListHost: FilterHosting {
    var isSelectionVisible: Bool { filter.shows(row: model.selection) }

    var filteredView: FilteredView? { filter.view(selection: model.selection) }

    func openFilter() {
        filter.isEditing = true
        syncFilter()
    }

    /// A prompt-first screen opens its filter line at once, with the query given.
    func openPrompt() {
        guard let prompt = screen.filterPrompt, filter.open(prompt) else { return }
        applyQuery()
    }

    /// A prompt-first screen's choice: the query and key first, then the marked items, or
    /// the selected one, or none when nothing matches.
    func promptChoice(key: Key?) -> HostResponse {
        let choice = PromptChoice(query: filter.text, key: key)
        if screen.pickMode == .multiple, !marks.isEmpty { return .pick([choice] + markedItems) }
        guard let item = model.selectedItem, isSelectionVisible else { return .pick([choice]) }
        return .pick([choice, item])
    }

    /// Takes typed keys while the filter line is open; else runs the screen's action for
    /// `key`, if it has one.
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse? {
        self.now = now
        guard filter.isEditing else { return performAction(for: key) }
        return respond(to: filter.take(key, prompt: screen.filterPrompt), key: key)
    }

    /// Ctrl-P and Ctrl-N with fzf's `--history`: the previous or next query replaces the
    /// prompt's text.
    func performHistory(previous: Bool) -> HostResponse {
        guard screen.filterPrompt != nil else { return .handled(changed: false) }
        return respond(to: filter.walkHistory(previous: previous)) ?? .handled(changed: false)
    }

    /// Runs an editing action on the open filter line (a key bound to it); nothing when
    /// the line is closed.
    func performEdit(_ action: LineEditor.Action) -> HostResponse {
        respond(to: filter.perform(action, isPrompt: screen.filterPrompt != nil)) ?? .handled(changed: false)
    }

    /// Inserts text at the cursor, or replaces the line (fzf's `put(...)` and
    /// `change-query(...)`); the rows are filtered again.
    func changeQuery(_ command: Command) -> HostResponse {
        respond(to: filter.put(command)) ?? .handled(changed: false)
    }

    /// Esc clears the marks, then a kept filter, before it goes back.
    func closeLayer() -> Bool {
        if !marks.isEmpty {
            marks = []  // Esc clears the marks before it does anything else
            return true
        }
        guard filter.isActive, screen.filterPrompt == nil else { return false }
        clearFilter()
        return true
    }

    /// Closes the filter line and shows every row again (a prompt-first screen's line stays).
    func clearFilter() {
        filter.clear()
        applyQuery()
    }

    func applyQuery() {
        if defersQueryChangeToChainEnd() { return }
        filter.queryWillChange(selection: model.selection, isPrompt: screen.filterPrompt != nil)
        syncFilter()
        executeFilter(filter.engine.setQuery(screen.filterQuery(filter.text)))
        keepSelectionAmongMatches()
    }

    /// Tells the engine when the rows changed since it last looked.
    func syncFilter() {
        guard let action = filter.rowsChanged(count: model.state.items.count, revision: model.revision,
                                              replacedRevision: model.replacedRevision) else { return }
        executeFilter(action)
        keepSelectionAmongMatches()
    }

    func makeFilterSource() -> any FilterableText {
        let items = model.state.items
        if let source = screen.filterSource(for: items) { return source }
        if let base = table.base, let permutation = table.permutation, let compact = screen.filterSource(for: base) {
            // A table sorted in memory: the rows' compact source, read in the sorted order.
            return PermutedFilterableText(base: compact, permutation: permutation, count: items.count)
        }
        return filterStrings(of: items)
    }

    nonisolated static func filterMessage(_ outcome: FilterOutcome) -> Message { .filtered(outcome) }

    func filterMatchesChanged() { keepSelectionAmongMatches() }

    /// The type of the source the filter reads (for tests: whether the compact one is used).
    var filterSourceDescription: String? {
        filter.source.map { String(describing: type(of: $0)) }
    }

    /// Selects the row the filter chooses after its matches changed
    /// (``ListFilter/selectionAmongMatches(selection:isPrompt:)``).
    private func keepSelectionAmongMatches() {
        guard let row = filter.selectionAmongMatches(selection: model.selection, isPrompt: screen.filterPrompt != nil,
                                                     tracks: screen.filterPrompt?.tracksSelection == true)
        else { return }
        model.select(row)
    }

    /// Navigation over the matches while a filter is kept; nil when not filtering.
    func performFiltered(_ command: Command) -> HostResponse? {
        let move = filter.move(command, from: model.selection) { current, count, forward in
            context(now: now).rowLayout.pageRows(from: current, visibleIn: pageHeight, rows: count, forward: forward)
        }
        switch move {
        case nil: return nil
        case .nothingShown: return .handled(changed: false)
        case .select(let row):
            let before = model.selection
            model.select(row)
            return .handled(changed: before != model.selection)
        }
    }

    /// Up on the first row goes to the last, and Down on the last to the first, on a prompt
    /// that cycles (fzf's `--cycle`); nil for every other move.
    func performCycling(_ command: Command) -> HostResponse? {
        guard screen.filterPrompt?.cycles == true,
              let row = filter.cycle(command, from: model.selection, count: model.count) else { return nil }
        model.select(row)
        noteSelectionMoved()
        return .handled(changed: true)
    }

    /// Keeps the selected match in view above the filter line; a paged list loads its next
    /// page only when the selection reaches the last match.
    func layoutFiltered(listHeight height: Int) {
        syncFilter()
        // A prompt with no query draws every row at the list's own offset: keep it fitted.
        if !filter.engine.isFiltering { fit(listHeight: height) }
        let context = context(now: now)
        let footer = context.listView { _, _ in Nothing() }.footer == nil ? 0 : 1
        let atLastMatch = filter.scroll(keeping: model.selection, visibleIn: height, footerRows: footer,
                                        rowLayout: context.rowLayout)
        if listLoads.isPaged, model.paging == .more, atLastMatch {
            run(model.loadMore(now: now))
        }
    }

    func renderFilterLine(in rect: Rect, buffer: inout Buffer) {
        filter.renderLine(prompt: screen.filterPrompt, in: rect, buffer: &buffer)
    }

    func filteredStatus() -> StatusLine? {
        let more = model.paging != .complete || model.isStreaming
        guard var line = filter.status(selection: model.selection, total: model.count, more: more) else { return nil }
        // Rows still arriving are said as while not filtering: the matches grow with them.
        if model.isStreaming { line.say(StatusLine.activityWord(.streaming, progress: readingProgress(now: now))) }
        return line
    }

    /// The runtime's answer to what the filter line did: the rows filtered again when the
    /// query changed, the picker's choice on an accept key (`key`). Nil only for a key
    /// the line passes on (commands never answer ``ListFilter/Response/passed``).
    private func respond(to response: ListFilter.Response, key: Key? = nil) -> HostResponse? {
        switch response {
        case .passed: return nil
        case .handled(let changed): return .handled(changed: changed)
        case .queryChanged:
            applyQuery()
            return .handled(changed: true)
        case .chosen:
            finishFilterNow()
            return promptChoice(key: key)
        case .interrupt: return .interrupt
        case .backwardEOF:
            return screen.filterPrompt?.eventCommands[.backwardEOF].map { .perform([$0], hint: nil) } ?? .handled(changed: false)
        }
    }
}
