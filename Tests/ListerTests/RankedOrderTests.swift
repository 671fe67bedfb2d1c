@testable import Lister
import TerminalCore
import Testing

/// A large ranking leaves its sort for later (``RankedOrder``): its best rows, known at
/// once, are the first of the whole order, and the order sorted on demand is the one sorted
/// at once.
@Suite struct RankedOrderTests {
    /// `count` entries in ascending rows (gaps between them), with scores and tiebreaks in
    /// small ranges so that many are equal.
    private func entries(_ count: Int, seed: UInt64) -> [FuzzyRanking.Entry] {
        var random = SplitMix64(seed: seed)
        var row: Int32 = 0
        return (0..<count).map { _ in
            row += 1 + Int32(random.next() % 3)
            return FuzzyRanking.Entry(row: row, score: Int32(random.next() % 30) - 3, tie0: Int32(random.next() % 20))
        }
    }

    /// `entries` cut into `parts` pieces of unequal size, in order.
    private func cut(_ entries: [FuzzyRanking.Entry], into parts: Int) -> [[FuzzyRanking.Entry]] {
        var pieces: [[FuzzyRanking.Entry]] = []
        var start = 0
        for part in 0..<parts {
            let end = part == parts - 1 ? entries.count : min(entries.count, start + (part % 3 + 1) * entries.count / (2 * parts))
            pieces.append(Array(entries[start..<end]))
            start = end
        }
        return pieces
    }

    private let rankings = [FuzzyTiebreak.length, .index].flatMap { tiebreak in
        [false, true].map { FuzzyRanking(pattern: FuzzyPattern("a"), tiebreaks: [tiebreak], reversed: $0) }
    }

    @Test func theBestEntriesAreTheFirstOfTheWholeOrderAlsoMergedFromChunks() {
        for (index, count) in [0, 1, 7, 511, 512, 513, 3000].enumerated() {
            let all = entries(count, seed: UInt64(index))
            for ranking in rankings {
                let expected = Array(ranking.order(all).prefix(FuzzyRanking.bestCount))
                #expect(ranking.best(of: all).map(\.row) == expected, "\(count) entries, \(ranking.orderOnly)")
                // Each chunk's best, merged, as a ranking run finds them.
                let merged = ranking.best(of: cut(all, into: 7).flatMap { ranking.best(of: $0) })
                #expect(merged.map(\.row) == expected, "\(count) entries in chunks, \(ranking.orderOnly)")
            }
        }
    }

    @Test func theBestEntriesOfKeysTooSpreadToCountAreSortedOut() {
        var random = SplitMix64(seed: 9)
        let spread = (0..<2000).map {
            FuzzyRanking.Entry(row: Int32($0), score: Int32(random.next() % 3_000_000), tie0: Int32(random.next() % 5_000))
        }
        // Scores in a short range, lengths in a long one: the scores alone are counted.
        let longTies = (0..<2000).map {
            FuzzyRanking.Entry(row: Int32($0), score: Int32(random.next() % 30), tie0: Int32(random.next() % 60_000))
        }
        for ranking in rankings {
            #expect(ranking.best(of: spread).map(\.row) == Array(ranking.order(spread).prefix(FuzzyRanking.bestCount)))
            #expect(ranking.best(of: longTies).map(\.row) == Array(ranking.order(longTies).prefix(FuzzyRanking.bestCount)),
                    "\(ranking.orderOnly)")
        }
    }

    @Test func aDeferredOrderAnswersAsTheOrderSortedAtOnce() {
        // The last count sorts in groups on several threads.
        for (index, count) in [3, 600, 5000, FuzzyRanking.parallelSortMinimum + 100].enumerated() {
            let all = entries(count, seed: 100 + UInt64(index))
            let covered = Int(all.last?.row ?? 0) + 4
            for ranking in rankings {
                let query = FilterQuery(ranking: ranking)
                let eager = FilterMatches(query: query, order: ranking.order(all), coveredRows: covered)
                let deferred = RankedOrder(ranking: ranking, parts: cut(all, into: 5).map { FuzzyRanking.ScoredPart(entries: $0) },
                                           bounds: FuzzyRanking.KeyBounds(all), best: ranking.best(of: all).map(\.row),
                                           count: all.count, rowCount: covered, parallelism: 3)
                let lazy = FilterMatches(query: query, ranked: FuzzyRanking.Ranked(order: [], deferred: deferred), coveredRows: covered)
                let label = "\(count) entries, \(ranking.orderOnly)"
                // The best rows and their positions, without the sort.
                let shown = min(count, FuzzyRanking.bestCount)
                #expect(lazy.count == eager.count)
                #expect((0..<shown).map { lazy[$0] } == (0..<shown).map { eager[$0] }, "\(label)")
                #expect((0..<shown).map { lazy.position(ofRow: lazy[$0]) } == Array(0..<shown).map { Optional($0) })
                // A row that does not match is told without the sort.
                #expect(lazy.position(ofRow: Int(all[0].row) - 1) == nil && lazy.position(ofRow: covered) == nil)
                #expect(lazy.sortsLater, "\(label): sorted before anything past the best rows was asked")
                // Past them: sorted on demand, the same answers.
                #expect(Array(lazy) == Array(eager), "\(label)")
                #expect((-1...covered + 1).allSatisfy { lazy.position(ofRow: $0) == eager.position(ofRow: $0) }, "\(label)")
                #expect((-1...covered + 1).allSatisfy { lazy.insertionPosition(ofRow: $0) == eager.insertionPosition(ofRow: $0) })
                #expect(lazy.rowIndices == eager.rowIndices)
                let same = lazy == eager && lazy.hashValue == eager.hashValue, sorted = !lazy.sortsLater
                #expect(same && sorted, "\(label)")
            }
        }
    }

    @Test func theCountingSortInGroupsOnSeveralThreadsOrdersAsInOne() {
        let all = entries(FuzzyRanking.parallelSortMinimum + 5000, seed: 5)
        let parts = cut(all, into: 9)
        let covered = Int(all.last?.row ?? 0) + 2
        for tied in [false, true] {
            for reversed in [false, true] {
                let one = FuzzyRanking.countingOrder(parts, tied: tied, reversed: reversed, indexing: covered, parallelism: 1)
                let groups = FuzzyRanking.countingOrder(parts, tied: tied, reversed: reversed, indexing: covered, parallelism: 3)
                let sameOrder = one?.order == groups?.order, samePositions = one?.index?.positions == groups?.index?.positions
                let sameRows = one?.index?.rows == groups?.index?.rows
                #expect(one != nil && sameOrder && samePositions && sameRows, "tied \(tied), reversed \(reversed)")
            }
        }
    }

    @Test func aLargeRankedRunLeavesItsSortForLaterAndAgreesWithOneGo() async throws {
        let texts = filterCorpus(count: 100_000, seed: 11)
        let source = FilterStrings(texts)
        var prior: FilterMatches?
        var results: [(FilterMatches, FilterMatches)] = []
        // Each key examines the last one's matches (the rows ascending taken from them
        // unsorted): more than the sort leaves for later at first, then fewer.
        for typed in ["o", "or", "ore"] {
            let query = FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(typed)))
            let run = FilterRun(query: query, rowCount: texts.count, startingFrom: prior)
            let result = try await run.run(over: source, chunkSize: 4096, parallelism: 3)
            let expected = run.perform(over: source).matches
            // Compared as values computed first: a failure would print every row otherwise.
            let large = run.workload >= FuzzyRanking.parallelSortMinimum
            let left = result.matches.leftItsSort, leftAtOnce = expected.leftItsSort
            #expect(left == large && !leftAtOnce, "\"\(typed)\" over \(run.workload) rows")
            let first = (0..<40).map { result.matches[$0] }, firstExpected = (0..<40).map { expected[$0] }
            #expect(first == firstExpected, "\"\(typed)\"")
            if typed == "o" { #expect(large, "the first key examines every row") }
            results.append((result.matches, expected))
            prior = result.matches
        }
        let unsorted = results.first?.0.sortsLater == true
        #expect(unsorted, "the next keys ran from the first key's rows without sorting them")
        for (index, (matches, expected)) in results.enumerated() {
            let same = matches == expected
            #expect(same, "key \(index + 1)")
        }
    }

    @Test func rowsAppendedUnderTheSameQuerySortAtOnce() async throws {
        let texts = filterCorpus(count: 100_000, seed: 13)
        let query = FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern("o")))
        let first = try await FilterRun(query: query, rowCount: 90_000).run(over: FilterStrings(texts), chunkSize: 4096)
        let appended = try await FilterRun(query: query, rowCount: texts.count, startingFrom: first.matches)
            .run(over: FilterStrings(texts), chunkSize: 4096)
        // The selected row is kept wherever it ranks: its position is asked at once.
        let left = first.matches.leftItsSort, leftAfterAppending = appended.matches.leftItsSort
        #expect(left && !leftAfterAppending)
        let same = appended.matches == FilterRun(query: query, rowCount: texts.count).perform(over: FilterStrings(texts)).matches
        #expect(same)
    }

    @Test func aSmallRankedRunSortsAtOnce() async throws {
        let texts = filterCorpus(count: 3000, seed: 12)
        let query = FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern("o")))
        let result = try await FilterRun(query: query, rowCount: texts.count).run(over: FilterStrings(texts), chunkSize: 256, parallelism: 3)
        let left = result.matches.leftItsSort
        let same = result.matches == FilterRun(query: query, rowCount: texts.count).perform(over: FilterStrings(texts)).matches
        #expect(!left && same)
    }
}
