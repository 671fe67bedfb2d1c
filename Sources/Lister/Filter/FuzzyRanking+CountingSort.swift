import Dispatch

extension FuzzyRanking {
    /// The least and greatest score and first tiebreak of some entries: the span of a
    /// counting sort's keys. The tasks that score the chunks work them out while the
    /// entries are in their cache, so that the sort need not read every entry once more.
    struct KeyBounds: Sendable, Equatable {
        var minScore = Int32.max, maxScore = Int32.min
        var minTie = Int32.max, maxTie = Int32.min

        /// No entry: every bound is past the other.
        init() {}

        /// The bounds of `entries`.
        init(_ entries: [Entry]) {
            for entry in entries {
                minScore = min(minScore, entry.score)
                maxScore = max(maxScore, entry.score)
                minTie = min(minTie, entry.tie0)
                maxTie = max(maxTie, entry.tie0)
            }
        }

        /// Widens the bounds to take in `other`'s.
        mutating func formUnion(_ other: KeyBounds) {
            minScore = min(minScore, other.minScore)
            maxScore = max(maxScore, other.maxScore)
            minTie = min(minTie, other.minTie)
            maxTie = max(maxTie, other.maxTie)
        }
    }

    /// Entries a counting sort takes before it shares its passes among threads: below it,
    /// starting them costs more than they save.
    static let parallelSortMinimum = 1 << 16

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
    /// position and the rows ascending, written in the pass that places the rows.
    ///
    /// `bounds`, when given, are those of every entry (``KeyBounds``). With `parallelism`
    /// above 1 and enough entries, the parts are cut into that many groups of neighbouring
    /// parts, each counted and placed on its own thread: for a key, a group's entries come
    /// after those of the groups before it (after it, `reversed`), which is where a single
    /// pass over all of them puts them, so the order is the same.
    static func countingOrder(_ parts: [[Entry]], bounds: KeyBounds? = nil, tied: Bool, reversed: Bool,
                              indexing rowCount: Int?, parallelism: Int = 1) -> Ranked? {
        let total = parts.reduce(0) { $0 + $1.count }
        guard total > 0 else {
            return Ranked(order: [], index: rowCount.map { ([Int32](repeating: -1, count: $0), []) })
        }
        var bounds = bounds ?? parts.reduce(into: KeyBounds()) { $0.formUnion(KeyBounds($1)) }
        if !tied { (bounds.minTie, bounds.maxTie) = (0, 0) }
        let maxScore = bounds.maxScore, minTie = bounds.minTie
        let scoreSpan = Int(maxScore) - Int(bounds.minScore) + 1, tieSpan = Int(bounds.maxTie) - Int(minTie) + 1
        let (span, overflow) = scoreSpan.multipliedReportingOverflow(by: tieSpan)
        guard !overflow, span <= 1 << 20, span <= 8 * total + 4096 else { return nil }
        let keys = SortKeys(maxScore: maxScore, minTie: minTie, tieSpan: tieSpan, tied: tied)
        let groups = Self.groups(of: parts, total: total,
                                 count: total >= parallelSortMinimum ? max(1, min(parallelism, parts.count)) : 1)
        // One table of counts per group, then of where its next entry of each key goes.
        let counts = UnsafeMutablePointer<Int32>.allocate(capacity: groups.count * span)
        counts.initialize(repeating: 0, count: groups.count * span)
        defer { counts.deallocate() }
        let indexes = rowCount != nil, covered = rowCount ?? 0
        var positionsMade: [Int32] = [], rowsMade: [Int32] = []
        // Written in place through pointers, each slot once: `order` by the counts, `rows`
        // by each group's share, `positions` first by the shares of the first pass.
        let order = [Int32](writing: total) { order in
            positionsMade = [Int32](writing: covered) { positions in
                rowsMade = [Int32](writing: indexes ? total : 0) { rows in
                    let shared = SharedTables(order: order, positions: positions, rows: rows, counts: counts)
                    // Each group counts its entries, and marks its share of the rows as not
                    // matching (the next pass marks those that match).
                    inParallel(groups.count) { group in
                        let table = shared.counts + group * span
                        for part in groups[group].parts {
                            for entry in parts[part] { table[keys.slot(entry)] &+= 1 }
                        }
                        let share = (covered + groups.count - 1) / groups.count
                        let start = min(group * share, covered), end = min(start + share, covered)
                        if start < end { (shared.positions.baseAddress! + start).initialize(repeating: -1, count: end - start) }
                    }
                    // For each key in turn, each group's entries in the order of their rows.
                    var next: Int32 = 0
                    for slot in 0..<span {
                        for group in stride(from: reversed ? groups.count - 1 : 0, to: reversed ? -1 : groups.count,
                                            by: reversed ? -1 : 1) {
                            let at = counts + group * span + slot
                            let count = at.pointee
                            at.pointee = next
                            next &+= count
                        }
                    }
                    // Each group places its entries: in the order of the list, from the end
                    // with `reversed`, so that equal keys keep that order.
                    inParallel(groups.count) { group in
                        let table = shared.counts + group * span
                        let step = reversed ? -1 : 1
                        var ascending = reversed ? groups[group].offset + groups[group].count - 1 : groups[group].offset
                        let range = groups[group].parts
                        for part in stride(from: reversed ? range.upperBound - 1 : range.lowerBound,
                                           to: reversed ? range.lowerBound - 1 : range.upperBound, by: step) {
                            parts[part].withUnsafeBufferPointer { entries in
                                for index in stride(from: reversed ? entries.count - 1 : 0, to: reversed ? -1 : entries.count, by: step) {
                                    let entry = entries[index]
                                    let slot = keys.slot(entry)
                                    let at = table[slot]
                                    table[slot] = at &+ 1
                                    shared.order[Int(at)] = entry.row
                                    if indexes {
                                        shared.positions[Int(entry.row)] = at
                                        shared.rows[ascending] = entry.row
                                        ascending &+= step
                                    }
                                }
                            }
                        }
                    }
                    return indexes ? total : 0
                }
                return covered
            }
            return total
        }
        return Ranked(order: order, index: indexes ? (positionsMade, rowsMade) : nil)
    }

    /// The slot of an entry's key in a counting sort's tables: the best score first, then
    /// the lowest tiebreak.
    struct SortKeys: Sendable {
        let maxScore: Int32, minTie: Int32, tieSpan: Int, tied: Bool

        @inline(__always)
        func slot(_ entry: Entry) -> Int {
            Int(maxScore &- entry.score) &* tieSpan &+ Int(tieValue(entry, tied: tied) &- minTie)
        }
    }

    /// The tables a counting sort's groups write at once, on threads of their own.
    ///
    /// Safe to share (hence `@unchecked Sendable`): within a pass, each group reads and
    /// writes only its own table of counts and writes only slots no other group writes in
    /// that pass: in the first, its share of `positions` (marked -1); in the second, the
    /// places its own counts hand out in `order`, the rows of its own entries in `positions`
    /// (which another group may have marked in the first pass: `concurrentPerform` returns
    /// between the passes, so the writes are ordered), and its own range of `rows`. The
    /// memory outlives the threads: `concurrentPerform` returns once every group is done.
    private struct SharedTables: @unchecked Sendable {
        let order: UnsafeMutableBufferPointer<Int32>
        let positions: UnsafeMutableBufferPointer<Int32>
        let rows: UnsafeMutableBufferPointer<Int32>
        let counts: UnsafeMutablePointer<Int32>
    }

    /// Neighbouring parts in `count` groups of about equal entries (fewer when parts are
    /// few): for each, its parts, its first entry's place among all and its entries.
    private static func groups(of parts: [[Entry]], total: Int, count: Int) -> [(parts: Range<Int>, offset: Int, count: Int)] {
        var groups: [(parts: Range<Int>, offset: Int, count: Int)] = []
        var start = 0, offset = 0
        for group in 0..<count where start < parts.count {
            var end = start, entries = 0
            let goal = (total - offset + (count - group) - 1) / (count - group)
            repeat {
                entries += parts[end].count
                end += 1
            } while end < parts.count && (entries < goal || group == count - 1)
            groups.append((start..<end, offset, entries))
            offset += entries
            start = end
        }
        return groups
    }

    /// Calls `body` with each of `0..<count`, on as many threads at once (on this one alone
    /// for one). The callers give each call its own part of the memory they write.
    private static func inParallel(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count <= 1 {
            body(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }
    }
}
