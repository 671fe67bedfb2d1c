import TerminalCore

/// The filter's decisions about the rows it filters: telling its engine when they changed,
/// where the selection goes among the matches, moves over the matches, their scroll and
/// status. The host passes what they need of its model (the selection, the rows' count and
/// revisions) and acts on what they return: the selection is the model's, the engine's runs
/// are the host's to carry out (``FilterHosting/executeFilter(_:inline:)``).
extension ListFilter {
    /// A move over the matches while a query filters the rows.
    enum FilteredMove: Equatable {
        /// No row matches: nothing to move to.
        case nothingShown
        /// The row to select.
        case select(Int)
    }

    /// Whether `row` shows: every row does while no query filters them.
    func shows(row: Int) -> Bool {
        !engine.isFiltering || engine.visiblePosition(ofRow: row) != nil
    }

    /// What a list's body needs to draw the filtered rows with `selection` selected; nil
    /// while the filter is closed and keeps no query.
    func view(selection: Int) -> FilteredView? {
        guard isActive else { return nil }
        return FilteredView(engine: engine, selection: engine.visiblePosition(ofRow: selection),
                            scrollOffset: scrollOffset)
    }

    /// Where `selection` is among the rows shown: its place among the matches while a
    /// query filters them (0 when it is not one), else the row itself.
    func place(of selection: Int) -> Int {
        engine.isFiltering ? engine.visiblePosition(ofRow: selection) ?? 0 : selection
    }

    /// The rows changed to `count` at `revision` (and were last replaced, not appended to,
    /// at `replacedRevision`): the engine's action for the rows it has not seen, nil when
    /// it has seen them or the filter is closed. Pages and streams only append rows; then
    /// the engine looks at the new rows only. A reload's rows replacing the old ones on a
    /// prompt-first screen are placed at the cursor's place (``ReloadCursor/placing``).
    mutating func rowsChanged(count: Int, revision: Int, replacedRevision: Int) -> FilterAction? {
        guard isActive, seenRevision != revision else { return nil }
        let appended = seenRevision >= replacedRevision && count >= engine.rowCount
        seenRevision = revision
        source = nil
        if !appended, reloadCursor != .none {
            reloadCursor = .placing  // a reload's rows: placed at the cursor's place
            selectedTopFor = nil
        }
        return appended ? engine.rowsAppended(count: count) : engine.rowsReplaced(count: count)
    }

    /// The query is about to change: a prompt-first screen (`isPrompt`) notes the
    /// selection's place among the rows shown, where the new query's best matches enter.
    mutating func queryWillChange(selection: Int, isPrompt: Bool) {
        if isPrompt { cursor = engine.visiblePosition(ofRow: selection) ?? 0 }
    }

    /// The row to select after the matches changed, nil to keep `selection`. When the
    /// selected row is filtered out, the nearest match; on a prompt-first screen
    /// (`isPrompt`) a new query's matches, a reload's rows and all the rows after the query
    /// emptied are entered at the cursor's place (``cursor``), as fzf's; with `tracks`
    /// (fzf's `--track`) the selected row stays while it matches.
    mutating func selectionAmongMatches(selection: Int, isPrompt: Bool, tracks: Bool = false) -> Int? {
        if isPrompt, let matches = engine.matches, matches.query != selectedTopFor, !matches.isEmpty {
            // A new query, or a reload's matches: the row at the cursor's place among
            // them, as fzf's; with `--track` the selected row while it matches.
            selectedTopFor = matches.query
            let tracked = tracks && reloadCursor == .none && engine.visiblePosition(ofRow: selection) != nil
            reloadCursor = .none
            return tracked ? nil : engine.row(atVisible: min(cursor, engine.visibleCount - 1))
        }
        if reloadCursor == .placing, engine.query.isEmpty, engine.rowCount > 0 {
            // A reload's rows under no query: the same place among them.
            reloadCursor = .none
            return min(cursor, engine.rowCount - 1)
        }
        if isPrompt, engine.matches == nil, engine.query.isEmpty, engine.rowCount > 0,
           let last = selectedTopFor, !last.isEmpty {
            // The query emptied: the same place among all the rows (the same row with `--track`).
            selectedTopFor = engine.query
            return tracks ? nil : min(cursor, engine.rowCount - 1)
        }
        guard engine.isFiltering, engine.matches != nil, engine.visiblePosition(ofRow: selection) == nil,
              let nearest = engine.visiblePosition(nearestRow: selection)
        else { return nil }
        return engine.row(atVisible: nearest)
    }

    /// A reload starts on a prompt-first screen: its rows will enter at the place of
    /// `selection` among the rows shown.
    mutating func reloadStarts(selection: Int) {
        cursor = place(of: selection)
        reloadCursor = .waiting
    }

    /// Takes the cursor's place again while a reload waits with the rows still shown
    /// (`reload-sync`): the user may have moved since it started, and fzf's cursor is where
    /// it is when the new rows replace them. `rowCount` and `revision` are the rows shown.
    mutating func noteCursorBeforeReloadedRows(selection: Int, rowCount: Int, revision: Int) {
        guard reloadCursor == .waiting, rowCount > 0, seenRevision == revision else { return }
        cursor = place(of: selection)
    }

    /// Navigation over the matches while a query filters the rows; nil when none does or
    /// `command` is not a move. `pageRows` answers the rows a page moves from a place
    /// among the matches, over that many matches, forward or not.
    func move(_ command: Command, from selection: Int,
              pageRows: (_ from: Int, _ rows: Int, _ forward: Bool) -> Int) -> FilteredMove? {
        guard engine.isFiltering else { return nil }
        let count = engine.visibleCount
        let current = engine.visiblePosition(ofRow: selection) ?? engine.visiblePosition(nearestRow: selection) ?? 0
        guard let move = Move(command, page: { pageRows(current, count, $0) }) else { return nil }
        guard count > 0 else { return .nothingShown }
        return .select(engine.row(atVisible: move.target(from: current, count: count)))
    }

    /// The rows shown, in the order shown: the matches while a query filters the rows, else
    /// every row of `count`.
    func rowsShown(count: Int) -> LazyMapSequence<Range<Int>, Int> {
        let engine = engine
        let filtering = engine.isFiltering
        // The matches in one array, read once: a large ranking's order answers a position
        // past its best rows under a lock.
        let matches = filtering ? engine.matches?.shownRows : nil
        return (0..<(filtering ? engine.visibleCount : count)).lazy.map { position in
            matches.map { Int($0[position]) } ?? position
        }
    }

    /// Up on the first row shown goes to the last, and Down on the last to the first (fzf's
    /// `--cycle`): the row to select, nil for every other move (and with fewer than two
    /// rows shown). `count` is the list's rows.
    func cycle(_ command: Command, from selection: Int, count: Int) -> Int? {
        guard command == .up || command == .down else { return nil }
        let shown = engine.isFiltering ? engine.visibleCount : count
        guard shown > 1 else { return nil }
        let position = engine.isFiltering ? engine.visiblePosition(ofRow: selection) : selection
        let target: Int
        switch (command, position) {
        case (.down, shown - 1): target = 0
        case (.up, 0): target = shown - 1
        default: return nil
        }
        return engine.isFiltering ? engine.row(atVisible: target) : target
    }

    /// Scrolls the matches so that the selected one shows in `height` lines (with
    /// `footerRows` after the matches); true when the selection is on the last match (or
    /// none matches) and no run is in flight: a paged list then loads its next page.
    mutating func scroll(keeping selection: Int, visibleIn height: Int, footerRows: Int,
                         rowLayout: RowLayout) -> Bool {
        let position = engine.visiblePosition(ofRow: selection) ?? 0
        scrollOffset = rowLayout.scrollOffset(keeping: position, visibleIn: height, from: scrollOffset,
                                              rows: engine.visibleCount + footerRows)
        return engine.running == nil && (engine.visibleCount == 0 || position >= engine.visibleCount - 1)
    }

    /// The status line while a query filters the rows: the selection's place among the
    /// matches, of `total` rows (`more` when more may come), and "filtering…" while a run
    /// is in flight; nil when no query filters them.
    func status(selection: Int, total: Int, more: Bool) -> StatusLine? {
        guard engine.isFiltering else { return nil }
        var line = StatusLine(selected: engine.visiblePosition(ofRow: selection), ofShown: engine.visibleCount,
                              total: total, more: more)
        if engine.running != nil { line.say("filtering…") }
        return line
    }
}
