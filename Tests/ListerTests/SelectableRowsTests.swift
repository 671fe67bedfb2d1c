@testable import Lister
import Testing

/// The one navigation every kind of list shares: where a move lands over rows some of
/// which cannot take the selection.
@Suite struct SelectableRowsTests {
    /// Rows given as a pattern: `o` can take the selection, `-` cannot.
    struct Pattern: SelectableRows {
        let marks: [Character]
        init(_ pattern: String) { marks = Array(pattern) }
        var count: Int { marks.count }
        func isSelectable(_ row: Int) -> Bool { marks[row] == "o" }
    }

    @Test func aMoveGoesPastRowsThatCannotBeSelectedInItsDirection() {
        let rows = Pattern("-o--o-o-")
        #expect(rows.destination(of: .by(1), from: 1) == 4)
        #expect(rows.destination(of: .by(-1), from: 4) == 1)
        #expect(rows.destination(of: .by(2), from: 1) == 4)    // lands on row 3, goes on to 4
        #expect(rows.destination(of: .by(-2), from: 6) == 4)   // lands on row 4
        #expect(rows.destination(of: .by(-3), from: 6) == 1)   // lands on row 3, goes up to 1
    }

    @Test func atTheEndsItStaysOnTheLastRowThatCanBeSelected() {
        let rows = Pattern("-o--o-o-")
        #expect(rows.destination(of: .by(1), from: 6) == 6)
        #expect(rows.destination(of: .by(-1), from: 1) == 1)
        #expect(rows.destination(of: .by(100), from: 1) == 6)
        #expect(rows.destination(of: .by(-100), from: 6) == 1)
        #expect(rows.destination(of: .start, from: 6) == 1)
        #expect(rows.destination(of: .end, from: 1) == 6)
    }

    @Test func rowsWithNothingSelectableGiveNoDestination() {
        #expect(Pattern("---").destination(of: .by(1), from: 0) == nil)
        #expect(Pattern("").destination(of: .end, from: 0) == nil)
        #expect(Pattern("").selectable(near: 3) == nil)
    }

    @Test func theNearestRowLooksTheAskedWayFirst() {
        let rows = Pattern("o--o")
        #expect(rows.selectable(near: 1) == 3)
        #expect(rows.selectable(near: 2, forward: false) == 0)
        #expect(rows.selectable(near: 9) == 3)                   // clamped to the rows
        #expect(rows.firstSelectable(from: 1, forward: false) == 0)
        #expect(rows.firstSelectable(from: 1, forward: true) == 3)
    }

    /// A list whose rows can all be selected asks about one row per move.
    @Test func rowsThatCanAllBeSelectedAreAskedOnce() {
        final class Counting: SelectableRows {
            var asked = 0
            var count: Int { 1_000_000 }
            func isSelectable(_ row: Int) -> Bool { asked += 1; return true }
        }
        let rows = Counting()
        #expect(rows.destination(of: .by(1), from: 500_000) == 500_001)
        #expect(rows.destination(of: .end, from: 0) == 999_999)
        #expect(rows.asked == 2)
    }
}
