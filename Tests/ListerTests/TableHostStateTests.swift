@testable import Lister
import Testing

/// What a list's host keeps for a table, as a value: which order `s`, `S` and a click on a
/// title ask for, and where a row shown sorted was in load order.
@MainActor
@Suite struct TableHostStateTests {
    /// Four columns, the third not sortable.
    let sortable = [true, true, false, true]

    /// The first sortable column of `sortable` from `start` on, as a table answers it.
    static func firstSortable(in sortable: [Bool]) -> (Int) -> Int? {
        { start in (start..<sortable.count).first { sortable[$0] } }
    }

    @Test func sWalksTheSortableColumnsThenTheLoadOrder() {
        var table = TableHostState<Int>()
        var seen: [Int?] = []
        for _ in 0..<4 {
            table.sort = table.nextSort(firstSortable: Self.firstSortable(in: sortable))
            seen.append(table.sort?.column)
        }
        #expect(seen == [0, 1, 3, nil])
    }

    @Test func capitalSAndAClickTurnTheOrderAround() {
        var table = TableHostState<Int>()
        #expect(table.reversedSort(firstSortable: Self.firstSortable(in: sortable)) == TableSort(column: 0, ascending: false))
        #expect(table.reversedSort(firstSortable: Self.firstSortable(in: [false, false])) == nil)
        table.sort = TableSort(column: 1)
        #expect(table.reversedSort(firstSortable: Self.firstSortable(in: sortable)) == TableSort(column: 1, ascending: false))
        #expect(table.sort(clicked: 1) == TableSort(column: 1, ascending: false))
        #expect(table.sort(clicked: 3) == TableSort(column: 3))
    }

    @Test func aRowShownSortedIsFoundInLoadOrderAndRowsAfterThePermutationKeepTheirPlace() {
        var table = TableHostState<Int>()
        #expect(table.baseIndex(ofShown: 2, count: 5) == 2)  // not sorted
        table.permutation = [2, 0, 1]
        #expect(table.baseIndex(ofShown: 0, count: 5) == 2)
        #expect(table.baseIndex(ofShown: 4, count: 5) == 4)  // came after the sort
        #expect(table.baseIndex(ofShown: 5, count: 5) == nil)
        let shown = TableHostState<Int>.shown(ItemList([10, 11, 12, 13]), by: [2, 0, 1])
        #expect(Array(shown) == [12, 10, 11, 13])
    }

    @Test func columnsDoNotScrollBeforeALayoutSaysHowFar() {
        var table = TableHostState<Int>()
        let scrolled = table.scrollColumns(by: 1)
        #expect(!scrolled && table.firstColumn == 0)
    }

    @Test func aSortsResultKeepsTheItemSelectedAndAnOlderOneIsDropped() throws {
        var table = TableHostState<Int>()
        table.sortInMemory(TableSort(column: 0))
        let first = table.beginSort(rows: ItemList([10, 11, 12, 13]))
        let second = table.beginSort(rows: ItemList([99]))  // the rows kept are sorted again
        #expect(Array(second.base) == [10, 11, 12, 13] && second.generation == first.generation + 1)
        #expect(table.applying([3, 2, 1, 0], generation: first.generation, selection: 1, count: 4) == nil)
        let sorted = table.applying([3, 2, 1, 0], generation: second.generation, selection: 1, count: 4)
        let shown = try #require(sorted)
        #expect(Array(shown.items) == [13, 12, 11, 10] && shown.selection == 2)  // 11 stays selected
        // Back to the load's order: the selection follows its item, the rows kept are let go.
        let inLoadOrder = table.applying(nil, generation: second.generation, selection: 0, count: 4)
        let unsorted = try #require(inLoadOrder)
        #expect(Array(unsorted.items) == [10, 11, 12, 13] && unsorted.selection == 3)
        #expect(table.base == nil && table.permutation == nil)
    }

    @Test func rowsAppendedFollowTheSortedOnesAndRowsReplacedDropTheOrder() {
        var table = TableHostState<Int>()
        table.sortInMemory(TableSort(column: 0))
        let sort = table.beginSort(rows: ItemList([10, 11, 12]))
        _ = table.applying([2, 0, 1], generation: sort.generation, selection: 0, count: 3)
        table.appliedRevision = 5
        #expect(table.rowsChanged(ItemList([10, 11, 12]), revision: 5, replacedRevision: 1) == nil)  // seen
        let appended = table.rowsChanged(ItemList([10, 11, 12, 13]), revision: 6, replacedRevision: 1)
        guard case .appended(let shown)? = appended else { Issue.record("not appended: \(String(describing: appended))"); return }
        #expect(Array(shown) == [12, 10, 11, 13] && table.base.map(Array.init) == [10, 11, 12, 13])
        table.appliedRevision = 6
        let replaced = table.rowsChanged(ItemList([20, 21, 22, 23]), revision: 7, replacedRevision: 7)
        guard case .replaced? = replaced else { Issue.record("not replaced"); return }
        #expect(table.permutation == nil && table.base.map(Array.init) == [20, 21, 22, 23])
        _ = table.sortAtSource(TableSort(column: 1))
        #expect(table.rowsChanged(ItemList([1]), revision: 8, replacedRevision: 8) == nil)  // the source sorts
    }

    @Test func aStreamsReportsFollowTheSortedRowsAndTheStatusSaysWhatIsSorted() {
        var table = TableHostState<Int>()
        #expect(table.note(rowsComplete: false) == nil)  // not sorted
        table.sortInMemory(TableSort(column: 0))
        let sort = table.beginSort(rows: ItemList([10, 11, 12]))
        _ = table.applying([2, 0, 1], generation: sort.generation, selection: 0, count: 3)
        table.appliedRevision = 3
        #expect(table.progress(ItemList([10, 11, 12, 13, 14]), revision: 3).map(Array.init) == [12, 10, 11, 13, 14])
        #expect(table.progress(ItemList([10, 11, 12, 13, 14]), revision: 4) == nil)  // rows not yet sorted again
        #expect(table.note(rowsComplete: false) == "sorted: loaded rows only")
        #expect(table.note(rowsComplete: true) == nil)
        table.running = 2
        #expect(table.note(rowsComplete: true) == "sorting…")
        #expect(table.stopSort() == 2 && table.running == nil && table.stopSort() == nil)
        _ = table.sortAtSource(TableSort(column: 0))
        #expect(table.note(rowsComplete: false) == nil && table.sortsAtSource)
    }
}
