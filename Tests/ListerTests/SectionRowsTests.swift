@testable import Lister
import Testing

/// The drawn rows of a sectioned list, as a pure value.
@Suite struct SectionRowsTests {
    let rows = SectionRows<Int>([.items([1, 2]), .empty, .loading, .failed])

    @Test func eachSectionIsAHeaderThenItsItemsOrOneStateRow() {
        #expect(rows.count == 9)
        #expect(rows[0] == .header(section: 0))
        #expect(rows[2] == .item(section: 0, index: 1, id: 2))
        #expect(rows[4] == .empty(section: 1))
        #expect(rows[6] == .loading(section: 2))
        #expect(rows[8] == .failed(section: 3))
    }

    @Test func theSelectionMovesOverSelectableRowsOnly() {
        #expect(rows.destination(of: .by(1), from: 2) == 6)    // over a header, an empty section and a header
        #expect(rows.destination(of: .by(1), from: 6) == 8)
        #expect(rows.destination(of: .by(1), from: 8) == 8)    // the end
        #expect(rows.destination(of: .by(-1), from: 1) == 1)   // the start
        #expect(rows.destination(of: .by(100), from: 1) == 8)
        #expect(rows.destination(of: .by(-3), from: 8) == 2)
        #expect(rows.destination(of: .start, from: 8) == 1)    // past the first header
        #expect(rows.destination(of: .end, from: 1) == 8)
        #expect(rows.firstSelectable(from: 0, forward: true) == 1)
        #expect(SectionRows<Int>([.empty]).selectable(near: 0) == nil)
    }

    @Test func anchorsFindTheSameRowAfterRowsMove() {
        let later = SectionRows<Int>([.items([0, 1, 2]), .items([7]), .items([5]), .failed])
        #expect(later.row(of: .item(section: 0, id: 2)) == 3)
        #expect(later.row(of: .status(section: 3)) == 9)
        #expect(later.row(of: .status(section: 2)) == nil)  // loaded now: nearest row instead
    }

    @Test func theStickyHeaderIsTheSectionOfTheTopRowUntilTheNextHeaderTakesOver() {
        #expect(rows.stickySection(atOffset: 1) == 0)
        #expect(rows.stickySection(atOffset: 2) == nil)  // the next row is a header
        #expect(rows.stickySection(atOffset: 0) == nil)  // a header shows itself
    }

    @Test func aFilteredSectionShowsItsMatchesAndAHiddenOneNothing() {
        let filtered = SectionRows<Int>([.matches([(index: 1, id: 11), (index: 4, id: 14)]), .hidden, .loading])
        #expect(filtered.count == 5)
        #expect(filtered[1] == .item(section: 0, index: 1, id: 11))  // the item's own index
        #expect(filtered[2] == .item(section: 0, index: 4, id: 14))
        #expect(filtered[3] == .header(section: 2))  // section 1: not even a header
    }

    @Test func aRowThatWentGivesWayToTheNextRowInItsPlace() {
        let all = SectionRows<Int>([.items([10, 11, 12]), .items([20, 21])])
        let filtered = SectionRows<Int>([.matches([(index: 2, id: 12)]), .matches([(index: 0, id: 20)])])
        #expect(filtered.nearestSelectable(toPlaceOf: all[2]) == 1)  // item 11 went: item 12
        #expect(filtered.nearestSelectable(toPlaceOf: all[4]) == 3)  // section 0 ended: section 1's first
        let onlyFirst = SectionRows<Int>([.matches([(index: 0, id: 10)]), .hidden])
        #expect(onlyFirst.nearestSelectable(toPlaceOf: all[6]) == 1)  // nothing after it: the last before
    }
}
