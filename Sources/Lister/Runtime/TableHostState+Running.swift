/// The work of a table's sort in memory: starting it (on the main actor for a few rows,
/// off it for many), taking its result, sorting again when rows come, and the order of a
/// stream's reports. The host lends the model and a ``HostLoads`` for a sort off the main
/// actor; what the sort shows is decided in TableHostState+Sorting.swift.
@MainActor
extension TableHostState where Item: Identifiable {
    /// What a sort off the main actor brings back: its generation and the order (nil when
    /// it stopped).
    typealias SortResult = (generation: Int, permutation: [Int32]?)
    /// The screen's sorter for a column (``TableScreen/sorter(for:)``).
    typealias Sorter = @Sendable (Any, () -> Bool) throws -> [Int32]?

    /// Sorts of at most this many rows run on the main actor at once; bigger ones go off it.
    static var inlineSortWorkload: Int { 50_000 }

    /// Sorts ``base`` (the rows shown, when none is kept) by ``sort`` with `sorter`: at
    /// once for a few rows, else as a load of `loads`.
    mutating func startSort(sorter: (TableSort) -> Sorter?, model: inout ListModel<Item>, loads: HostLoads<SortResult>) {
        cancelSort(loads: loads)
        let (base, generation) = beginSort(rows: model.state.items)
        guard let sort, let sorter = sorter(sort) else {
            apply(nil, generation: generation, model: &model)
            return
        }
        if base.count <= Self.inlineSortWorkload {
            apply((try? sorter(base, { false })) ?? nil, generation: generation, model: &model)
            return
        }
        running = generation
        let reply = loads.reply
        loads.start(.sort, generation: generation) {
            let permutation = try? sorter(base, { Task.isCancelled })
            return reply((generation, permutation ?? nil))
        }
    }

    /// Stops a sort running off the main actor; its result, if it still comes, is dropped.
    mutating func cancelSort(loads: HostLoads<SortResult>) {
        guard let running = stopSort() else { return }
        loads.cancel(.sort, generation: running)
    }

    /// Takes the result of the sort off the main actor started as `generation`: the rows
    /// in its order, unless a newer sort or new rows came since.
    mutating func finishSort(_ result: SortResult, model: inout ListModel<Item>) {
        if running == result.generation { running = nil }
        guard let permutation = result.permutation else { return }  // stopped: the status stops saying "sorting…"
        apply(permutation, generation: result.generation, model: &model)
    }

    /// Shows the rows in the order of `permutation` (nil: load order), keeping the
    /// selection on its item; dropped when a newer sort or new rows came since it started.
    mutating func apply(_ permutation: [Int32]?, generation: Int, model: inout ListModel<Item>) {
        guard let shown = applying(permutation, generation: generation, selection: model.selection,
                                   count: model.count) else { return }
        model.reorder(shown.items, selection: shown.selection)
        appliedRevision = model.revision
    }

    /// New rows came while the table is sorted in memory: they are sorted again (a
    /// stream's rows once it ends; until then they follow the sorted ones).
    mutating func syncSort(sorter: (TableSort) -> Sorter?, model: inout ListModel<Item>, loads: HostLoads<SortResult>) {
        guard let rows = rowsChanged(model.state.items, revision: model.revision,
                                     replacedRevision: model.replacedRevision) else { return }
        if case .appended(let shown) = rows {
            // Rows appended by the model itself (a stream's end, a page): it holds them all in
            // load order now, but it kept the selection by its *position*, a row of the order
            // shown. Shown as a report is, the selection is on its item again, and the sort
            // maps it by the permutation. (Rows the model replaced, by a refresh, had it
            // found by id: nothing to map.)
            model.reorder(shown, selection: model.selection)
        }
        appliedRevision = model.revision
        if !model.isStreaming { startSort(sorter: sorter, model: &model, loads: loads) }
    }

    /// A stream's report while the table is sorted: the rows sorted so far stay in their
    /// order and the new ones follow, so the list does not jump with every report; nil
    /// when the report is to be taken as it is.
    mutating func sortedProgress(_ items: ItemList<Item>, model: ListModel<Item>) -> ItemList<Item>? {
        guard model.isStreaming else { return nil }
        return progress(items, revision: model.revision)
    }
}
