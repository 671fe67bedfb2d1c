#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One search of a list's rows for a query, to run off the main actor.
///
/// When it finishes, rows `0..<rowCount` are covered. It can start from earlier matches
/// (`prior`): when they are for the same query they are kept and only rows appended since
/// are examined; when they are for a broader query only they are re-checked, and rows
/// after them are examined in full. ``FilterEngine`` decides which; a run is a plain value.
///
/// ```swift
/// let run = FilterRun(query: FilterQuery("lorem"), rowCount: store.count)
/// let result = try await run.run(over: store)  // throws CancellationError if cancelled
/// ```
public struct FilterRun: Sendable, Identifiable {
    /// Identifies the run, so that a late result of an older run can be told apart.
    public let id: Int
    /// The query searched for.
    public let query: FilterQuery
    /// The run covers rows `0..<rowCount`.
    public let rowCount: Int
    /// Matches the run starts from: of this query (kept), or of a broader one (re-checked).
    public let prior: FilterMatches?

    /// Rows a chunk holds by default: small enough to notice cancellation within a
    /// millisecond or so, large enough that scheduling costs nothing.
    public static let defaultChunkSize = 32_768

    /// Chunks searched at once by default: the number of processors online.
    public static let defaultParallelism: Int = {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }()

    /// Creates a run.
    /// - Parameters:
    ///   - id: identifies the run; ``FilterEngine`` numbers its runs.
    ///   - query: the query.
    ///   - rowCount: rows `0..<rowCount` are covered when the run finishes.
    ///   - prior: matches to start from; `query` must narrow their query
    ///     (``FilterQuery/isRefinement(of:)``), and they must cover at most `rowCount` rows.
    public init(id: Int = 0, query: FilterQuery, rowCount: Int, startingFrom prior: FilterMatches? = nil) {
        precondition(rowCount >= 0 && rowCount <= Int(Int32.max), "rowCount \(rowCount) out of range")
        if let prior {
            precondition(prior.coveredRows <= rowCount, "prior matches cover more rows than the run")
            precondition(query.isRefinement(of: prior.query), "\"\(query)\" does not narrow \"\(prior.query)\"")
        }
        self.id = id
        self.query = query
        self.rowCount = rowCount
        self.prior = prior
    }

    /// Whether the prior matches are for this very query, so they are kept as they are.
    var keepsPrior: Bool { prior?.query == query }

    /// The number of rows the run examines: a cost estimate, e.g. to run a small job
    /// synchronously with ``perform(over:)`` instead of in a task.
    public var workload: Int {
        guard let prior else { return rowCount }
        return (keepsPrior ? 0 : prior.count) + (rowCount - prior.coveredRows)
    }

    /// Searches `source` in chunks, several at once, and returns the matches in list order.
    ///
    /// Runs on the global concurrent executor, never on the caller's actor. Cancellation is
    /// checked between chunks (and every few thousand rows): a cancelled run throws
    /// `CancellationError` and returns nothing, not even a partial result.
    /// - Parameters:
    ///   - source: the rows; it must have at least ``rowCount`` rows.
    ///   - chunkSize: rows per chunk.
    ///   - parallelism: chunks searched at once.
    ///   - progress: told after each chunk how many of the rows to examine were examined.
    @concurrent
    public func run<Source: FilterableText>(
        over source: Source,
        chunkSize: Int = FilterRun.defaultChunkSize,
        parallelism: Int = FilterRun.defaultParallelism,
        progress: (@Sendable (FilterProgress) -> Void)? = nil
    ) async throws -> FilterResult {
        try Task.checkCancellation()
        precondition(source.count >= rowCount, "the source has \(source.count) rows, the run covers \(rowCount)")
        if let ranking = query.ranking {
            // Rows appended under the same query keep the selected row (wherever it ranks): its
            // position is asked at once, so the order is sorted at once.
            let ranked = try await ranking.ranked(source, candidates: rankingCandidates, rowCount: rowCount,
                                                  chunkSize: chunkSize, parallelism: parallelism, indexing: true,
                                                  defersSort: !keepsPrior)
            return FilterResult(id: id, matches: FilterMatches(query: query, ranked: ranked, coveredRows: rowCount))
        }
        let matcher = QueryMatcher(query)
        let resumption = self.resumption(matcher)
        let chunks = self.chunks(size: max(1, chunkSize))
        var parts = [Part](repeating: Part(), count: chunks.count)
        var examined = 0
        let report = { (chunk: Chunk) in
            examined += chunk.count
            progress?(FilterProgress(id: id, examined: examined, total: workload))
        }
        if parallelism <= 1 || chunks.count <= 1 {
            for (index, chunk) in chunks.enumerated() {
                try Task.checkCancellation()
                parts[index] = Self.search(chunk, matcher: matcher, source: source, resumption: resumption)
                try Task.checkCancellation()  // the search may have stopped early
                report(chunk)
            }
        } else {
            try await withThrowingTaskGroup(of: (Int, Part).self) { group in
                var next = 0
                func startNext() {
                    let index = next
                    let chunk = chunks[index]
                    next += 1
                    group.addTask {
                        try Task.checkCancellation()
                        let part = Self.search(chunk, matcher: matcher, source: source, resumption: resumption)
                        try Task.checkCancellation()  // the search may have stopped early
                        return (index, part)
                    }
                }
                while next < min(parallelism, chunks.count) { startNext() }
                while let (index, part) = try await group.next() {
                    parts[index] = part
                    report(chunks[index])
                    if next < chunks.count { startNext() }
                }
            }
        }
        try Task.checkCancellation()
        return FilterResult(id: id, matches: assemble(parts))
    }

    /// Searches `source` on the caller, in one go: for small lists (see ``workload``) and
    /// tests. It cannot be cancelled.
    public func perform<Source: FilterableText>(over source: Source) -> FilterResult {
        precondition(source.count >= rowCount, "the source has \(source.count) rows, the run covers \(rowCount)")
        if let ranking = query.ranking {
            let ranked = ranking.rankedNow(source, candidates: rankingCandidates, rowCount: rowCount, indexing: true)
            return FilterResult(id: id, matches: FilterMatches(query: query, ranked: ranked, coveredRows: rowCount))
        }
        let matcher = QueryMatcher(query)
        let resumption = self.resumption(matcher)
        let parts = chunks(size: max(1, rowCount)).map {
            Self.search($0, matcher: matcher, source: source, resumption: resumption, checksCancellation: false)
        }
        return FilterResult(id: id, matches: assemble(parts))
    }

    // MARK: - Chunks

    /// A piece of work: rows to check one by one, or a range of rows to check in full.
    enum Chunk: Sendable {
        case candidates(ArraySlice<Int32>)
        case rows(Range<Int>)

        var count: Int {
            switch self {
            case .candidates(let rows): return rows.count
            case .rows(let range): return range.count
            }
        }
    }

    /// The rows a ranked run scores: the prior matches and the rows after them (all of
    /// them are ranked together), or nil for every row.
    private var rankingCandidates: [Int32]? {
        guard let prior else { return nil }
        // No row since: the prior rows as they are (a copy of a million rows took a millisecond).
        guard prior.coveredRows < rowCount else { return prior.rows }
        return prior.rows + (prior.coveredRows..<rowCount).map { Int32(truncatingIfNeeded: $0) }
    }

    /// The first row examined in full: rows before it are covered by the prior matches.
    private var startOfScan: Int { prior?.coveredRows ?? 0 }

    /// `candidates` (ascending rows) when given, else rows `0..<rowCount`, in chunks of
    /// at most `size` rows.
    static func plainChunks(rowCount: Int, candidates: [Int32]?, size: Int) -> [Chunk] {
        var chunks: [Chunk] = []
        var start = 0
        let total = candidates?.count ?? rowCount
        while start < total {
            let end = min(start + size, total)
            chunks.append(candidates.map { .candidates($0[start..<end]) } ?? .rows(start..<end))
            start = end
        }
        return chunks
    }

    /// The work in list order, cut into chunks of at most `size` rows.
    func chunks(size: Int) -> [Chunk] {
        var chunks: [Chunk] = []
        if let prior, !keepsPrior {
            var start = 0
            while start < prior.rows.count {
                let end = min(start + size, prior.rows.count)
                chunks.append(.candidates(prior.rows[start..<end]))
                start = end
            }
        }
        var start = startOfScan
        while start < rowCount {
            let end = min(start + size, rowCount)
            chunks.append(.rows(start..<end))
            start = end
        }
        return chunks
    }

    /// The matches of one chunk, with where each row's match ended when they are kept.
    struct Part: Sendable {
        var rows: [Int32] = []
        var ends: [UInt8]?
    }

    /// Where a longer fuzzy term resumes each row's search: the prior matches' ends, and
    /// how many characters of the term they cover. Nil when they do not apply.
    struct Resumption: Sendable {
        let ends: [UInt8]
        let skipping: Int
    }

    /// The resumption of this run: its query is one fuzzy ASCII term that starts with the
    /// prior query's one term, and the prior matches kept their ends.
    private func resumption(_ matcher: QueryMatcher) -> Resumption? {
        guard let prior, !keepsPrior, let ends = prior.ends, let pattern = matcher.fuzzy,
              let shorter = prior.query.pattern, let quick = FuzzySubsequence(pattern),
              let before = FuzzySubsequence(shorter), let skipping = quick.resumes(after: before) else { return nil }
        return Resumption(ends: ends, skipping: skipping)
    }

    /// The matches: the kept prior ones, then each chunk's, in order; their ends when
    /// every part kept them.
    private func assemble(_ parts: [Part]) -> FilterMatches {
        let kept = keepsPrior ? prior?.rows ?? [] : []
        let keptEnds: [UInt8]? = keepsPrior ? prior?.ends : []
        let nonEmpty = parts.filter { !$0.rows.isEmpty }
        var rows: [Int32]
        if nonEmpty.isEmpty {
            rows = kept
        } else if kept.isEmpty, nonEmpty.count == 1 {
            rows = nonEmpty[0].rows
        } else {
            rows = []
            rows.reserveCapacity(kept.count + nonEmpty.reduce(0) { $0 + $1.rows.count })
            rows += kept
            for part in nonEmpty { rows += part.rows }
        }
        var ends: [UInt8]?
        if var all = keptEnds, nonEmpty.allSatisfy({ $0.ends != nil }), !rows.isEmpty {
            all.reserveCapacity(rows.count)
            for part in nonEmpty { all += part.ends ?? [] }
            ends = all.count == rows.count ? all : nil
        }
        return FilterMatches(query: query, rows: rows, coveredRows: rowCount, ends: ends)
    }

    /// Rows read between two checks for cancellation.
    private static let batchSize = 4096

    /// The rows of `chunk` that match. With `checksCancellation`, it stops early (returning
    /// a partial result for the caller to throw away) once the current task is cancelled.
    static func search<Source: FilterableText>(
        _ chunk: Chunk,
        matcher: QueryMatcher,
        source: Source,
        resumption: Resumption? = nil,
        checksCancellation: Bool = true
    ) -> Part {
        if matcher.matchesEverything {
            switch chunk {
            case .candidates(let rows): return Part(rows: Array(rows))
            case .rows(let range): return Part(rows: range.map { Int32(truncatingIfNeeded: $0) })
            }
        }
        var found: [Int32] = []
        if let pattern = matcher.fuzzy {
            var fuzzy = FuzzyMatcher(pattern)
            guard let quick = FuzzySubsequence(pattern) else {
                forEachBatch(of: chunk, checksCancellation: checksCancellation) { batch in
                    source.forEachUTF8(in: batch) { row, utf8 in
                        if fuzzy.matches(utf8) { found.append(Int32(truncatingIfNeeded: row)) }
                    }
                }
                return Part(rows: found)
            }
            // The common query (fuzzy ASCII terms): ASCII rows by vectors, the rest in full.
            // With one term, each match's end is kept for a longer query to resume at.
            let keepsEnds = quick.isSingleTerm
            // Candidates are the prior matches: `position` walks their ends beside them.
            var position = 0
            let priorEnds: [UInt8]?
            if case .candidates(let rows) = chunk, let resumption {
                priorEnds = resumption.ends
                position = rows.startIndex
            } else {
                priorEnds = nil
            }
            let skipping = resumption?.skipping ?? 0
            // Written in place, room for every row of the chunk: no `append`, with its check
            // of uniqueness and capacity, per match.
            var ends: [UInt8]?
            let rows = [Int32](unsafeUninitializedCapacity: chunk.count) { rows, found in
                let kept = [UInt8](writing: keepsEnds ? chunk.count : 0) { ends in
                    forEachBatch(of: chunk, checksCancellation: checksCancellation) { batch in
                        source.forEachUTF8(in: batch) { row, utf8 in
                            var answer: (answer: FuzzySubsequence.Answer, end: Int)
                            if let priorEnds {
                                let end = priorEnds[position]
                                position += 1
                                // 255: where it ended is not known (a row of other bytes, or a long one).
                                answer = end == 255 ? quick.test(utf8) : quick.resume(utf8, from: Int(end), skipping: skipping)
                            } else {
                                answer = quick.test(utf8)
                            }
                            let matches: Bool
                            switch answer.answer {
                            case .match: matches = true
                            case .noMatch: matches = false
                            case .undecided:
                                matches = fuzzy.matches(utf8)
                                answer.end = 255
                            }
                            guard matches else { return }
                            rows.initializeElement(at: found, to: Int32(truncatingIfNeeded: row))
                            if keepsEnds { ends.initializeElement(at: found, to: UInt8(truncatingIfNeeded: min(answer.end, 255))) }
                            found += 1
                        }
                    }
                    return keepsEnds ? found : 0
                }
                if keepsEnds { ends = kept }
            }
            // A chunk where few rows match gives back the room it did not use (a copy into
            // an array of their size).
            guard rows.count < chunk.count / 2 else { return Part(rows: rows, ends: ends) }
            return Part(rows: rows.withUnsafeBufferPointer { Array($0) }, ends: ends?.withUnsafeBufferPointer { Array($0) })
        }
        matcher.withBound { bound in
            switch chunk {
            case .candidates(let rows):
                rows.withUnsafeBufferPointer { rows in
                    for start in stride(from: 0, to: rows.count, by: batchSize) {
                        if checksCancellation, Task.isCancelled { return }
                        let batch = UnsafeBufferPointer(rebasing: rows[start..<min(start + batchSize, rows.count)])
                        collect(FilterRowBatch(batch), of: source, bound: bound, into: &found)
                    }
                }
            case .rows(let range):
                for start in stride(from: range.lowerBound, to: range.upperBound, by: batchSize) {
                    if checksCancellation, Task.isCancelled { return }
                    collect(FilterRowBatch(start..<min(start + batchSize, range.upperBound)), of: source, bound: bound, into: &found)
                }
            }
        }
        return Part(rows: found)
    }

    /// Calls `body` with the rows of `chunk` in batches, stopping early once the current
    /// task is cancelled when `checksCancellation`.
    static func forEachBatch(of chunk: Chunk, checksCancellation: Bool, _ body: (FilterRowBatch) -> Void) {
        switch chunk {
        case .candidates(let rows):
            rows.withUnsafeBufferPointer { rows in
                for start in stride(from: 0, to: rows.count, by: batchSize) {
                    if checksCancellation, Task.isCancelled { return }
                    body(FilterRowBatch(UnsafeBufferPointer(rebasing: rows[start..<min(start + batchSize, rows.count)])))
                }
            }
        case .rows(let range):
            for start in stride(from: range.lowerBound, to: range.upperBound, by: batchSize) {
                if checksCancellation, Task.isCancelled { return }
                body(FilterRowBatch(start..<min(start + batchSize, range.upperBound)))
            }
        }
    }

    /// Appends the rows of `batch` that match to `found`.
    @inline(__always)
    private static func collect<Source: FilterableText>(
        _ batch: FilterRowBatch,
        of source: Source,
        bound: QueryMatcher.Bound,
        into found: inout [Int32]
    ) {
        source.forEachUTF8(in: batch) { row, utf8 in
            if bound.matches(utf8) { found.append(Int32(truncatingIfNeeded: row)) }
        }
    }
}

/// How far a run has got.
public struct FilterProgress: Hashable, Sendable {
    /// The run's id.
    public let id: Int
    /// Rows examined so far.
    public let examined: Int
    /// Rows the run examines in all (``FilterRun/workload``).
    public let total: Int
}

/// What a finished run found.
public struct FilterResult: Sendable {
    /// The id of the run.
    public let id: Int
    /// The matches, covering the run's rows.
    public let matches: FilterMatches
}
