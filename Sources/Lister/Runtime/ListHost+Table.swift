import TerminalCore

/// Tables: sorting (`s`, `S`, a click on a title) and scrolling by column. What a sort
/// shows is decided in TableHostState+Sorting.swift and the sort in memory runs in
/// TableHostState+Running.swift, on the model the host lends; the host routes the keys
/// and asks the screen for a sort at its source (which replaces the screen).
extension ListHost: TableHost {
    var tableScreen: (any TableScreen)? { screen.asTable }

    /// A sort in memory's loads: its result comes back as ``Message/sorted(generation:permutation:)``.
    private var sortLoads: HostLoads<TableHostState<S.Item>.SortResult> {
        HostLoads(scheduler: scheduler, screen: id, reply: Reply(to: self).wrapping {
            .sorted(generation: $0.generation, permutation: $0.permutation)
        })
    }

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
            self.table.cancelSort(loads: sortLoads)
            let selected = self.table.baseIndex(ofShown: model.selection, count: model.count) ?? 0
            if let base = self.table.sortAtSource(sort) { model.reorder(base, selection: selected) }
            replaceScreen(changed)
            self.table.sortingAtSource = model.isRefreshing
            return .handled(changed: true)
        }
        self.table.sortInMemory(sort)
        startSort()
        return .handled(changed: true)
    }

    /// Sorts the rows in memory (``TableHostState/startSort(sorter:model:loads:)``).
    func startSort() {
        guard !isDrawingAhead else { return }
        table.startSort(sorter: sorter(for:), model: &model, loads: sortLoads)
    }

    /// New rows came while the table is sorted in memory: they are sorted again
    /// (``TableHostState/syncSort(sorter:model:loads:)``).
    func syncTableSort() {
        guard !isDrawingAhead else { return }
        table.syncSort(sorter: sorter(for:), model: &model, loads: sortLoads)
    }

    /// The screen's sorter for `sort`.
    private func sorter(for sort: TableSort) -> TableHostState<S.Item>.Sorter? { tableScreen?.sorter(for: sort) }

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
