@_spi(Testing) @testable import Lister
import ListerTestSupport
import Testing

/// A table's sort in memory, run by ``TableHostState`` on the model the host lends
/// (TableHostState+Running.swift), without a host.
@MainActor
@Suite struct TableSortWorkTests {
    private let probe = LoadsProbe<TableHostState<Fruit>.SortResult>()

    /// Sorts the rows backwards (as a column sorted descending would, here by id).
    private let backwards: TableHostState<Fruit>.Sorter = { rows, _ in
        let count = (rows as? ItemList<Fruit>)?.count ?? 0
        return (0..<Int32(count)).reversed()
    }

    private func fruits(_ count: Int) -> [Fruit] { (1...count).map { Fruit(id: $0, name: "fruit \($0)") } }

    @Test func aFewRowsAreSortedAtOnceAndTheSelectionStaysOnItsItem() {
        var table = TableHostState<Fruit>()
        var model = loadedModel(fruits(5), selected: 1)
        table.sortInMemory(TableSort(column: 0, ascending: false))
        table.startSort(sorter: { _ in backwards }, model: &model, loads: probe.loads)
        #expect(model.state.items.map(\.id) == [5, 4, 3, 2, 1])
        #expect(model.selectedItem?.id == 2 && table.running == nil)
        #expect(probe.cancelled(.sort, generation: table.generation) == nil)  // no load
        table.sortInMemory(nil)
        table.startSort(sorter: { _ in backwards }, model: &model, loads: probe.loads)
        #expect(model.state.items.map(\.id) == [1, 2, 3, 4, 5] && model.selectedItem?.id == 2)  // the load's order
    }

    @Test func manyRowsAreSortedOffTheMainActorAndAStaleResultIsDropped() {
        var table = TableHostState<Fruit>()
        let count = TableHostState<Fruit>.inlineSortWorkload + 1
        var model = loadedModel(fruits(count))
        table.sortInMemory(TableSort(column: 0, ascending: false))
        table.startSort(sorter: { _ in backwards }, model: &model, loads: probe.loads)
        let first = table.generation
        #expect(table.running == first && probe.cancelled(.sort, generation: first) == false)
        #expect(model.state.items.first?.id == 1)  // nothing shown sorted until the result comes
        table.startSort(sorter: { _ in backwards }, model: &model, loads: probe.loads)
        #expect(probe.cancelled(.sort, generation: first) == true)  // a new sort cancels the running one
        table.finishSort((first, Array((0..<Int32(count)).reversed())), model: &model)
        #expect(model.state.items.first?.id == 1)  // from the older sort: dropped
        table.finishSort((table.generation, Array((0..<Int32(count)).reversed())), model: &model)
        #expect(model.state.items.first?.id == count && table.running == nil)
    }
}
