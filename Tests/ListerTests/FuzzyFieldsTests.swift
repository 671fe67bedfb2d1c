@testable import Lister
import Testing

/// ``FuzzyMatcher/match(_:fields:withPositions:)``: terms matched in each field on its own,
/// positions and tiebreaks in the whole row (fzf's `--nth`).
@Suite struct FuzzyFieldsTests {
    private func match(_ query: String, _ row: String, _ fields: [Range<Int>], positions: Bool = true) -> FuzzyMatch? {
        var matcher = FuzzyMatcher(FuzzyPattern(query))
        let bytes = Array(row.utf8)
        return bytes.withUnsafeBufferPointer { whole in
            fields.withUnsafeBufferPointer { matcher.match(whole, fields: $0, withPositions: positions) }
        }
    }

    @Test func aTermIsMatchedInOneField() {
        #expect(match("o,b", "foo,bar", [0..<4, 4..<7]) == nil)
        #expect(match("o,b", "foo,bar", [0..<7]) != nil)
        #expect(match("fb", "foo,bar", [0..<4, 4..<7]) == nil)
        #expect(match("f b", "foo,bar", [0..<4, 4..<7]) != nil)
    }

    @Test func aFieldStartsAsALineStarts() {
        // `ab` after `,` takes the delimiter's bonus in the row, the start's in the field.
        let alone = FuzzyPattern("ab").match("ab")?.score
        #expect(match("ab", "x,ab", [2..<4])?.score == alone)
        #expect(match("ab", "x,ab", [2..<4], positions: false)?.score == alone)
        #expect(match("ab", "x,ab", [0..<4])?.score != alone)
    }

    @Test func theFirstFieldThatMatchesCounts() {
        let first = FuzzyPattern("a").match("bxa,")?.score, second = FuzzyPattern("a").match("a")?.score
        #expect(first != second)
        #expect(match("a", "bxa,a", [0..<4, 4..<5])?.score == first)
        #expect(match("a", "bxa,a", [4..<5, 0..<4])?.score == second)
    }

    @Test func anInverseTermExcludesWhenAnyFieldHoldsIt() {
        #expect(match("!c", "ab cd", [0..<3, 3..<5]) == nil)
        #expect(match("!bc", "ab cd", [0..<3, 3..<5]) != nil)
        #expect(match("ab !cd", "ab cd", [3..<5, 0..<3]) == nil)
    }

    @Test func positionsAndTiebreaksAreOfTheWholeRow() throws {
        let found = try #require(match("a", "xxxx:za", [5..<7]))
        #expect(found.positions == [6])
        #expect(found.tieValue(.begin) == 7)
        #expect(found.length == 7)
        // `é` is two bytes and one code point.
        let accented = try #require(match("a", "é:za", [3..<5]))
        #expect(accented.positions == [3])
        #expect(accented.length == 4)
        // Without positions (the `length` tiebreak alone) the length is the row's too.
        #expect(match("a", "  xxxx:za ", [7..<9], positions: false)?.length == 7)
    }
}
