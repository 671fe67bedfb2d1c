import TerminalCore

/// Tables: sorting (`s`, `S`, a click on a title) and scrolling by column. What a sort
/// shows, where the selection goes and what new rows mean for sorted rows are
/// ``TableHostState``'s answers (TableHostState+Sorting.swift); the host runs the sort and
/// puts the rows in its model.
extension ListHost: TableHost {
    /// Sorts of at most this many rows run on the main actor at once; bigger ones go off it.
    static var inlineSortWorkload: Int { 50_000 }

    var tableScreen: (any TableScreen)? { screen.asTable }

    /// `s`: the next sortable column ascending; after the last, the load's order.
    func sortNext() -> HostResponse {
        guard let table = tableScreen else { return .hint("Only a table sorts by column") }
        return requestSort(self.table.nextSort(firstSortable: table.firstSortableColumn(from:)))
    }

    /// `S`: the same column the other way (the first sortable column descending when none).
    func sortReverse() -> HostResponse {
        guard let table = tableScreen else { return .hint("Only a table sorts by column") }
        guard let sort = self.table.reversedSort(firstSortable: table.firstSortableColumn(from:)) else {
            return .hint("No column sorts")
        }
        return requestSort(sort)
    }

    /// A click on the header line at `x`: sorts by that column, or the other way when it
    /// is already the sorted one.
    func clickHeader(x: Int, now: Duration) -> HostResponse {
        self.now = now
        guard let table = tableScreen, let column = self.table.cache.lastLayout?.column(at: x),
              table.isSortable(column: column)
        else { return .handled(changed: false) }
        return requestSort(self.table.sort(clicked: column))
    }

    /// Shows the rows in `sort`'s order: asked of the source when the screen can sort
    /// there, else the loaded rows are sorted (off the main actor when there are many).
    func requestSort(_ sort: TableSort?) -> HostResponse {
        guard let table = tableScreen else { return .hint("Only a table sorts by column") }
        guard live == nil, context(now: now).sections == nil else { return .hint("This list keeps its own order") }
        // The item selected goes with the question: a paged source loads as far as it in
        // the new order, so the selection stays on it (docs/DECISIONS.md).
        if let changed = table.sortedAtSource(by: sort, keeping: model.selectedItem) as? S {
            cancelSort()
            let selected = baseIndex(ofShown: model.selection) ?? 0
            if let base = self.table.sortAtSource(sort) { model.reorder(base, selection: selected) }
            replaceScreen(changed)
            self.table.sortingAtSource = model.isRefreshing
            return .handled(changed: true)
        }
        self.table.sortInMemory(sort)
        startSort()
        return .handled(changed: true)
    }

    /// Sorts ``TableHostState/base`` (the rows shown, when none is kept) by the sort asked.
    func startSort() {
        guard !isDrawingAhead else { return }
        cancelSort()
        let (base, generation) = table.beginSort(rows: model.state.items)
        guard let sort = table.sort, let sorter = tableScreen?.sorter(for: sort) else {
            applySort(nil, generation: generation)
            return
        }
        if base.count <= Self.inlineSortWorkload {
            applySort((try? sorter(base, { false })) ?? nil, generation: generation)
            return
        }
        table.running = generation
        let reply = Reply(to: self)
        scheduler.startLoad(LoadID(screen: id, stream: .sort, generation: generation)) {
            let permutation = try? sorter(base, { Task.isCancelled })
            return reply(.sorted(generation: generation, permutation: permutation ?? nil))
        }
    }

    /// Stops a sort running off the main actor; its result, if it still comes, is dropped.
    func cancelSort() {
        guard let running = table.stopSort() else { return }
        scheduler.cancelLoad(LoadID(screen: id, stream: .sort, generation: running))
    }

    /// Shows the rows in the order of `permutation` (nil: load order), keeping the
    /// selection on its item; dropped when a newer sort or new rows came since it started.
    func applySort(_ permutation: [Int32]?, generation: Int) {
        guard let shown = table.applying(permutation, generation: generation, selection: model.selection,
                                         count: model.count) else { return }
        model.reorder(shown.items, selection: shown.selection)
        table.appliedRevision = model.revision
    }

    /// The position in load order of the row shown at `position`.
    func baseIndex(ofShown position: Int) -> Int? {
        table.baseIndex(ofShown: position, count: model.count)
    }

    /// New rows came while the table is sorted in memory: they are sorted again (a
    /// stream's rows once it ends; until then they follow the sorted ones).
    func syncTableSort() {
        guard !isDrawingAhead,
              let rows = table.rowsChanged(model.state.items, revision: model.revision,
                                           replacedRevision: model.replacedRevision) else { return }
        if case .appended(let shown) = rows {
            // Rows appended by the model itself (a stream's end, a page): it holds them all in
            // load order now, but it kept the selection by its *position*, a row of the order
            // shown. Shown as a report is, the selection is on its item again, and the sort
            // maps it by the permutation. (Rows the model replaced, by a refresh, had it
            // found by id: nothing to map.)
            model.reorder(shown, selection: model.selection)
        }
        table.appliedRevision = model.revision
        if !model.isStreaming { startSort() }
    }

    /// A stream's report while the table is sorted: the rows sorted so far stay in their
    /// order and the new ones follow, so the list does not jump with every report.
    func sortedProgress(_ items: ItemList<S.Item>) -> ItemList<S.Item>? {
        guard model.isStreaming else { return nil }
        return table.progress(items, revision: model.revision)
    }

    /// `<` `>` (and Left/Right when the columns do not fit): one column sideways.
    func scrollColumns(by step: Int) -> Bool { table.scrollColumns(by: step) }

    /// Left on a table scrolled sideways scrolls it back a column instead of going back.
    func scrollsColumnsBack() -> Bool {
        tableScreen != nil && scrollColumns(by: -1)
    }

    /// What the status line says of the order: sorting, or sorted rows that are not all.
    var sortNote: String? {
        guard tableScreen != nil else { return nil }
        return table.note(rowsComplete: model.paging == .complete && !model.isStreaming)
    }
}
