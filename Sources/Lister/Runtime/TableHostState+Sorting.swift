/// A table's sort in memory, as the state decides it: which rows a sort starts from, what
/// its result shows and where the selection goes, what new rows mean for rows shown
/// sorted, and what the status line says. The host runs the sort (at once, or off the main
/// actor) and puts the rows it is given in its model.
extension TableHostState {
    /// Rows to show after a sort's result or new rows, and the row to select.
    struct Shown {
        /// The rows, in the order shown.
        var items: ItemList<Item>
        /// The row selected among them.
        var selection: Int
    }

    /// The screen sorts at its source by `sort` from now on: the state starts again with
    /// its sideways scroll. Returns the rows in load order to show until the source's come,
    /// when they were shown sorted in memory.
    mutating func sortAtSource(_ sort: TableSort?) -> ItemList<Item>? {
        let base = self.base
        self = TableHostState(sort: sort, firstColumn: firstColumn, sortsAtSource: true)
        return base
    }

    /// The loaded rows are to be shown in `sort`'s order (nil: the load's), sorted here.
    mutating func sortInMemory(_ sort: TableSort?) {
        self.sort = sort
        sortsAtSource = false
    }

    /// A sort starts: over the rows in load order kept, else over `rows` (the rows shown),
    /// which are kept from now on. Returns them and the sort's generation, newer than every
    /// sort's before (whose results are dropped).
    mutating func beginSort(rows: @autoclosure () -> ItemList<Item>) -> (base: ItemList<Item>, generation: Int) {
        let base = self.base ?? rows()
        self.base = base
        generation += 1
        return (base, generation)
    }

    /// Stops the sort running off the main actor: its generation (to cancel its task), nil
    /// when none runs.
    mutating func stopSort() -> Int? {
        defer { running = nil }
        return running
    }

    /// The sort started as `generation` ended with `permutation` (nil: the load's order):
    /// the rows to show and the row to select, the item selected (at `selection` of
    /// `count`) kept selected. Nil when a newer sort or new rows came since it started.
    mutating func applying(_ permutation: [Int32]?, generation: Int, selection: Int, count: Int) -> Shown? {
        guard generation == self.generation, let base else { return nil }
        if running == generation { running = nil }
        let selected = baseIndex(ofShown: selection, count: count)
        self.permutation = permutation
        guard let permutation else {
            self.base = nil
            return Shown(items: base, selection: selected ?? selection)
        }
        let moved = selected.map { permutation.firstIndex(of: Int32($0)) ?? $0 } ?? selection
        return Shown(items: Self.shown(base, by: permutation), selection: moved)
    }

    /// What new rows mean for rows sorted in memory.
    enum NewRows {
        /// Rows appended to the sorted ones: shown as a stream's report is, the sorted
        /// rows in their order and the new ones after, until they are sorted again.
        case appended(ItemList<Item>)
        /// Rows that replaced them: the order shown is dropped until they are sorted again.
        case replaced
    }

    /// The rows changed to `items` at `revision` (last replaced, not appended to, at
    /// `replacedRevision`) while shown sorted in memory: they are kept as the rows in load
    /// order, to be sorted again. Nil when they are not sorted in memory or were seen.
    mutating func rowsChanged(_ items: @autoclosure () -> ItemList<Item>, revision: Int,
                              replacedRevision: Int) -> NewRows? {
        guard sort != nil, !sortsAtSource, revision != appliedRevision else { return nil }
        let items = items()
        base = items
        if let permutation, replacedRevision <= appliedRevision, items.count >= permutation.count {
            return .appended(Self.shown(items, by: permutation))
        }
        permutation = nil
        return .replaced
    }

    /// A stream's report of `items` at `revision` while the rows are shown sorted in
    /// memory: the rows sorted so far stay in their order and the new ones follow, so the
    /// list does not jump with every report. Nil when the report is shown as it comes.
    mutating func progress(_ items: ItemList<Item>, revision: Int) -> ItemList<Item>? {
        guard sort != nil, !sortsAtSource, let permutation, appliedRevision == revision,
              items.count >= permutation.count
        else { return nil }
        base = items
        return Self.shown(items, by: permutation)
    }

    /// What the status line says of the order: "sorting…" while a sort runs off the main
    /// actor, and that only the loaded rows are sorted in memory while more may come
    /// (`rowsComplete` false).
    func note(rowsComplete: Bool) -> String? {
        guard sort != nil else { return nil }
        if running != nil { return "sorting…" }
        if !sortsAtSource, !rowsComplete { return "sorted: loaded rows only" }
        return nil
    }
}
