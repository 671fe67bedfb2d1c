import TerminalCore

/// Tables: sorting (`s`, `S`, a click on a title) and scrolling by column.
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
            if let base = self.table.base { model.reorder(base, selection: baseIndex(ofShown: model.selection) ?? 0) }
            self.table = TableHostState(sort: sort, firstColumn: self.table.firstColumn, sortsAtSource: true)
            replaceScreen(changed)
            self.table.sortingAtSource = model.isRefreshing
            return .handled(changed: true)
        }
        self.table.sort = sort
        self.table.sortsAtSource = false
        startSort()
        return .handled(changed: true)
    }

    /// Sorts ``TableHostState/base`` (the rows shown, when none is kept) by the sort asked.
    func startSort() {
        guard !isDrawingAhead else { return }
        cancelSort()
        let base = table.base ?? model.state.items
        table.base = base
        table.generation += 1
        let generation = table.generation
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
        if let running = table.running {
            scheduler.cancelLoad(LoadID(screen: id, stream: .sort, generation: running))
            table.running = nil
        }
    }

    /// Shows the rows in the order of `permutation` (nil: load order), keeping the
    /// selection on its item; dropped when a newer sort or new rows came since it started.
    func applySort(_ permutation: [Int32]?, generation: Int) {
        guard generation == table.generation, let base = table.base else { return }
        if table.running == generation { table.running = nil }
        let selected = baseIndex(ofShown: model.selection)
        table.permutation = permutation
        let items: ItemList<S.Item>
        var selection = model.selection
        if let permutation {
            items = Self.shown(base, by: permutation)
            if let selected { selection = permutation.firstIndex(of: Int32(selected)) ?? selected }
        } else {
            items = base
            selection = selected ?? selection
            table.base = nil
        }
        model.reorder(items, selection: selection)
        table.appliedRevision = model.revision
    }

    /// The position in load order of the row shown at `position`.
    func baseIndex(ofShown position: Int) -> Int? {
        table.baseIndex(ofShown: position, count: model.count)
    }

    /// New rows came while the table is sorted in memory: they are sorted again (a
    /// stream's rows once it ends; until then they follow the sorted ones).
    func syncTableSort() {
        guard !isDrawingAhead, table.sort != nil, !table.sortsAtSource, model.revision != table.appliedRevision else { return }
        let items = model.state.items
        table.base = items
        if let permutation = table.permutation, model.replacedRevision <= table.appliedRevision,
           items.count >= permutation.count {
            // Rows appended by the model itself (a stream's end, a page): it holds them all in
            // load order now, but it kept the selection by its *position*, a row of the order
            // shown. Shown as a report is (the sorted rows in their order, the new ones after),
            // the selection is on its item again, and the sort maps it by the permutation.
            // (Rows the model replaced, by a refresh, had it found by id: nothing to map.)
            model.reorder(Self.shown(items, by: permutation), selection: model.selection)
        } else {
            table.permutation = nil
        }
        table.appliedRevision = model.revision
        if !model.isStreaming { startSort() }
    }

    /// A stream's report while the table is sorted: the rows sorted so far stay in their
    /// order and the new ones follow, so the list does not jump with every report.
    func sortedProgress(_ items: ItemList<S.Item>) -> ItemList<S.Item>? {
        guard table.sort != nil, !table.sortsAtSource, let permutation = table.permutation,
              model.isStreaming, table.appliedRevision == model.revision, items.count >= permutation.count
        else { return nil }
        table.base = items
        return Self.shown(items, by: permutation)
    }

    /// `items` as shown sorted by `permutation` (``TableHostState/shown(_:by:)``).
    static func shown(_ items: ItemList<S.Item>, by permutation: [Int32]) -> ItemList<S.Item> {
        TableHostState.shown(items, by: permutation)
    }

    /// `<` `>` (and Left/Right when the columns do not fit): one column sideways.
    func scrollColumns(by step: Int) -> Bool { table.scrollColumns(by: step) }

    /// Left on a table scrolled sideways scrolls it back a column instead of going back.
    func scrollsColumnsBack() -> Bool {
        tableScreen != nil && scrollColumns(by: -1)
    }

    /// What the status line says of the order: sorting, or sorted rows that are not all.
    var sortNote: String? {
        guard tableScreen != nil, table.sort != nil else { return nil }
        if table.running != nil { return "sorting…" }
        if !table.sortsAtSource, model.paging != .complete || model.isStreaming { return "sorted: loaded rows only" }
        return nil
    }
}
