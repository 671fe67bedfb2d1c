import Lister
import TerminalCore
import Testing

@Suite struct FilterRunTests {
    let rows = filterCorpus(count: 600, seed: 3)
    var source: FilterStrings { FilterStrings(rows) }

    @Test func aRunKeepsListOrder() {
        let source = FilterStrings(["b apple", "cherry", "a apple", "apple pie", "APPLE"])
        let result = FilterRun(query: FilterQuery("apple"), rowCount: source.count).perform(over: source)
        #expect(Array(result.matches) == [0, 2, 3, 4])
        #expect(result.matches.coveredRows == 5)
    }

    @Test func theEmptyQueryMatchesEveryRow() async throws {
        let run = FilterRun(query: .empty, rowCount: rows.count)
        #expect(Array(run.perform(over: source).matches) == Array(rows.indices))
        let result = try await run.run(over: source, chunkSize: 100)
        #expect(Array(result.matches) == Array(rows.indices))
    }

    @Test func chunkedParallelRunsGiveTheSameMatchesAsOneGo() async throws {
        for query in filterQueries {
            let expected = referenceRows(query, rows)
            let run = FilterRun(id: 9, query: query, rowCount: rows.count)
            for (chunkSize, parallelism) in [(7, 3), (64, 2), (5000, 1)] {
                let result = try await run.run(over: source, chunkSize: chunkSize, parallelism: parallelism)
                #expect(result.id == 9)
                #expect(Array(result.matches) == expected, "\"\(query)\" in chunks of \(chunkSize)")
            }
        }
    }

    @Test func narrowingSearchesOnlyThePriorMatchesAndAgreesWithAFullRun() async throws {
        let steps = ["l", "lo", "lor", "lore", "lorem", "lorem i", "lorem ip", "lorem Ip"].map { FilterQuery($0) }
        var prior = FilterRun(query: steps[0], rowCount: rows.count).perform(over: source).matches
        for query in steps.dropFirst() {
            let narrowed = FilterRun(query: query, rowCount: rows.count, startingFrom: prior)
            #expect(narrowed.workload == prior.count)
            let result = try await narrowed.run(over: source, chunkSize: 64)
            let full = FilterRun(query: query, rowCount: rows.count).perform(over: source)
            #expect(result.matches == full.matches, "\"\(query)\"")
            #expect(narrowed.perform(over: source).matches == full.matches)
            prior = result.matches
        }
        #expect(!prior.isEmpty)
    }

    @Test func aSourceReadInBulkGivesTheSameMatches() async throws {
        let packed = PackedRows(rows)
        for query in filterQueries {
            let full = FilterRun(query: query, rowCount: rows.count)
            let expected = referenceRows(query, rows)
            let result = try await full.run(over: packed, chunkSize: 5000, parallelism: 2)
            #expect(Array(result.matches) == expected, "\"\(query)\"")
            // Narrowing reads the prior matches as a list of rows.
            let broader = FilterRun(query: FilterQuery(query.terms.first!.text.prefix(1)), rowCount: rows.count)
            let narrowed = FilterRun(query: query, rowCount: rows.count, startingFrom: broader.perform(over: packed).matches)
            #expect(Array(narrowed.perform(over: packed).matches) == expected, "\"\(query)\" narrowed")
        }
    }

    @Test func narrowingPriorMatchesThatCoverFewerRowsScansTheRest() {
        let query = FilterQuery("ipsum")
        let early = FilterRun(query: FilterQuery("ips"), rowCount: 250).perform(over: source).matches
        let run = FilterRun(query: query, rowCount: rows.count, startingFrom: early)
        #expect(run.workload == early.count + rows.count - 250)
        #expect(Array(run.perform(over: source).matches) == referenceRows(query, rows))
    }

    @Test func appendedRowsAreSearchedAloneAndAdded() async throws {
        let query = FilterQuery("o")
        var matches = FilterRun(query: query, rowCount: 200).perform(over: source).matches
        for count in [200, 201, 450, 600] {
            let run = FilterRun(query: query, rowCount: count, startingFrom: matches)
            #expect(run.workload == count - matches.coveredRows)
            matches = try await run.run(over: source, chunkSize: 30).matches
            #expect(matches.coveredRows == count)
            #expect(Array(matches) == referenceRows(query, Array(rows.prefix(count))))
        }
    }

    @Test func aRunCancelledBeforeItStartsReturnsNothing() async {
        let run = FilterRun(query: FilterQuery("lorem"), rowCount: rows.count)
        let source = self.source
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await run.run(over: source)
        }
        let outcome = await task.result
        #expect(throws: CancellationError.self) { try outcome.get() }
    }

    @Test func aRunCancelledMidwayReturnsNothing() async {
        // The source cancels the task that reads row 300: a chunk in the middle of the run.
        let source = CancellingRows(rows: rows, cancelAt: 300)
        let run = FilterRun(query: FilterQuery("o"), rowCount: rows.count)
        for parallelism in [1, 2] {
            await #expect(throws: CancellationError.self) {
                try await run.run(over: source, chunkSize: 100, parallelism: parallelism)
            }
        }
    }

    @Test func progressCountsUpToTheWorkload() async throws {
        let seen = Locked<[FilterProgress]>([])
        let run = FilterRun(id: 4, query: FilterQuery("e"), rowCount: rows.count)
        _ = try await run.run(over: source, chunkSize: 100, parallelism: 2) { progress in
            seen.withLock { $0.append(progress) }
        }
        let reports = seen.withLock { $0 }
        #expect(reports.count == 6)  // 600 rows in chunks of 100
        #expect(reports.map(\.examined) == reports.map(\.examined).sorted())
        #expect(reports.allSatisfy { $0.id == 4 && $0.total == rows.count })
        #expect(reports.last?.examined == rows.count)
    }
}

/// Rows that cancel the current task when one row is read.
private struct CancellingRows: FilterableText {
    let rows: [String]
    let cancelAt: Int
    var count: Int { rows.count }
    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if row == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
        FilterStrings(rows).withUTF8(row: row, body)
    }
}
