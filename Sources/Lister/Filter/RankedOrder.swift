import TerminalCore

/// The order of a large ranking's matches, sorted when first needed beyond its best rows.
///
/// A keystroke in a picker over a million rows shows one screen of the best matches; the
/// sort of all of them took a tenth of the keystroke (4 to 10 ms). The ranking gives its
/// best rows at once (each chunk's best, found while the chunk was in the cache, merged),
/// and leaves the scored entries here: the whole order, each row's position in it and the
/// rows ascending are made by ``FuzzyRanking/order(parts:bounds:indexing:parallelism:)``,
/// the same code as before, the first time something past the best rows is asked for
/// (scrolling past them, `--track` on another matching row, select-all). The next key's
/// run takes the rows ascending from the entries, unsorted, and a row that does not match
/// is told by a binary search of them. (fzf sorts each partition of its result in full and
/// merges them lazily, as far as the screen asks; here no partition is sorted until then.)
///
/// Thread-safe: the state is read and replaced under one lock, and sorted once.
final class RankedOrder: Sendable {
    /// The number of matches.
    let count: Int
    /// The first rows in rank order (all of them when fewer than ``FuzzyRanking/bestCount``).
    let best: [Int32]
    /// The rows the ranking covered.
    let rowCount: Int
    private let state: Locked<State>

    /// The entries waiting (and the rows ascending, once taken from them), or what
    /// sorting them made.
    private enum State {
        case scored(Pending, rows: [Int32]?)
        case sorted(Sorted)
    }

    /// The order, each covered row's position in it (or -1), the rows ascending.
    private struct Sorted {
        let order: [Int32]
        let positions: [Int32]
        let rows: [Int32]
    }

    /// What sorting needs: the ranking, its scored parts and their bounds, and the rows
    /// covered.
    private struct Pending {
        let ranking: FuzzyRanking
        let parts: [FuzzyRanking.ScoredPart]
        let bounds: FuzzyRanking.KeyBounds
        let rowCount: Int
        let parallelism: Int

        /// The entries sorted on `parallelism` threads, by the code a ranking sorted at
        /// once uses.
        func sorted(parallelism: Int) -> Sorted {
            let ranked = ranking.order(parts: parts, bounds: bounds, indexing: rowCount, parallelism: parallelism)
            let (positions, rows) = ranked.index ?? FilterMatches.index(of: ranked.order, coveredRows: rowCount)
            return Sorted(order: ranked.order, positions: positions, rows: rows)
        }
    }

    /// Leaves `parts` (every match of `ranking` over `rowCount` rows, `best` first) to be
    /// sorted when needed.
    init(ranking: FuzzyRanking, parts: [FuzzyRanking.ScoredPart], bounds: FuzzyRanking.KeyBounds,
         best: [Int32], count: Int, rowCount: Int, parallelism: Int) {
        self.count = count
        self.best = best
        self.rowCount = rowCount
        state = Locked(.scored(Pending(ranking: ranking, parts: parts, bounds: bounds,
                                       rowCount: rowCount, parallelism: parallelism), rows: nil))
    }

    /// The row at `position` of the order.
    func row(at position: Int) -> Int32 {
        position < best.count ? best[position] : sorted { $0.order[position] }
    }

    /// Where `row` stands in the order, nil when it does not match (or is not covered).
    func position(ofRow row: Int) -> Int? {
        guard row >= 0, row < rowCount else { return nil }
        // The selection is most often one of the best rows: found without the sort.
        if let position = best.firstIndex(of: Int32(truncatingIfNeeded: row)) { return position }
        return state.withLock { state in
            // A row that does not match needs no sort to say so: a binary search of the rows.
            if case .scored(let pending, let rows) = state {
                let ascending = rows ?? Self.rows(of: pending.parts, count: count)
                state = .scored(pending, rows: ascending)
                guard Self.contains(ascending, row) else { return nil }
            }
            let sorted = sortedState(&state)
            return sorted.positions[row] >= 0 ? Int(sorted.positions[row]) : nil
        }
    }

    /// Whether the entries are sorted (the tests' question).
    var isSorted: Bool {
        state.withLock { state in
            if case .sorted = state { return true }
            return false
        }
    }

    /// The whole order.
    var order: [Int32] { sorted(\.order) }

    /// The matching rows ascending (what the next key's run examines): taken from the
    /// entries when they are not sorted yet, without sorting them, and kept.
    var rows: [Int32] {
        state.withLock { state in
            switch state {
            case .sorted(let sorted):
                return sorted.rows
            case .scored(let pending, let rows):
                if let rows { return rows }
                let ascending = Self.rows(of: pending.parts, count: count)
                state = .scored(pending, rows: ascending)
                return ascending
            }
        }
    }

    /// The rows of `parts`' entries, `count` in all, one after another.
    private static func rows(of parts: [FuzzyRanking.ScoredPart], count: Int) -> [Int32] {
        [Int32](writing: count) { rows in
            var written = 0
            for part in parts {
                part.entries.withUnsafeBufferPointer { entries in
                    for entry in entries {
                        rows[written] = entry.row
                        written += 1
                    }
                }
            }
            return written
        }
    }

    /// Whether `rows` (ascending) holds `row`.
    private static func contains(_ rows: [Int32], _ row: Int) -> Bool {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if Int(rows[middle]) < row { low = middle + 1 } else { high = middle }
        }
        return low < rows.count && Int(rows[low]) == row
    }

    /// `body` of the sorted order, sorting the entries first if they are not yet.
    private func sorted<T>(_ body: (Sorted) -> T) -> T {
        state.withLock { state in body(sortedState(&state)) }
    }

    /// The sorted order, `state` sorted first (on as many threads as the ranking had: a
    /// reader is waiting) if it is not yet. Called under the lock.
    private func sortedState(_ state: inout State) -> Sorted {
        switch state {
        case .sorted(let sorted):
            return sorted
        case .scored(let pending, _):
            let sorted = pending.sorted(parallelism: pending.parallelism)
            state = .sorted(sorted)
            return sorted
        }
    }
}
