import TerminalCore

/// The matching indices of one section, for the rows and the query they were found for.
struct SectionMatches {
    var revision: Int
    var query: FilterQuery
    var indices: [Int]
}

/// The filter and the marks of a sectioned list, as on a plain list: `/` opens the line,
/// the rows narrow as the query is typed (each section to its matches, in list order;
/// a section with no match disappears, header and all; one still loading or failed
/// stays), and `Tab` marks rows in a multiple picker.
extension SectionsHost {
    /// Whether the filter line takes a row below the list.
    var isFilterLineShown: Bool { filterLine.isEditing || !query.isEmpty }

    /// What a section shows as rows, filtered by ``query``.
    func content(ofSection section: Int) -> Rows.Content {
        let model = models[section]
        switch model.state {
        case .idle, .loading: return .loading
        case .error: return .failed
        case .empty: return query.isEmpty ? .empty : .hidden
        case .loaded(let items):
            guard !query.isEmpty else { return .items(items.map(\.id)) }
            let indices = matchingIndices(inSection: section)
            return indices.isEmpty ? .hidden : .matches(indices.map { (index: $0, id: items[$0].id) })
        }
    }

    /// The indices of the section's items that match ``query``, in list order; found again
    /// only when the rows or the query changed. Sections are loaded whole, so a section is
    /// matched on the main actor in one go.
    private func matchingIndices(inSection section: Int) -> [Int] {
        let model = models[section]
        if let cached = matchCache[section], cached.revision == model.revision, cached.query == query {
            return cached.indices
        }
        let items = model.state.items
        let texts = FilterStrings(items.map { screen.filterText($0) })
        let indices = FilterRun(query: query, rowCount: items.count).perform(over: texts).matches.sorted()
        matchCache[section] = SectionMatches(revision: model.revision, query: query, indices: indices)
        return indices
    }

    /// "12 of 40 match": how many loaded items the query keeps.
    var matchSummary: String {
        var shown = 0
        var total = 0
        for section in models.indices {
            let count = models[section].state.items.count
            total += count
            if count > 0 { shown += matchingIndices(inSection: section).count }
        }
        return "\(shown) of \(total) match"
    }

    /// Takes typed keys while the filter line is open; else runs the screen's action for
    /// `key`, if it has one.
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse? {
        self.now = now
        guard filterLine.isEditing else { return performAction(for: key, now: now) }
        switch filterLine.edit(key) {
        case nil: return nil
        case .kept, .cursorMoved: return .handled(changed: true)
        case .endOfFile: return .handled(changed: false)
        case .queryChanged:
            applyQuery()
            return .handled(changed: true)
        }
    }

    func takesKey(_ key: Key) -> Bool {
        filterLine.isEditing || screen.actions.contains { $0.key == key }
    }

    /// Esc clears the marks, then a kept filter, before it goes back.
    func closeLayer() -> Bool {
        if !marks.isEmpty {
            marks = []
            return true
        }
        guard isFilterLineShown else { return false }
        filterLine = FilterLine()
        applyQuery()
        return true
    }

    /// Filters the rows by the line's text; the selection stays on its item when it still
    /// shows, else goes to the nearest row shown.
    private func applyQuery() {
        query = FilterQuery(filterLine.text)
        rebuildRows()
    }

    /// Tab: marks or unmarks the selected item and moves down (up with `forward` false).
    func toggleMark(forward: Bool = true) -> HostResponse {
        guard screen.pickMode == .multiple else { return .handled(changed: false) }
        guard let row = selectedRow, case .item(let section, _, let id) = rows[row] else {
            return .hint("Only items can be marked")
        }
        let anchor = Rows.Anchor.item(section: section, id: id)
        if marks.remove(anchor) == nil { marks.insert(anchor) }
        select(rows.destination(of: .by(forward ? 1 : -1), from: row))
        keepSelectionVisible()
        return .handled(changed: true)
    }

    /// The marked items, in the order the sections show them.
    var markedItems: [any Sendable] {
        models.indices.flatMap { section in
            models[section].state.items.filter { marks.contains(.item(section: section, id: $0.id)) }.map { $0 as any Sendable }
        }
    }
}
