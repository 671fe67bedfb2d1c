@testable import Lister
import Testing

/// The navigation commands every host answers alike.
@Suite struct MoveTests {
    @Test func navigationCommandsAreMovesAndOthersAreNot() {
        let page: (Bool) -> Int = { $0 ? 9 : 7 }
        #expect(Move(.up, page: page) == .by(-1))
        #expect(Move(.down, page: page) == .by(1))
        #expect(Move(.pageUp, page: page) == .by(-7))
        #expect(Move(.pageDown, page: page) == .by(9))
        #expect(Move(.top, page: page) == .start)
        #expect(Move(.bottom, page: page) == .end)
        #expect(Move(.open, page: page) == nil)
        #expect(Move(.filter, page: page) == nil)
    }

    @Test func aMoveStaysWithinTheRows() {
        #expect(Move.by(-1).target(from: 0, count: 5) == 0)
        #expect(Move.by(3).target(from: 3, count: 5) == 4)
        #expect(Move.by(2).target(from: 1, count: 5) == 3)
        #expect(Move.start.target(from: 3, count: 5) == 0)
        #expect(Move.end.target(from: 0, count: 5) == 4)
        #expect(Move.end.target(from: 0, count: 0) == 0)  // no rows: row 0, as an empty list selects
    }
}
