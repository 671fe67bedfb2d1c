@testable import Lister
import Testing

/// A multiple picker's marks as a value, without a host: marking one key or every key
/// shown under a limit, reading the marked items in list order or in the order marked,
/// and losing the marks of rows a live feed removed.
@Suite struct ListMarksTests {
    @Test func aChangeOfOneKeySaysWhetherItsMarkChanged() {
        var marks = ListMarks<Int>()
        let changed = [
            marks.apply(.mark, to: 1, limit: nil),
            marks.apply(.mark, to: 1, limit: nil),  // marked already
            marks.apply(.unmark, to: 2, limit: nil),  // never marked
            marks.apply(.toggle, to: 2, limit: nil),
            marks.apply(.toggle, to: 3, limit: 2),  // the limit is reached
            marks.apply(.toggle, to: 1, limit: 2),  // unmarking needs no room
        ]
        #expect(changed == [true, false, false, true, false, true])
        #expect(marks.keys == [2])
    }

    @Test func markingEveryRowShownStopsAtTheLimitAndTogglingSwapsWhileRoomIsLeft() {
        var marks: ListMarks<Int> = [1]
        let marked = marks.apply(.mark, toAll: 0..<5, limit: 3)
        #expect(marked && marks.inMarkedOrder == [1, 0, 2])
        let markedAgain = marks.apply(.mark, toAll: 0..<5, limit: 3)
        #expect(!markedAgain)  // nothing left to mark
        let toggled = marks.apply(.toggle, toAll: [0, 3, 4], limit: 3)
        #expect(toggled && marks.keys == [1, 2, 3])  // 0 unmarked, 3 marked in its room, 4 not
        let unmarked = [marks.apply(.unmark, toAll: 0..<5, limit: 3), marks.apply(.unmark, toAll: 0..<5, limit: 3)]
        #expect(unmarked == [true, false] && marks.isEmpty)
    }

    @Test func markedItemsComeInListOrderOrInTheOrderMarked() {
        let items = ["apple", "banana", "cherry", "damson"].enumerated().map { Fruit(id: $0.offset, name: $0.element) }
        var marks: ListMarks<Int> = [3, 0, 2]
        marks.remove(0)
        marks.mark(0, limit: nil)  // marked again: at its last marking
        #expect(marks.marked(in: items, inMarkedOrder: false).map(\.id) == [0, 2, 3])
        #expect(marks.marked(in: items, inMarkedOrder: true).map(\.id) == [3, 2, 0])
        #expect(marks.marked(in: items.prefix(2), inMarkedOrder: true).map(\.id) == [0])  // rows gone are skipped
    }

    @Test func aFeedsRemovalsUnmarkTheirRowsAndASnapshotKeepsOnlyRowsStillThere() {
        var marks: ListMarks<Int> = [0, 1, 2]
        marks.unmarkGone(after: [ListChange<Fruit>.remove(1), .append([Fruit(id: 9, name: "fig")])],
                         remaining: [0, 2, 9])
        #expect(marks.keys == [0, 2])
        marks.unmarkGone(after: [ListChange<Fruit>.replaceAll(ItemList([Fruit(id: 2, name: "cherry")]))],
                         remaining: [2, 7])
        #expect(marks.keys == [2])
    }
}
