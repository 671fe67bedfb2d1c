/// How the rows of a sectioned list lie in the one list its ``FilterEngine`` searches: the
/// loaded sections' items one after another, in section order (a section still loading or
/// failed has none).
///
/// One engine over the concatenation, not one per section: a key starts one run, which
/// the next key cancels, and which narrows from the last matches, as on a plain list.
struct SectionFilterRows: Equatable {
    /// The revision of each section's model when the rows were laid out.
    private(set) var revisions: [Int]
    /// Where each section's items start among the searched rows, and the end of the last.
    private(set) var starts: [Int]

    /// No rows laid out yet.
    init() {
        revisions = []
        starts = [0]
    }

    /// Sections of `counts` items, at these model revisions.
    init(counts: [Int], revisions: [Int]) {
        precondition(counts.count == revisions.count, "a count and a revision per section")
        self.revisions = revisions
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        self.starts = starts
    }

    /// The number of rows searched: every loaded item.
    var count: Int { starts[starts.count - 1] }

    /// The indices within section `section` of the rows of `matches` (ascending rows of
    /// the concatenation) that are its items, ascending.
    func indices(inSection section: Int, of matches: [Int32]) -> [Int] {
        guard section + 1 < starts.count else { return [] }
        let start = starts[section], end = starts[section + 1]
        var index = Self.firstIndex(notBelow: start, in: matches)
        var indices: [Int] = []
        while index < matches.count, Int(matches[index]) < end {
            indices.append(Int(matches[index]) - start)
            index += 1
        }
        return indices
    }

    /// The position of the first of `rows` (ascending) at or after `row`.
    private static func firstIndex(notBelow row: Int, in rows: [Int32]) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if Int(rows[middle]) < row { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
