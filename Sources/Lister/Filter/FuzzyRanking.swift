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

    /// One matched row and what orders it: 12 bytes, for a ranking writes and reads one per
    /// match (a million on a large list) several times.
    struct Entry {
        var row: Int32
        var score: Int32
        /// The value of the first tiebreak.
        var tie0: Int32 = 0
    }

    /// The entries of one chunk, in row order, and with two or three tiebreaks, the values
    /// of the second and third for each entry (fzf takes at most three): most rankings have
    /// one tiebreak, and their entries stay small.
    struct ScoredPart {
        var entries: [Entry] = []
        var laterTies: [SIMD2<Int32>] = []
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
                         parallelism: parallelism, indexing: false, defersSort: false).order
    }

    /// The rows in rank order and, with `indexing`, where each of the first `rowCount` rows
    /// stands in it (for ``FilterMatches``); with `defersSort` too, a large ranking's order
    /// is left for ``RankedOrder`` to sort when needed.
    @concurrent
    func ranked<Source: FilterableText>(
        _ source: Source,
        candidates: [Int32]?,
        rowCount: Int?,
        chunkSize: Int,
        parallelism: Int,
        indexing: Bool,
        defersSort: Bool
    ) async throws -> Ranked {
        let count = rowCount ?? source.count
        let chunks = FilterRun.plainChunks(rowCount: count, candidates: candidates, size: max(1, chunkSize))
        // A large ranking for the screen leaves its sort for later (``RankedOrder``): each
        // chunk's best entries are picked out while the chunk is in the cache.
        let defers = defersSort && indexing && sortsByCounting && (candidates?.count ?? count) >= Self.parallelSortMinimum
        var parts = [ScoredPart](repeating: ScoredPart(), count: chunks.count)
        var bests = [[Entry]](repeating: [], count: defers ? chunks.count : 0)
        var bounds = KeyBounds()
        try await withThrowingTaskGroup(of: (Int, ScoredPart, KeyBounds, [Entry]).self) { group in
            var next = 0
            func startNext() {
                let index = next
                next += 1
                group.addTask { [self] in
                    try Task.checkCancellation()
                    let part = score(chunks[index], of: source, checksCancellation: true)
                    try Task.checkCancellation()
                    let bounds = KeyBounds(part.entries)
                    return (index, part, bounds, defers ? best(of: part.entries, bounds: bounds) : [])
                }
            }
            while next < min(max(1, parallelism), chunks.count) { startNext() }
            while let (index, part, partBounds, partBest) = try await group.next() {
                parts[index] = part
                bounds.formUnion(partBounds)
                if defers { bests[index] = partBest }
                if next < chunks.count { startNext() }
            }
        }
        try Task.checkCancellation()
        if defers {
            let total = parts.reduce(0) { $0 + $1.entries.count }
            let deferred = RankedOrder(ranking: self, parts: parts, bounds: bounds, best: best(of: bests.flatMap { $0 }).map(\.row),
                                       count: total, rowCount: count, parallelism: parallelism)
            return Ranked(order: [], index: nil, deferred: deferred)
        }
        return order(parts: parts, bounds: bounds, indexing: indexing ? count : nil, parallelism: parallelism)
    }

    /// Whether this ranking's order comes from ``countingOrder(_:bounds:tied:reversed:indexing:parallelism:)``
    /// (or the comparison sort it falls back to): by score, at most one tiebreak, then the
    /// rows' order.
    var sortsByCounting: Bool {
        sorts && tiebreaks.prefix { $0 != .index }.count <= 1 && pattern.groups.contains { $0.contains { !$0.isInverse } }
    }

    /// Rows a large ranking's result knows in order before its sort (``RankedOrder``):
    /// several screens of them.
    static let bestCount = 512

    /// The first ``bestCount`` of `entries` in rank order, when ``sortsByCounting``;
    /// `bounds`, when given, are those of `entries`.
    ///
    /// The keys of the entries are counted (as the counting sort counts them), which gives
    /// the key of the last one kept; the entries before it and enough of those with it (the
    /// first rows, the last with `reversed`) are sorted: two passes over the entries, where
    /// keeping a sorted list of the best so far moved it about two thousand times in a
    /// chunk.
    func best(of entries: [Entry], bounds: KeyBounds? = nil) -> [Entry] {
        let tied = !tiebreaks.prefix { $0 != .index }.isEmpty, reversed = self.reversed
        /// Whether `lhs` ranks before `rhs`.
        func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            let left = Self.tieValue(lhs, tied: tied), right = Self.tieValue(rhs, tied: tied)
            if left != right { return left < right }
            return reversed ? lhs.row > rhs.row : lhs.row < rhs.row
        }
        let wanted = Self.bestCount
        guard entries.count > wanted else { return entries.sorted(by: precedes) }
        var bounds = bounds ?? KeyBounds(entries)
        if !tied { (bounds.minTie, bounds.maxTie) = (0, 0) }
        let maxScore = bounds.maxScore, minTie = bounds.minTie
        let tieSpan = Int(bounds.maxTie) - Int(minTie) + 1
        let (span, overflow) = (Int(maxScore) - Int(bounds.minScore) + 1).multipliedReportingOverflow(by: tieSpan)
        // Keys too spread for a table of counts (lines of very different lengths): the
        // scores alone are counted, and the entries of the last score kept are sorted.
        let countsTies = !overflow && span <= 8 * entries.count + 4096
        let scoreSpan = Int(maxScore) - Int(bounds.minScore) + 1
        guard countsTies || scoreSpan <= 8 * entries.count + 4096 else {
            return Array(entries.sorted(by: precedes).prefix(wanted))
        }
        // The counting sort's slots; by score alone, every tie at one slot.
        let keys = SortKeys(maxScore: maxScore, minTie: countsTies ? minTie : 0, tieSpan: countsTies ? tieSpan : 1,
                            tied: countsTies && tied)
        @inline(__always) func slot(_ entry: Entry) -> Int { keys.slot(entry) }
        var counts = [Int32](repeating: 0, count: countsTies ? span : scoreSpan)
        counts.withUnsafeMutableBufferPointer { counts in
            for entry in entries { counts[slot(entry)] &+= 1 }
        }
        // The key of the last entry kept, and how many of the entries with it are kept.
        var threshold = 0, before = 0
        while before + Int(counts[threshold]) < wanted {
            before += Int(counts[threshold])
            threshold += 1
        }
        var kept: [Entry] = [], tiedAtThreshold: [Entry] = []
        kept.reserveCapacity(wanted)
        for entry in entries {
            let at = slot(entry)
            if at < threshold { kept.append(entry) } else if at == threshold { tiedAtThreshold.append(entry) }
        }
        tiedAtThreshold.sort(by: countsTies ? { reversed ? $0.row > $1.row : $0.row < $1.row } : precedes)
        kept += tiedAtThreshold.prefix(wanted - before)
        return kept.sorted(by: precedes)
    }

    /// The same ranking on the caller, in one go (small lists and tests).
    public func rankNow<Source: FilterableText>(_ source: Source, candidates: [Int32]? = nil, rowCount: Int? = nil) -> [Int32] {
        rankedNow(source, candidates: candidates, rowCount: rowCount, indexing: false).order
    }

    /// ``rankNow(_:candidates:rowCount:)`` with the positions of ``ranked(_:candidates:rowCount:chunkSize:parallelism:indexing:defersSort:)``.
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
        /// Instead of the two above, a large ranking's order, sorted when needed.
        var deferred: RankedOrder?
    }

    /// The matching rows of `chunk`, scored.
    func score<Source: FilterableText>(_ chunk: FilterRun.Chunk, of source: Source, checksCancellation: Bool) -> ScoredPart {
        var matcher = FuzzyMatcher(pattern)
        var laterTies: [SIMD2<Int32>] = []
        let ties = Array(tiebreaks.prefix { $0 != .index }.prefix(3))
        let tie0 = ties.first, tie1 = ties.dropFirst().first, tie2 = ties.dropFirst(2).first
        let withPositions = sorts && ties.contains(where: \.needsPositions)
        // Every tiebreak is the length (or there is none): a whole row's score and length
        // come from ``FuzzyMatcher/quickScore(_:)`` when it applies, without a match made.
        let quick = ties.allSatisfy { $0 == .length }
        // The per-row closure reaches the matcher and the count of entries through pointers:
        // captured as variables, each of its reads and writes of them was a dynamic
        // exclusivity check (`swift_beginAccess`, 7% of a ranked keystroke). The pointers live
        // only in these calls, and nothing else touches `matcher` or `count` meanwhile. The
        // entries are written in place, room for every row of the chunk (most rows of a
        // chunk usually match): no `append`, with its checks of uniqueness and capacity.
        var count = 0
        let entries = [Entry](unsafeUninitializedCapacity: chunk.count) { buffer, written in
            let buffer = buffer
            withUnsafeMutablePointer(to: &matcher) { matcher in
                withUnsafeMutablePointer(to: &count) { count in
                    /// Scores `utf8`, or only its `fields` (`--nth`), each on its own.
                    func add(_ row: Int, _ utf8: UnsafeBufferPointer<UInt8>, _ fields: UnsafeBufferPointer<Range<Int>>?) {
                        if quick, fields == nil {
                            switch matcher.pointee.quickScore(utf8) {
                            case .matched(let score, let length):
                                let tie = Int32(truncatingIfNeeded: min(length, Int(UInt16.max)))  // as `FuzzyMatch.tieValue`
                                buffer.initializeElement(at: count.pointee,
                                                         to: Entry(row: Int32(truncatingIfNeeded: row), score: score, tie0: tie0 == nil ? 0 : tie))
                                count.pointee &+= 1
                                if tie1 != nil { laterTies.append(SIMD2(tie, tie2 == nil ? 0 : tie)) }
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
                        buffer.initializeElement(at: count.pointee, to: entry)
                        count.pointee &+= 1
                        if let tie1 {
                            laterTies.append(SIMD2(Int32(truncatingIfNeeded: found.tieValue(tie1)),
                                                   tie2.map { Int32(truncatingIfNeeded: found.tieValue($0)) } ?? 0))
                        }
                    }
                    FilterRun.forEachBatch(of: chunk, checksCancellation: checksCancellation) { batch in
                        source.forEachUTF8(in: batch, fields: { add($0, $1, $2) })
                    }
                }
            }
            written = count
        }
        // A chunk where few rows match gives back the room it did not use (a copy into an
        // array of their size): a large ranking keeps its entries until it is sorted.
        guard entries.count < chunk.count / 2 else { return ScoredPart(entries: entries, laterTies: laterTies) }
        return ScoredPart(entries: entries.withUnsafeBufferPointer { Array($0) }, laterTies: laterTies)
    }

    /// The entries of the chunks (in row order) in rank order, counted in place when the
    /// counting sort applies, without joining the chunks first; there, with `indexing`,
    /// also the positions of the first `indexing` rows (``Ranked/index``).
    func order(parts: [ScoredPart], bounds: KeyBounds? = nil, indexing: Int? = nil, parallelism: Int = 1) -> Ranked {
        let tiebreaks = self.tiebreaks.prefix { $0 != .index }
        if sorts, tiebreaks.count <= 1, pattern.groups.contains(where: { $0.contains { !$0.isInverse } }),
           let counted = Self.countingOrder(parts.map(\.entries), bounds: bounds, tied: !tiebreaks.isEmpty, reversed: reversed,
                                            indexing: indexing, parallelism: parallelism) {
            return counted
        }
        return Ranked(order: order(parts.flatMap(\.entries), laterTies: parts.flatMap(\.laterTies)))
    }

    /// The entries in rank order; `laterTies`, one for each entry, with two or three
    /// tiebreaks.
    func order(_ entries: [Entry], laterTies: [SIMD2<Int32>] = []) -> [Int32] {
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
        precondition(slots <= 1 || laterTies.count == entries.count, "the later tiebreaks of every entry")
        var keyed = entries.indices.map { index -> (key: UInt64, index: Int32) in
            let entry = entries[index]
            let score = UInt64(UInt32(bitPattern: entry.score) ^ 0x8000_0000)
            let tie = tied ? UInt64(UInt32(bitPattern: entry.tie0) ^ 0x8000_0000) : 0
            return (((0xFFFF_FFFF - score) << 32) | tie, Int32(truncatingIfNeeded: index))
        }
        keyed.sort { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key < rhs.key }
            let left = entries[Int(lhs.index)], right = entries[Int(rhs.index)]
            if slots > 1 {
                let leftTies = laterTies[Int(lhs.index)], rightTies = laterTies[Int(rhs.index)]
                if leftTies[0] != rightTies[0] { return leftTies[0] < rightTies[0] }
                if slots > 2, leftTies[1] != rightTies[1] { return leftTies[1] < rightTies[1] }
            }
            return reversed ? left.row > right.row : left.row < right.row
        }
        return keyed.map { entries[Int($0.index)].row }
    }
}
