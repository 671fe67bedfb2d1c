@testable import Lister
import TerminalCore
import Testing

/// The fast paths of ranking give what the general ones give: the score of ASCII lines from
/// occurrences (``FuzzyASCIIScorer``) against the full table, and the counting sort against
/// a comparison sort.
@Suite struct FuzzyFastPathTests {
    /// The score and length through the general path (positions asked for, so the fast
    /// path is not taken) and through the fast one.
    private func both(_ pattern: FuzzyPattern, _ line: [UInt8]) -> (general: FuzzyMatch?, fast: FuzzyMatch?) {
        var general = FuzzyMatcher(pattern)
        var fast = FuzzyMatcher(pattern)
        return line.withUnsafeBufferPointer { bytes in
            let slow = general.match(bytes, withPositions: true)
            return (slow.map { FuzzyMatch(score: $0.score, positions: [], length: $0.length, textEnd: $0.textEnd) }, fast.match(bytes, withPositions: false))
        }
    }

    @Test func theScoreOfEveryShortLineOfEveryClassIsTheTables() {
        // One character of each class that scores differently, and a letter in both cases.
        let alphabet = Array("aAb/1_ ".utf8)
        let queries = ["a", "b", "A", "ab", "ba", "aa", "a1", "b/", "aba", "a_b", "ab1", "aB", "Ab", "abab", "a b"]
        let patterns = queries.map { FuzzyPattern($0) } + ["ab", "aa"].map { FuzzyPattern($0, options: .init(caseMode: .respect)) }
        var lines: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 1...5 {
            frontier = frontier.flatMap { line in alphabet.map { line + [$0] } }
            lines += frontier
        }
        var compared = 0
        for line in lines {
            for pattern in patterns {
                let (general, fast) = both(pattern, line)
                #expect(general == fast, "\(pattern.text) over \(String(decoding: line, as: UTF8.self))")
                compared += 1
            }
        }
        #expect(compared > 100_000)
    }

    @Test func theScoreOfLongRandomLinesIsTheTables() {
        var random = SplitMix64(seed: 21)
        let alphabet = Array("abcdeABC/-_.: 0123".utf8)
        let words = ["lorem", "ipsum", "dolor", "item", "orem", "Lorem", "a", "x"]
        for _ in 0..<3000 {
            var line: [UInt8] = []
            let length = Int(random.next() % 120)
            while line.count < length {
                if random.next() % 3 == 0 {
                    line += Array(words[Int(random.next() % UInt64(words.count))].utf8)
                } else {
                    line.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
                }
            }
            let queryLength = 1 + Int(random.next() % 5)
            let query = String(decoding: (0..<queryLength).map { _ in alphabet[Int(random.next() % 13)] }, as: UTF8.self)
            for text in [query, "orem", "lorem ipsum", "ldi"] {
                let pattern = FuzzyPattern(text)
                guard pattern.groups.allSatisfy({ $0.count == 1 && $0[0].kind == .fuzzy && !$0[0].isInverse }) else { continue }
                let (general, fast) = both(pattern, line)
                #expect(general == fast, "\(text) over \(String(decoding: line, as: UTF8.self))")
            }
        }
    }

    /// A run of the whole term with no bonus among the occurrences scores as a run
    /// without the table (``FuzzyASCIIScorer/plainRunScore(_:)``); any bonus, at the
    /// start of a word, a hump, a digit, punctuation or the start of the line, goes to the
    /// table, which may find more. Runs straddle the 64-bit words of the bits too.
    @Test func aPlainRunScoresAsTheTableDoes() {
        let cases: [(query: String, line: String, plain: Bool)] = [
            ("or", "dolor sit lorem", true), ("orem", "xx lorem dolor", true), ("12", "a312b", true),
            ("orem", "LOREM", true), ("ab", "xxab", true),
            ("orem", "lorem elit magna", false), ("orem", "lorem xorEm", false), ("orem", "lOREm", false),
            ("12", "a12", false), ("ab", "ab", false), ("ab", "x-ab", false), ("or", "lor r", false), ("o-", "lo-", false),
        ]
        for (query, line, plain) in cases {
            let (general, fast) = both(FuzzyPattern(query), Array(line.utf8))
            #expect(general == fast, "\(query) over \(line)")
            #expect((fast?.score == Int(FuzzyASCIIScorer.plainRunScore(query.count))) == plain, "\(query) over \(line)")
        }
        var random = SplitMix64(seed: 36)
        let words = ["lorem", "dolor", "elit", "magna", "Em", "m9", "orEm", "x", "-e", "or", "rem"]
        var compared = 0
        for length in [10, 40, 60, 63, 64, 65, 70, 127, 128, 129, 190] {
            for _ in 0..<80 {
                var line: [UInt8] = []
                while line.count < length {
                    line += Array(words[Int(random.next() % UInt64(words.count))].utf8)
                    line.append(random.next() % 4 == 0 ? UInt8(ascii: "x") : UInt8(ascii: " "))
                }
                for query in ["or", "orem", "rem", "em", "ore", "Em", "lorem"] {
                    let (general, fast) = both(FuzzyPattern(query), line)
                    #expect(general == fast, "\(query) over \(String(decoding: line, as: UTF8.self))")
                    compared += 1
                }
            }
        }
        #expect(compared > 6_000)
    }

    /// A ranking whose tiebreaks need no positions takes each row's score and length
    /// without making a match (``FuzzyMatcher/quickScore(_:)``): the order of the matches
    /// the general path makes, with ties, white space around the lines, several terms,
    /// lines that are not ASCII and `tac`.
    @Test func aRankingWithoutPositionsOrdersAsTheGeneralPathsMatches() {
        var random = SplitMix64(seed: 40)
        let words = ["lorem", "ipsum", "Dolor", "or", "e-m", " ", "x", "ORE", "9", "mé", "orem"]
        let lines = (0..<500).map { _ in
            (0..<(1 + Int(random.next() % 8))).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        let source = FilterStrings(lines)
        for query in ["or", "orem", "o", "re m", "Or", "e"] {
            for tiebreaks in [[FuzzyTiebreak.length], [], [.length, .index]] {
                for reversed in [false, true] {
                    let ranking = FuzzyRanking(pattern: FuzzyPattern(query), tiebreaks: tiebreaks, reversed: reversed)
                    let matches = lines.indices.compactMap { row -> (row: Int, score: Int, tie: Int)? in
                        guard let match = FuzzyPattern(query).match(lines[row]) else { return nil }  // with positions
                        return (row, match.score, tiebreaks.first == .length ? min(match.length, Int(UInt16.max)) : 0)
                    }
                    let expected = matches.sorted { lhs, rhs in
                        if lhs.score != rhs.score { return lhs.score > rhs.score }
                        if lhs.tie != rhs.tie { return lhs.tie < rhs.tie }
                        return reversed ? lhs.row > rhs.row : lhs.row < rhs.row
                    }.map { Int32($0.row) }
                    #expect(!expected.isEmpty)
                    #expect(ranking.rankNow(source) == expected, "\(query), \(tiebreaks), reversed \(reversed)")
                }
            }
        }
    }

    @Test func linesThatAreNotASCIIAndOtherTermsTakeTheGeneralPath() {
        for (query, line) in [("ab", "ä a b"), ("'ab", "xab"), ("^a", "ab"), ("a | b", "b"), ("!x a", "a")] {
            let (general, fast) = both(FuzzyPattern(query), Array(line.utf8))
            #expect(general == fast, "\(query) over \(line)")
            #expect(fast != nil)
        }
    }

    @Test func theCountingSortOrdersAsAComparisonSortDoes() {
        var random = SplitMix64(seed: 7)
        for round in 0..<200 {
            let count = Int(random.next() % 400)
            var row: Int32 = 0
            let entries = (0..<count).map { _ -> FuzzyRanking.Entry in
                row += 1 + Int32(random.next() % 3)
                let score = Int32(random.next() % 40) - 5
                return FuzzyRanking.Entry(row: row, score: score, tie0: Int32(random.next() % 30))
            }
            for tiebreak in [FuzzyTiebreak.length, .begin, .end, .index] {
                for reversed in [false, true] {
                    let expected = entries.sorted { lhs, rhs in
                        if lhs.score != rhs.score { return lhs.score > rhs.score }
                        let tied = tiebreak != .index
                        let a = FuzzyRanking.tieValue(lhs, tied: tied), b = FuzzyRanking.tieValue(rhs, tied: tied)
                        if a != b { return a < b }
                        return reversed ? lhs.row > rhs.row : lhs.row < rhs.row
                    }.map(\.row)
                    let counted = FuzzyRanking.countingOrder(entries, tied: tiebreak != .index, reversed: reversed)
                    #expect(counted == expected, "round \(round), \(tiebreak), reversed \(reversed)")
                    let ranking = FuzzyRanking(pattern: FuzzyPattern("a"), tiebreaks: [tiebreak], reversed: reversed)
                    #expect(ranking.order(entries) == expected)
                    // In chunks, as a ranking run gives them.
                    let cut = [0, count / 3, count / 2, count]
                    let parts = (0..<3).map { FuzzyRanking.ScoredPart(entries: Array(entries[cut[$0]..<cut[$0 + 1]])) }
                    #expect(ranking.order(parts: parts).order == expected)
                    // The positions and ascending rows filled in the counting sort's last
                    // pass are those FilterMatches computes from the order alone.
                    let covered = Int(entries.last?.row ?? 0) + 3
                    let indexed = ranking.order(parts: parts, indexing: covered)
                    #expect(indexed.order == expected)
                    #expect(indexed.index != nil, "the counting sort applies here")
                    let query = FilterQuery(ranking: ranking)
                    #expect(FilterMatches(query: query, ranked: indexed, coveredRows: covered)
                            == FilterMatches(query: query, order: expected, coveredRows: covered),
                            "round \(round), \(tiebreak), reversed \(reversed)")
                }
            }
        }
    }

    @Test func keysThatSpanTooManyValuesAreSortedByComparison() {
        let entries = [FuzzyRanking.Entry(row: 0, score: 0, tie0: 0),
                       FuzzyRanking.Entry(row: 1, score: 1_000_000, tie0: 5_000_000)]
        #expect(FuzzyRanking.countingOrder(entries, tied: true, reversed: false) == nil)
        #expect(FuzzyRanking(pattern: FuzzyPattern("a")).order(entries) == [1, 0])
    }
}
