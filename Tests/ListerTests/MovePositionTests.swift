@testable import Lister
import Testing

/// fzf's `pos(N)` and half pages as moves over the rows.
@Suite struct MovePositionTests {
    @Test func positionsCountFromEitherEndAndClamp() throws {
        func target(_ n: Int) throws -> Int { try #require(Move(.position(n), page: { _ in 10 })).target(from: 2, count: 5) }
        #expect(try target(1) == 0)
        #expect(try target(0) == 0)  // fzf's pos(0) is the first
        #expect(try target(3) == 2)
        #expect(try target(9) == 4)
        #expect(try target(-1) == 4)
        #expect(try target(-2) == 3)
        #expect(try target(-9) == 0)
    }

    @Test func halfPagesMoveHalfAPageAtLeastOneRow() {
        #expect(Move(.halfPageDown, page: { _ in 10 }) == .by(5))
        #expect(Move(.halfPageUp, page: { _ in 11 }) == .by(-5))
        #expect(Move(.halfPageDown, page: { _ in 1 }) == .by(1))
    }
}
