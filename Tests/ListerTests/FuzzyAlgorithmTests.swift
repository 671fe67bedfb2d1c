import Testing
@testable import Lister

/// `--algo v1` (greedy), the search from the end under the `end` and `pathname` tiebreaks,
/// the greedy fallback of lines too long for the table, and U+FFFD for invalid UTF-8: each
/// value here was checked against fzf 0.74.5's ranking of the same lines.
@Suite struct FuzzyAlgorithmTests {
    private func match(_ query: String, _ text: String, algorithm: FuzzyAlgorithm = .v2, forward: Bool = true) -> FuzzyMatch? {
        FuzzyPattern(query, options: FuzzyPattern.Options(algorithm: algorithm, forward: forward)).match(text)
    }

    @Test func v1TakesTheFirstAlignmentWhereV2TakesTheBest() {
        // v2: " ab", a after white space (16 + 2 × 10) and b in the run (16 + 10).
        #expect(match("ab", "a_b ab")?.score == 62)
        #expect(match("ab", "a_b ab")?.positions == [4, 5])
        // v1: the first "a…b" from the start: a (36), a gap (−3), b after "_" (16 + 8).
        #expect(match("ab", "a_b ab", algorithm: .v1)?.score == 57)
        #expect(match("ab", "a_b ab", algorithm: .v1)?.positions == [0, 2])
        #expect(match("abc", "a_b ab", algorithm: .v1) == nil)
    }

    @Test func v1ShortensTheAlignmentFromItsEnd() {
        // Forward, the first end is the b at 4; the latest a before it is at 3.
        #expect(match("ab", "a_xab", algorithm: .v1)?.positions == [3, 4])
    }

    @Test func v1FromTheEndTakesTheLastAlignment() {
        #expect(match("ab", "ab a_b", algorithm: .v1)?.positions == [0, 1])
        #expect(match("ab", "ab a_b", algorithm: .v1, forward: false)?.positions == [3, 5])
        #expect(match("ab", "ab a_b", algorithm: .v1, forward: false)?.score == 57)
        // Backward, the latest start is the a at 3; the earliest end after it the b at 4.
        #expect(match("ab", "a_abxb", algorithm: .v1, forward: false)?.positions == [2, 3])
    }

    @Test func exactTermsAndSingleCharactersFromTheEnd() {
        // From the start the first boundary stops the search; from the end, the last one.
        #expect(match("'ab", "ab x ab")?.positions == [0, 1])
        #expect(match("'ab", "ab x ab", forward: false)?.positions == [5, 6])
        #expect(match("a", "a x a")?.positions == [0])
        #expect(match("a", "a x a", forward: false)?.positions == [4])
        // From the end, the last of the best bonuses, never a worse one.
        #expect(match("a", "x a-a", forward: false)?.positions == [2])
    }

    @Test func theFirstBoundaryStopsTheSearchFromTheStart() {
        // fzf 0.74.5 ranks `x/a` (34) above `x-a a`: the `-a` (8) stops the search before
        // ` a` (10), for an exact term too.
        #expect(match("a", "x-a a")?.score == 32)
        #expect(match("'ab", "x-ab ab")?.score == 56)
        #expect(match("'ab", "x-ab ab", forward: false)?.score == 62)
    }

    @Test func theDirectionFollowsTheFirstOfBeginEndAndPathname() {
        #expect(FuzzyPattern.Options.forward(tiebreaks: []))
        #expect(FuzzyPattern.Options.forward(tiebreaks: [.length, .index]))
        #expect(!FuzzyPattern.Options.forward(tiebreaks: [.end]))
        #expect(!FuzzyPattern.Options.forward(tiebreaks: [.length, .pathname]))
        #expect(FuzzyPattern.Options.forward(tiebreaks: [.begin, .end]))
        #expect(!FuzzyPattern.Options.forward(tiebreaks: [.chunk, .end, .begin]))
    }

    @Test func aLineTooLongForTheTableIsAlignedGreedilyAsFzfDecides() {
        // fzf aligns greedily when the term's length times the line's passes 100 Ki cells.
        func line(_ length: Int) -> String { "a" + String(repeating: "x", count: 10) + "b" + String(repeating: "y", count: length - 15) + " ab" }
        #expect(match("ab", line(51_100))?.score == 62)  // 2 × 51,100 cells: the table
        #expect(match("ab", line(51_300))?.score == 40)  // the first a…b, 10 characters apart
        #expect(match("ab", line(51_300), forward: false)?.score == 62)
        #expect(match("ab", "é " + line(51_300))?.score == 40)  // the general path too
    }

    @Test func aQueryWithTheReplacementCharacterMatchesInvalidBytes() {
        let lines = FilterBytes([[0x61, 0xFF, 0x62], [0x61, 0x62], [0xC3, 0x78], [0xE2, 0x82], [0xC3, 0xA9]])
        #expect(FuzzyRanking(pattern: FuzzyPattern("\u{FFFD}")).rankNow(lines) == [2, 3, 0])
        #expect(FuzzyRanking(pattern: FuzzyPattern("a\u{FFFD}b")).rankNow(lines) == [0])
        #expect(FuzzyRanking(pattern: FuzzyPattern("\u{FFFD}$")).rankNow(lines) == [3])
        #expect(Set(FuzzyRanking(pattern: FuzzyPattern("!\u{FFFD}")).rankNow(lines)) == [1, 4])
    }
}
