import TerminalCore

/// The order of a large ranking's matches, sorted when first needed beyond its best rows.
///
/// A keystroke in a picker over a million rows shows one screen of the best matches; the
/// sort of all of them took a tenth of the keystroke (4 to 10 ms). The ranking gives its
/// best rows at once (each chunk's best, found while the chunk was in the cache, merged),
/// and leaves the scored entries here: the whole order, each row's position in it and the
/// rows ascending are made by ``FuzzyRanking/order(parts:bounds:indexing:parallelism:)``,
/// the same code as before, the first time something past the best rows is asked for
/// (scrolling past them, `--track` on another row, select-all). The next key's run takes
/// the rows ascending from the entries, unsorted. fzf's result merger works the same way:
/// it sorts lazily, as far as the screen asks.
///
/// Thread-safe: the state is read and replaced under a lock, and sorted once.
final class RankedOrder: Sendable {
    /// The number of matches.
    let count: Int
    /// The first rows in rank order (all of them when fewer than ``FuzzyRanking/bestCount``).
    let best: [Int32]
    private let state: Locked<State>
    /// The rows ascending once taken from the unsorted entries (``rows``).
    private let unsortedRows = Locked<[Int32]?>(nil)

    /// The entries waiting, or what sorting them made.
    private enum State {
        case scored(Pending)
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
        state = Locked(.scored(Pending(ranking: ranking, parts: parts, bounds: bounds,
                                       rowCount: rowCount, parallelism: parallelism)))
    }

    /// The row at `position` of the order.
    func row(at position: Int) -> Int32 {
        position < best.count ? best[position] : sorted { $0.order[position] }
    }

    /// Where `row` stands in the order, nil when it does not match (or is not covered).
    func position(ofRow row: Int) -> Int? {
        guard row >= 0, row <= Int(Int32.max) else { return nil }
        // The selection is most often one of the best rows: found without the sort.
        if let position = best.firstIndex(of: Int32(truncatingIfNeeded: row)) { return position }
        return sorted { sorted in
            guard row < sorted.positions.count, sorted.positions[row] >= 0 else { return nil }
            return Int(sorted.positions[row])
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

    /// The entries waiting for their sort, nil once sorted.
    private var pending: Pending? {
        state.withLock { state in
            if case .scored(let pending) = state { return pending }
            return nil
        }
    }

    /// The matching rows ascending (what the next key's run examines): taken from the
    /// entries when they are not sorted yet, without sorting them.
    var rows: [Int32] {
        guard let pending else { return sorted(\.rows) }
        return unsortedRows.withLock { kept in
            if let kept { return kept }
            let rows = Self.rows(of: pending.parts, count: count)
            kept = rows
            return rows
        }
    }

    /// The rows of `parts`' entries, `count` in all, one after another.
    private static func rows(of parts: [FuzzyRanking.ScoredPart], count: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: count) { rows, written in
            written = 0
            for part in parts {
                part.entries.withUnsafeBufferPointer { entries in
                    for entry in entries {
                        rows[written] = entry.row
                        written += 1
                    }
                }
            }
        }
    }

    /// `body` of the sorted order, sorting the entries first on as many threads as the
    /// ranking had (a reader is waiting) if they are not yet.
    private func sorted<T>(_ body: (Sorted) -> T) -> T {
        state.withLock { state in
            if case .scored(let pending) = state {
                state = .sorted(pending.sorted(parallelism: pending.parallelism))
                unsortedRows.withLock { $0 = nil }  // the sorted rows are the same
            }
            guard case .sorted(let sorted) = state else { preconditionFailure("sorted above") }
            return body(sorted)
        }
    }
}
