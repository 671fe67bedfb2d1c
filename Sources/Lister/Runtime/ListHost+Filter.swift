import TerminalCore

/// The filter of a hosted list: `/` opens a line at the bottom, the list narrows as the
/// query is typed, the selection stays on the same item, and rows that arrive later are
/// filtered too.
extension ListHost: FilterHosting {
    var isSelectionVisible: Bool {
        !filter.engine.isFiltering || filter.engine.visiblePosition(ofRow: model.selection) != nil
    }

    var filteredView: FilteredView? {
        guard filter.isActive else { return nil }
        return FilteredView(engine: filter.engine, selection: filter.engine.visiblePosition(ofRow: model.selection),
                            scrollOffset: filter.scrollOffset)
    }

    func openFilter() {
        filter.isEditing = true
        syncFilter()
    }

    /// A prompt-first screen opens its filter line at once, with the query given.
    func openPrompt() {
        guard let prompt = screen.filterPrompt, !filter.isEditing else { return }
        filter.text = prompt.query
        filter.line.editor.wordsArePaths = prompt.wordsArePaths
        filter.history = PromptHistory(prompt.history)
        filter.isEditing = true
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
        if let prompt = screen.filterPrompt {
            // Prompt-first: the line never closes; Enter and Esc go on to the key table.
            if prompt.acceptKeys.contains(key) {
                finishFilterNow()
                return promptChoice(key: key)
            }
            if prompt.unboundKeys.contains(key) {
                guard case .character = key else { return .handled(changed: false) }  // a printable key is typed
            }
            switch key {
            case .enter, .escape: return nil
            case .backspace where filter.text.isEmpty:
                // fzf's backward-eof event.
                return prompt.eventCommands[.backwardEOF].map { .perform([$0], hint: nil) } ?? .handled(changed: false)
            default: break
            }
        }
        let prompt = screen.filterPrompt
        switch filter.line.edit(key, keys: prompt == nil ? .filter : .prompt, reserved: prompt?.reservedKeys ?? []) {
        case nil: return nil
        case .kept, .cursorMoved: return .handled(changed: true)
        // On a prompt, Ctrl-D on an empty query goes on to the key table (fzf leaves on it).
        case .endOfFile: return prompt == nil ? .handled(changed: false) : nil
        case .queryChanged:
            applyQuery()
            return .handled(changed: true)
        }
    }

    /// Ctrl-P and Ctrl-N with fzf's `--history`: the previous or next query replaces the
    /// prompt's text.
    func performHistory(previous: Bool) -> HostResponse {
        guard filter.isEditing, screen.filterPrompt != nil else { return .handled(changed: false) }
        let text = previous ? filter.history.previous(current: filter.text) : filter.history.next()
        guard let text, text != filter.text else { return .handled(changed: false) }
        filter.text = text
        applyQuery()
        return .handled(changed: true)
    }

    /// Runs an editing action on the open filter line (a key bound to it); nothing when
    /// the line is closed.
    func performEdit(_ action: LineEditor.Action) -> HostResponse {
        guard filter.isEditing else { return .handled(changed: false) }
        switch filter.line.editor.perform(action) {
        case .unchanged: return .handled(changed: false)
        case .moved: return .handled(changed: true)
        case .edited:
            applyQuery()
            return .handled(changed: true)
        case .endOfFile:
            // Bound to a key, `delete-char/eof` on an empty prompt leaves as fzf does (the
            // default Ctrl-D goes on to the key table instead: ``handleOwnKey(_:now:)``);
            // on the `/` line of a list it does nothing.
            return screen.filterPrompt == nil ? .handled(changed: false) : .interrupt
        }
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
        filter.text = ""
        filter.isEditing = false
        applyQuery()
    }

    func applyQuery() {
        if defersQueryChangeToChainEnd() { return }
        if screen.filterPrompt != nil {
            filter.cursor = filter.engine.visiblePosition(ofRow: model.selection) ?? 0
        }
        syncFilter()
        executeFilter(filter.engine.setQuery(screen.filterQuery(filter.text)))
        keepSelectionAmongMatches()
    }

    /// Tells the engine when the rows changed since it last looked.
    func syncFilter() {
        guard filter.isActive, filter.seenRevision != model.revision else { return }
        let count = model.state.items.count
        // Pages and streams only append rows: then the filter looks at the new rows only.
        let appended = filter.seenRevision >= model.replacedRevision && count >= filter.engine.rowCount
        filter.seenRevision = model.revision
        filter.source = nil
        if !appended, filter.reloadCursor != .none {
            filter.reloadCursor = .placing  // a reload's rows: placed at the cursor's place
            filter.selectedTopFor = nil
        }
        executeFilter(appended ? filter.engine.rowsAppended(count: count) : filter.engine.rowsReplaced(count: count))
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

    /// When the selected item is filtered out, the nearest match is selected; on a
    /// prompt-first screen a new query's matches are entered at the cursor's place.
    private func keepSelectionAmongMatches() {
        let engine = filter.engine
        if screen.filterPrompt != nil, let matches = engine.matches, matches.query != filter.selectedTopFor,
           !matches.isEmpty {
            // A new query, or a reload's matches: the row at the cursor's place among
            // them, as fzf's.
            filter.selectedTopFor = matches.query
            let tracked = screen.filterPrompt?.tracksSelection == true && filter.reloadCursor == .none
                && engine.visiblePosition(ofRow: model.selection) != nil  // fzf's --track: the row, while it matches
            filter.reloadCursor = .none
            if !tracked { model.select(engine.row(atVisible: min(filter.cursor, engine.visibleCount - 1))) }
            return
        }
        if filter.reloadCursor == .placing, engine.query.isEmpty, engine.rowCount > 0 {
            // A reload's rows under no query: the same place among them.
            filter.reloadCursor = .none
            model.select(min(filter.cursor, engine.rowCount - 1))
            return
        }
        if screen.filterPrompt != nil, engine.matches == nil, engine.query.isEmpty, engine.rowCount > 0,
           let last = filter.selectedTopFor, !last.isEmpty {
            // The query emptied: the same place among all the rows (the same row with --track).
            filter.selectedTopFor = engine.query
            if screen.filterPrompt?.tracksSelection == true { return }
            model.select(min(filter.cursor, engine.rowCount - 1))
            return
        }
        guard engine.isFiltering, engine.matches != nil, engine.visiblePosition(ofRow: model.selection) == nil,
              let nearest = engine.visiblePosition(nearestRow: model.selection)
        else { return }
        model.select(engine.row(atVisible: nearest))
    }

    /// Navigation over the matches while a filter is kept; nil when not filtering.
    func performFiltered(_ command: Command) -> HostResponse? {
        let engine = filter.engine
        guard engine.isFiltering else { return nil }
        let count = engine.visibleCount
        let current = engine.visiblePosition(ofRow: model.selection) ?? engine.visiblePosition(nearestRow: model.selection) ?? 0
        let move = Move(command) { forward in
            let layout = context(now: now).rowLayout
            return layout.pageRows(from: current, visibleIn: pageHeight, rows: count, forward: forward)
        }
        guard let move else { return nil }
        guard count > 0 else { return .handled(changed: false) }
        let before = model.selection
        model.select(engine.row(atVisible: move.target(from: current, count: count)))
        return .handled(changed: before != model.selection)
    }

    /// Keeps the selected match in view above the filter line; a paged list loads its next
    /// page only when the selection reaches the last match.
    func layoutFiltered(listHeight height: Int) {
        syncFilter()
        let engine = filter.engine
        let footer = context(now: now).listView { _, _ in Nothing() }.footer == nil ? 0 : 1
        let position = engine.visiblePosition(ofRow: model.selection) ?? 0
        filter.scrollOffset = context(now: now).rowLayout.scrollOffset(keeping: position, visibleIn: height,
                                                                       from: filter.scrollOffset, rows: engine.visibleCount + footer)
        if firstPage != nil, model.paging == .more, engine.running == nil,
           engine.visibleCount == 0 || position >= engine.visibleCount - 1 {
            run(model.loadMore(now: now))
        }
    }

    func renderFilterLine(in rect: Rect, buffer: inout Buffer) {
        let prompt = screen.filterPrompt
        filter.line.render(prompt: prompt?.prompt ?? "/", theme: prompt?.theme ?? .standard, in: rect, buffer: &buffer)
    }

    func filteredStatus() -> StatusLine? {
        let engine = filter.engine
        guard engine.isFiltering else { return nil }
        var line = StatusLine(selected: engine.visiblePosition(ofRow: model.selection), ofShown: engine.visibleCount,
                              total: model.count, more: model.paging != .complete || model.isStreaming)
        if engine.running != nil { line.say("filtering…") }
        // Rows still arriving are said as while not filtering: the matches grow with them.
        if model.isStreaming { line.say(StatusLine.activityWord(.streaming, progress: readingProgress(now: now))) }
        return line
    }
}
