/// How rows of equal score are ordered (fzf's `--tiebreak`); the input order decides last.
public enum FuzzyTiebreak: String, CaseIterable, Hashable, Sendable {
    /// Shorter lines first (leading and trailing white space aside).
    case length
    /// Lines whose match is nearer their start first (leading white space aside; as in
    /// fzf, measured to the end of the earliest-ending term's match).
    case begin
    /// Lines whose match ends nearer their end first, in proportion to the line's length
    /// (as fzf computes it).
    case end
    /// Lines whose match lies in a shorter run of non-white characters first.
    case chunk
    /// Lines whose match starts nearer the last `/` or `\\` before it first: the file
    /// name before the directories (fzf's `--scheme=path` default).
    case pathname
    /// Input order.
    case index

    /// Whether the value needs the positions of the match.
    var needsPositions: Bool { self != .length && self != .index }
}

/// Rows of a list ordered by how well they match a ``FuzzyPattern``, as fzf ranks them:
/// the highest score first, then by the tiebreaks, then in input order (reversed with
/// `tac`).
///
/// Scoring runs in chunks on every core, off the caller's actor, and a cancelled ranking
/// throws `CancellationError`. Give `candidates` (the matches of a broader query) to
/// search only those rows.
///
/// ```swift
/// let ranked = try await FuzzyRanking(pattern: FuzzyPattern("main swift")).rank(store)
/// ```
public struct FuzzyRanking: Hashable, Sendable {
    /// The pattern.
    public let pattern: FuzzyPattern
    /// Tiebreaks after the score, in order; `index` is always last.
    public let tiebreaks: [FuzzyTiebreak]
    /// Whether to sort by score at all (`--no-sort` keeps input order).
    public let sorts: Bool
    /// Whether the input order is reversed (`--tac`).
    public let reversed: Bool

    /// Creates a ranking.
    public init(pattern: FuzzyPattern, tiebreaks: [FuzzyTiebreak] = [.length], sorts: Bool = true, reversed: Bool = false) {
        self.pattern = pattern
        self.tiebreaks = tiebreaks
        self.sorts = sorts
        self.reversed = reversed
    }

    /// The ordering without the pattern, to tell whether two rankings order alike.
    var orderOnly: [String] { tiebreaks.map(\.rawValue) + ["\(sorts)", "\(reversed)"] }

    /// One matched row and what orders it.
    struct Entry {
        var row: Int32
        var score: Int32
        /// The values of the first three tiebreaks (fzf takes at most three).
        var tie0: Int32 = 0
        var tie1: Int32 = 0
        var tie2: Int32 = 0
    }

    /// The rows of `source` (or of `candidates`, ascending, or the first `rowCount`) that
    /// match, best first.
    @concurrent
    public func rank<Source: FilterableText>(
        _ source: Source,
        candidates: [Int32]? = nil,
        rowCount: Int? = nil,
        chunkSize: Int = FilterRun.defaultChunkSize,
        parallelism: Int = FilterRun.defaultParallelism
    ) async throws -> [Int32] {
        try await ranked(source, candidates: candidates, rowCount: rowCount, chunkSize: chunkSize,
                         parallelism: parallelism, indexing: false).order
    }

    /// The rows in rank order and, with `indexing`, where each of the first `rowCount` rows
    /// stands in it (for ``FilterMatches``).
    @concurrent
    func ranked<Source: FilterableText>(
        _ source: Source,
        candidates: [Int32]?,
        rowCount: Int?,
        chunkSize: Int,
        parallelism: Int,
        indexing: Bool
    ) async throws -> Ranked {
        let count = rowCount ?? source.count
        let chunks = FilterRun.plainChunks(rowCount: count, candidates: candidates, size: max(1, chunkSize))
        var parts = [[Entry]](repeating: [], count: chunks.count)
        try await withThrowingTaskGroup(of: (Int, [Entry]).self) { group in
            var next = 0
            func startNext() {
                let index = next
                next += 1
                group.addTask { [self] in
                    try Task.checkCancellation()
                    let part = score(chunks[index], of: source, checksCancellation: true)
                    try Task.checkCancellation()
                    return (index, part)
                }
            }
            while next < min(max(1, parallelism), chunks.count) { startNext() }
            while let (index, part) = try await group.next() {
                parts[index] = part
                if next < chunks.count { startNext() }
            }
        }
        try Task.checkCancellation()
        return order(parts: parts, indexing: indexing ? count : nil)
    }

    /// The same ranking on the caller, in one go (small lists and tests).
    public func rankNow<Source: FilterableText>(_ source: Source, candidates: [Int32]? = nil, rowCount: Int? = nil) -> [Int32] {
        rankedNow(source, candidates: candidates, rowCount: rowCount, indexing: false).order
    }

    /// ``rankNow(_:candidates:rowCount:)`` with the positions of ``ranked(_:candidates:rowCount:chunkSize:parallelism:indexing:)``.
    func rankedNow<Source: FilterableText>(_ source: Source, candidates: [Int32]?, rowCount: Int?, indexing: Bool) -> Ranked {
        let count = rowCount ?? source.count
        let chunks = FilterRun.plainChunks(rowCount: count, candidates: candidates, size: max(1, candidates?.count ?? count))
        return order(parts: chunks.map { score($0, of: source, checksCancellation: false) }, indexing: indexing ? count : nil)
    }

    /// A ranking's rows in rank order and, when the counting sort ordered them and it was
    /// asked for, each row's position in that order and the rows ascending, as
    /// ``FilterMatches`` keeps them.
    struct Ranked {
        /// The matching rows, best first.
        var order: [Int32]
        /// For each row below the count asked for, its position in `order` or -1, and the
        /// matching rows ascending; nil when not filled.
        var index: (positions: [Int32], rows: [Int32])?
    }

    /// The matching rows of `chunk`, scored.
    func score<Source: FilterableText>(_ chunk: FilterRun.Chunk, of source: Source, checksCancellation: Bool) -> [Entry] {
        var matcher = FuzzyMatcher(pattern)
        var entries: [Entry] = []
        entries.reserveCapacity(chunk.count)  // most rows of a chunk usually match
        let ties = Array(tiebreaks.prefix { $0 != .index }.prefix(3))
        let tie0 = ties.first, tie1 = ties.dropFirst().first, tie2 = ties.dropFirst(2).first
        let withPositions = sorts && ties.contains(where: \.needsPositions)
        // Every tiebreak is the length (or there is none): a whole row's score and length
        // come from ``FuzzyMatcher/quickScore(_:)`` when it applies, without a match made.
        let quick = ties.allSatisfy { $0 == .length }
        // The per-row closure reaches the matcher and the entries through pointers: captured
        // as variables, each of its reads and writes of them was a dynamic exclusivity check
        // (`swift_beginAccess`, 7% of a ranked keystroke). The pointers live only in these
        // two calls, and nothing else touches `matcher` or `entries` meanwhile.
        withUnsafeMutablePointer(to: &matcher) { matcher in
            withUnsafeMutablePointer(to: &entries) { entries in
                /// Scores `utf8`, or only its `fields` (`--nth`), each on its own.
                func add(_ row: Int, _ utf8: UnsafeBufferPointer<UInt8>, _ fields: UnsafeBufferPointer<Range<Int>>?) {
                    if quick, fields == nil {
                        switch matcher.pointee.quickScore(utf8) {
                        case .matched(let score, let length):
                            let tie = Int32(truncatingIfNeeded: min(length, Int(UInt16.max)))  // as `FuzzyMatch.tieValue`
                            entries.pointee.append(Entry(row: Int32(truncatingIfNeeded: row), score: score,
                                                         tie0: tie0 == nil ? 0 : tie, tie1: tie1 == nil ? 0 : tie, tie2: tie2 == nil ? 0 : tie))
                            return
                        case .noMatch: return
                        case .general: break
                        }
                    }
                    let found: FuzzyMatch
                    if let fields {
                        guard let match = matcher.pointee.match(utf8, fields: fields, withPositions: withPositions) else { return }
                        found = match
                    } else {
                        guard let match = matcher.pointee.match(utf8, withPositions: withPositions) else { return }
                        found = match
                    }
                    var entry = Entry(row: Int32(truncatingIfNeeded: row), score: Int32(clamping: found.score))
                    if let tie0 { entry.tie0 = Int32(truncatingIfNeeded: found.tieValue(tie0)) }
                    if let tie1 { entry.tie1 = Int32(truncatingIfNeeded: found.tieValue(tie1)) }
                    if let tie2 { entry.tie2 = Int32(truncatingIfNeeded: found.tieValue(tie2)) }
                    entries.pointee.append(entry)
                }
                FilterRun.forEachBatch(of: chunk, checksCancellation: checksCancellation) { batch in
                    source.forEachUTF8(in: batch, fields: { add($0, $1, $2) })
                }
            }
        }
        return entries
    }

    /// The entries of the chunks (in row order) in rank order, counted in place when the
    /// counting sort applies, without joining the chunks first; there, with `indexing`,
    /// also the positions of the first `indexing` rows (``Ranked/index``).
    func order(parts: [[Entry]], indexing: Int? = nil) -> Ranked {
        let tiebreaks = self.tiebreaks.prefix { $0 != .index }
        if sorts, tiebreaks.count <= 1, pattern.groups.contains(where: { $0.contains { !$0.isInverse } }),
           let counted = Self.countingOrder(parts, tied: !tiebreaks.isEmpty, reversed: reversed, indexing: indexing) {
            return counted
        }
        return Ranked(order: order(parts.flatMap { $0 }))
    }

    /// The entries in rank order.
    func order(_ entries: [Entry]) -> [Int32] {
        let reversed = self.reversed
        // Only `!` terms: nothing scores, so the input order stays (as in fzf).
        let scores = pattern.groups.contains { $0.contains { !$0.isInverse } }
        guard sorts, scores else {
            return reversed ? entries.reversed().map(\.row) : entries.map(\.row)
        }
        let tiebreaks = self.tiebreaks.prefix { $0 != .index }  // nothing after index can matter
        if tiebreaks.count <= 1, let counted = Self.countingOrder(entries, tied: !tiebreaks.isEmpty, reversed: reversed) {
            return counted
        }
        // One 64-bit key per entry (the score, then the first tiebreak), so that most
        // comparisons are one integer comparison; the other tiebreaks only on equal keys.
        let tied = !tiebreaks.isEmpty, slots = min(tiebreaks.count, 3)
        var keyed = entries.indices.map { index -> (key: UInt64, index: Int32) in
            let entry = entries[index]
            let score = UInt64(UInt32(bitPattern: entry.score) ^ 0x8000_0000)
            let tie = tied ? UInt64(UInt32(bitPattern: entry.tie0) ^ 0x8000_0000) : 0
            return (((0xFFFF_FFFF - score) << 32) | tie, Int32(truncatingIfNeeded: index))
        }
        keyed.sort { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key < rhs.key }
            let left = entries[Int(lhs.index)], right = entries[Int(rhs.index)]
            if slots > 1, left.tie1 != right.tie1 { return left.tie1 < right.tie1 }
            if slots > 2, left.tie2 != right.tie2 { return left.tie2 < right.tie2 }
            return reversed ? left.row > right.row : left.row < right.row
        }
        return keyed.map { entries[Int($0.index)].row }
    }

    /// The value of the first tiebreak of `entry` when `tied` (lower first), else 0.
    @inline(__always)
    static func tieValue(_ entry: Entry, tied: Bool) -> Int32 { tied ? entry.tie0 : 0 }

    /// The entries (in ascending rows, as the chunks give them) in rank order by a stable
    /// counting sort on (score, the first tiebreak when `tied`), so that equal keys keep the order of their
    /// rows (reversed with `reversed`): two passes over the entries instead of a
    /// comparison sort, which took a tenth of a second on a million matches. Nil when the
    /// keys span too many values for a table of counts.
    static func countingOrder(_ entries: [Entry], tied: Bool, reversed: Bool) -> [Int32]? {
        countingOrder([entries], tied: tied, reversed: reversed)
    }

    /// ``countingOrder(_:tied:reversed:)`` over the entries of `parts` one after another.
    static func countingOrder(_ parts: [[Entry]], tied: Bool, reversed: Bool) -> [Int32]? {
        countingOrder(parts, tied: tied, reversed: reversed, indexing: nil)?.order
    }

    /// ``countingOrder(_:tied:reversed:)`` over the entries of `parts` one after another;
    /// with `indexing` (a count of rows above every entry's row), also each of those rows'
    /// position and the rows ascending, written in the pass that places the rows: it visits
    /// them in ascending (or, `reversed`, descending) order, so these writes are sequential,
    /// where a pass of their own after it wrote each position at a random place.
    static func countingOrder(_ parts: [[Entry]], tied: Bool, reversed: Bool, indexing rowCount: Int?) -> Ranked? {
        let total = parts.reduce(0) { $0 + $1.count }
        guard total > 0 else {
            return Ranked(order: [], index: rowCount.map { ([Int32](repeating: -1, count: $0), []) })
        }
        var minScore = Int32.max, maxScore = Int32.min, minTie = Int32.max, maxTie = Int32.min
        for entries in parts {
            for entry in entries {
                minScore = min(minScore, entry.score)
                maxScore = max(maxScore, entry.score)
                let tie = tieValue(entry, tied: tied)
                minTie = min(minTie, tie)
                maxTie = max(maxTie, tie)
            }
        }
        let scoreSpan = Int(maxScore) - Int(minScore) + 1, tieSpan = Int(maxTie) - Int(minTie) + 1
        let (span, overflow) = scoreSpan.multipliedReportingOverflow(by: tieSpan)
        guard !overflow, span <= 1 << 20, span <= 8 * total + 4096 else { return nil }
        @inline(__always) func key(_ entry: Entry) -> Int {
            Int(maxScore - entry.score) * tieSpan + Int(tieValue(entry, tied: tied) - minTie)
        }
        var starts = [Int](repeating: 0, count: span + 1)
        for entries in parts {
            for entry in entries { starts[key(entry) + 1] += 1 }
        }
        for index in 1...span { starts[index] += starts[index - 1] }
        let indexes = rowCount != nil
        var positions = [Int32](repeating: -1, count: rowCount ?? 0)
        var rows = [Int32](repeating: 0, count: indexes ? total : 0)
        // The last pass through buffer pointers: the captured arrays written as variables in
        // the closure cost a dynamic exclusivity check per entry.
        let order = [Int32](unsafeUninitializedCapacity: total) { buffer, initialized in
            starts.withUnsafeMutableBufferPointer { starts in
                positions.withUnsafeMutableBufferPointer { positions in
                    rows.withUnsafeMutableBufferPointer { rows in
                        var visited = 0
                        let step = reversed ? -1 : 1
                        for part in stride(from: reversed ? parts.count - 1 : 0, to: reversed ? -1 : parts.count, by: step) {
                            let entries = parts[part]
                            for index in stride(from: reversed ? entries.count - 1 : 0, to: reversed ? -1 : entries.count, by: step) {
                                let entry = entries[index]
                                let slot = key(entry)
                                let at = starts[slot]
                                starts[slot] = at + 1
                                buffer[at] = entry.row
                                if indexes {
                                    positions[Int(entry.row)] = Int32(truncatingIfNeeded: at)
                                    rows[reversed ? total - 1 - visited : visited] = entry.row
                                    visited += 1
                                }
                            }
                        }
                    }
                }
            }
            initialized = total
        }
        return Ranked(order: order, index: indexes ? (positions, rows) : nil)
    }
}
