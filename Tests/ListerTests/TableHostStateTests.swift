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
}
