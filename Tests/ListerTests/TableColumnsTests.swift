@testable import Lister
import Synchronization
import Testing

/// `TableColumns` (issue 33): a list of columns, or a count and a function that makes a
/// column only when it is read.
@Suite struct TableColumnsTests {
    @Test func aLazyListMakesOnlyTheColumnsRead() {
        let made = Mutex<[Int]>([])
        let columns = TableColumns<Int>(count: 30_000) { index in
            made.withLock { $0.append(index) }
            return TableColumn("c\(index)") { $0 + index }
        }
        #expect(columns.count == 30_000)
        #expect(made.withLock { $0 }.isEmpty)  // counting makes none
        #expect(columns[29_999].title == "c29999")
        #expect(columns[2].value(40) == .integer(42))
        #expect(made.withLock { $0 } == [29_999, 2])
        #expect(TableColumns<Int>(count: -1) { _ in TableColumn("x") { $0 } }.isEmpty)
    }

    /// `s` after the last column, or on a table of fewer columns than the sort named.
    @MainActor @Test func theFirstSortableColumnPastTheEndIsNone() {
        let table = RecordTable(records: [])  // three columns
        #expect(table.firstSortableColumn(from: 0) == 0)
        #expect(table.firstSortableColumn(from: 3) == nil)
        #expect(table.firstSortableColumn(from: 7) == nil)  // trapped: 7..<3
    }

    @Test func aListWrapsItsColumns() {
        let columns = TableColumns<Int>([TableColumn("a") { $0 }, TableColumn("b") { $0 * 2 }])
        #expect(columns.map(\.title) == ["a", "b"])
        #expect(columns[1].value(3) == .integer(6))
    }
}
