import TerminalCore

/// The filter and the marks of a sectioned list, through the same types as a plain list's
/// (``ListFilter`` and its ``FilterEngine``, ``FilterHosting``, ``ListMarks``): `/` opens
/// the line, the rows narrow as the query is typed (each section to its matches, in list
/// order; a section with no match disappears, header and all; one still loading or failed
/// stays), and `Tab` marks rows in a multiple picker.
///
/// One engine searches the loaded sections' items one after another
/// (``SectionFilterRows``): a big search runs off the main actor and the rows stay as they
/// were until it delivers; the next key cancels it.
extension SectionsHost: FilterHosting {
    /// The query the rows are filtered by (empty: every row).
    var query: FilterQuery { filter.engine.query }

    /// Whether the filter line takes a row below the list.
    var isFilterLineShown: Bool { filter.isActive }

    /// What a section shows as rows, filtered by ``query``.
    func content(ofSection section: Int) -> Rows.Content {
        let model = models[section]
        switch model.state {
        case .idle, .loading: return .loading
        case .error: return .failed
        case .empty: return query.isEmpty ? .empty : .hidden
        case .loaded(let items):
            // Until the first run delivers, every row shows, as on a plain list.
            guard !query.isEmpty, let matches = filter.engine.matches else { return .items(items.map(\.id)) }
            let indices = filterRows.indices(inSection: section, of: matches.rowIndices)
            return indices.isEmpty ? .hidden : .matches(indices.map { (index: $0, id: items[$0].id) })
        }
    }

    /// Tells the engine when a section's rows changed since it last looked: the rows are
    /// laid out again and searched again (sections load whole, so nothing is appended).
    func syncFilter() {
        guard filter.isActive else { return }
        let revisions = models.map(\.revision)
        guard revisions != filterRows.revisions else { return }
        filterRows = SectionFilterRows(counts: models.map { $0.state.items.count }, revisions: revisions)
        filter.source = nil
        isSyncingFilter = true
        defer { isSyncingFilter = false }
        executeFilter(filter.engine.rowsReplaced(count: filterRows.count))
    }

    func makeFilterSource() -> any FilterableText {
        FilterStrings(models.flatMap { $0.state.items.map { screen.filterText($0) } })
    }

    nonisolated static func filterMessage(_ outcome: FilterOutcome) -> Message { .filtered(outcome) }

    /// The rows are built again from the new matches (the selection stays on its item, or
    /// goes to the nearest row shown); inside ``syncFilter()`` the caller rebuilds them.
    func filterMatchesChanged() {
        if !isSyncingFilter { rebuildRows() }
    }

    /// "12 of 40 match", and "filtering…" while a run is in flight.
    func sayFilterStatus(in line: inout StatusLine) {
        guard !query.isEmpty else { return }
        line.say("\(filter.engine.visibleCount) of \(filter.engine.rowCount) match")
        if filter.engine.running != nil { line.say("filtering…") }
    }

    /// Opens the filter line (`/`).
    func openFilter() {
        filter.isEditing = true
        syncFilter()
    }

    /// Takes typed keys while the filter line is open; else runs the screen's action for
    /// `key`, if it has one.
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse? {
        self.now = now
        guard filter.isEditing else { return performAction(for: key, now: now) }
        switch filter.take(key, prompt: nil) {
        case .passed: return nil
        case .handled(let changed): return .handled(changed: changed)
        case .queryChanged:
            applyQuery()
            return .handled(changed: true)
        case .chosen, .interrupt, .backwardEOF: return nil  // a prompt's answers: a sectioned list has none
        }
    }

    func takesKey(_ key: Key) -> Bool {
        filter.isEditing || screen.actions.contains { $0.key == key }
    }

    /// Esc clears the marks, then a kept filter, before it goes back.
    func closeLayer() -> Bool {
        if !marks.isEmpty {
            marks = []
            return true
        }
        guard isFilterLineShown else { return false }
        filter.line = FilterLine()
        applyQuery()
        return true
    }

    /// Filters the rows by the line's text; the selection stays on its item when it still
    /// shows, else goes to the nearest row shown.
    private func applyQuery() {
        syncFilter()
        executeFilter(filter.engine.setQuery(FilterQuery(filter.text)))
        rebuildRows()
    }

    /// Tab: marks or unmarks the selected item and moves down (up with `forward` false).
    func toggleMark(forward: Bool = true) -> HostResponse {
        if let refusal = ListMarks<Rows.Anchor>.refusal(pickMode: screen.pickMode) { return refusal }
        finishFilterNow()  // the selection is on a match of the query as typed
        guard let row = selectedRow, case .item(let section, _, let id) = rows[row] else {
            return .hint("Only items can be marked")
        }
        marks.toggle(.item(section: section, id: id), limit: nil)
        select(rows.destination(of: .by(forward ? 1 : -1), from: row))
        keepSelectionVisible()
        return .handled(changed: true)
    }

    /// The marked items, in the order the sections show them (a plain picker's come in
    /// the order they were marked, as fzf's).
    var markedItems: [any Sendable] {
        models.indices.flatMap { section in
            models[section].state.items.filter { marks.contains(.item(section: section, id: $0.id)) }.map { $0 as any Sendable }
        }
    }
}
