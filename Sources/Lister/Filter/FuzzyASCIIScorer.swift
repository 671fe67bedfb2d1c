/// fzf's score of one fuzzy term over a line of ASCII bytes, computed from the places where
/// the term's characters occur instead of the whole table.
///
/// It gives the score ``FuzzyScore/fuzzy(_:_:pattern:table:withPositions:forward:)`` gives (a test
/// compares the two on every short string of a small alphabet), without positions, at a
/// fraction of the cost: a line of 60 characters has a few occurrences of each character
/// of the term, against a table of the term's length times the window.
///
/// Why it is the same: in a row of that table, a cell that is not an occurrence of the
/// row's character only carries the value on its left, less 3 for the first cell of a gap
/// and 1 for the next ones, never below 0. So the value of any cell, and whether it is in
/// a gap, follow from the last occurrence at or before it; only occurrences are computed,
/// each from the previous occurrence in its row and the cell up and to the left, found by
/// walking the row above once.
///
/// Not `Sendable`: each task of a search makes its own (through ``FuzzyMatcher``).
final class FuzzyASCIIScorer {
    /// What ``score(_:)`` found.
    enum Outcome: Equatable {
        case score(Int32)
        case noMatch
        /// A line long enough that the table may be too big: the general path decides (it
        /// falls back to a greedy alignment there, which this scorer does not copy).
        case useGeneral
    }

    private let count: Int
    private let scheme: FuzzyScheme
    /// For each byte, the characters of the term it matches (both cases of a letter where
    /// case is ignored): bit `r` for character `r`.
    private let rowsOfByte: UnsafeMutablePointer<UInt64>
    /// fzf's bonus for a byte after another, by their classes (`classes`).
    private let bonusTable: UnsafeMutablePointer<Int32>
    /// The class of each ASCII byte, times 8 for the previous byte's index into `bonusTable`.
    private let classes: UnsafeMutablePointer<UInt8>
    /// Occurrences per character of the term.
    private let counts: UnsafeMutablePointer<Int>

    // Per occurrence, `capacity` of them: row `r`'s k-th at `r * n + k` for a line of n bytes.
    private var capacity = 0
    private var columns: UnsafeMutablePointer<Int32>
    private var values: UnsafeMutablePointer<Int32>
    private var runs: UnsafeMutablePointer<Int32>
    private var inGap: UnsafeMutablePointer<Bool>

    /// A scorer for `term` (ASCII code points, lowercase where `folds`), or nil when the
    /// term is empty, longer than 64 characters or not ASCII.
    init?(term: [UInt32], folds: Bool, scheme: FuzzyScheme = .default) {
        self.scheme = scheme
        guard !term.isEmpty, term.count <= 64, term.allSatisfy({ $0 < 0x80 }) else { return nil }
        count = term.count
        rowsOfByte = .allocate(capacity: 256)
        rowsOfByte.initialize(repeating: 0, count: 256)
        for (index, code) in term.enumerated() {
            rowsOfByte[Int(code)] |= 1 << UInt64(index)
            // Folding turns A-Z into a-z only: a lowercase letter of the term also matches
            // its capital, and nothing else changes.
            if folds, code &- 0x61 < 26 { rowsOfByte[Int(code) - 0x20] |= 1 << UInt64(index) }
        }
        classes = .allocate(capacity: 128)
        for byte in 0..<128 { classes[byte] = scheme.charClass(UInt32(byte)).rawValue }
        bonusTable = .allocate(capacity: 64)
        bonusTable.initialize(repeating: 0, count: 64)
        let all: [FuzzyText.CharClass] = [.white, .nonWord, .delimiter, .lower, .upper, .letter, .number]
        for previous in all {
            for current in all {
                bonusTable[Int(previous.rawValue) * 8 + Int(current.rawValue)] = scheme.bonus(previous, current)
            }
        }
        counts = .allocate(capacity: count)
        columns = .allocate(capacity: 0)
        values = .allocate(capacity: 0)
        runs = .allocate(capacity: 0)
        inGap = .allocate(capacity: 0)
    }

    deinit {
        rowsOfByte.deallocate()
        classes.deallocate()
        bonusTable.deallocate()
        counts.deallocate()
        columns.deallocate()
        values.deallocate()
        runs.deallocate()
        inGap.deallocate()
    }

    private func reserve(_ cells: Int) {
        guard cells > capacity else { return }
        let size = max(cells, 2 * capacity, 256)
        columns.deallocate()
        values.deallocate()
        runs.deallocate()
        inGap.deallocate()
        columns = .allocate(capacity: size)
        values = .allocate(capacity: size)
        runs = .allocate(capacity: size)
        inGap = .allocate(capacity: size)
        capacity = size
    }

    /// fzf's bonus of the byte at `index` (the class of the byte before it, or white space
    /// at the start).
    @inline(__always)
    private func bonus(_ text: UnsafePointer<UInt8>, _ index: Int) -> Int32 {
        let previous = index > 0 ? Int(classes[Int(text[index - 1])]) : Int(scheme.initialClass.rawValue)
        return bonusTable[previous &* 8 &+ Int(classes[Int(text[index])])]
    }

    /// The score of the term over `line`, which must be ASCII.
    ///
    /// One pass over the line finds the first possible position of each character and
    /// the occurrences of each at or after it; then each row of occurrences is scored from
    /// the row above.
    func score(_ line: UnsafeBufferPointer<UInt8>) -> Outcome {
        let m = count, n = line.count
        guard n >= m, let text = line.baseAddress else { return .noMatch }
        // A line this long may need the general path's fallback; the general path decides.
        guard m * n <= FuzzyScore.greedyThreshold else { return .useGeneral }
        if m == 1 {
            // Row 0 alone: the best bonus of an occurrence, doubled (the first one of equals),
            // or as fzf, the first boundary's (any bonus of 8 or more), though a later one
            // may score more.
            var best: Int32 = -1
            for index in 0..<n where rowsOfByte[Int(text[index])] != 0 {
                let value = bonus(text, index)
                if value > best {
                    best = value
                    if best >= FuzzyScore.boundary { break }
                }
            }
            return best < 0 ? .noMatch : .score(FuzzyScore.match + best * FuzzyScore.firstCharMultiplier)
        }
        reserve(m * n)
        for row in 0..<m { counts[row] = 0 }
        // Character `found` is the next whose first possible position is not known yet;
        // an occurrence counts for the characters whose first position is at or before it.
        var found = 0
        var known: UInt64 = 0
        for index in 0..<n {
            let mask = rowsOfByte[Int(text[index])]
            if mask == 0 { continue }
            if found < m, mask & (1 << UInt64(found)) != 0 {
                found += 1
                known = known << 1 | 1
            }
            var rows = mask & known
            while rows != 0 {
                let row = rows.trailingZeroBitCount
                rows &= rows &- 1
                columns[row * n + counts[row]] = Int32(truncatingIfNeeded: index)
                counts[row] += 1
            }
        }
        guard found == m else { return .noMatch }
        // Row 0: an occurrence scores the match and its bonus doubled.
        for k in 0..<counts[0] {
            values[k] = FuzzyScore.match + bonus(text, Int(columns[k])) * FuzzyScore.firstCharMultiplier
            runs[k] = 1
            inGap[k] = false
        }
        var best: Int32 = 0
        for row in 1..<m {
            let base = row * n, above = base - n
            let aboveCount = counts[row - 1]
            var q = -1  // the last occurrence of the row above at or before column - 1
            for k in 0..<counts[row] {
                let column = Int(columns[base + k])
                // The cell on the left, and whether it is in a gap.
                var left: Int32 = 0
                var leftInGap = false
                if k > 0 {
                    let previous = Int(columns[base + k - 1])
                    if previous == column - 1 {
                        left = values[base + k - 1]
                        leftInGap = inGap[base + k - 1]
                    } else {
                        left = max(Self.decay(values[base + k - 1], inGap: inGap[base + k - 1], steps: column - 1 - previous), 0)
                        leftInGap = left > 0
                    }
                }
                let gapScore = left + (leftInGap ? FuzzyScore.gapExtension : FuzzyScore.gapStart)
                // The cell up and to the left.
                while q + 1 < aboveCount, Int(columns[above + q + 1]) <= column - 1 { q += 1 }
                var diagonal: Int32 = 0, diagonalRun: Int32 = 0
                if q >= 0 {
                    let previous = Int(columns[above + q])
                    if previous == column - 1 {
                        diagonal = values[above + q]
                        diagonalRun = runs[above + q]
                    } else {
                        diagonal = max(Self.decay(values[above + q], inGap: inGap[above + q], steps: column - 1 - previous), 0)
                    }
                }
                let j = column
                var matchScore = diagonal + FuzzyScore.match
                let own = bonus(text, j)
                var value = own
                var run = diagonalRun + 1
                if run > 1 {
                    let firstBonus = bonus(text, j - Int(run) + 1)
                    if own >= FuzzyScore.boundary && own > firstBonus {
                        run = 1
                    } else {
                        value = max(own, FuzzyScore.consecutive, firstBonus)
                    }
                }
                if matchScore + value < gapScore {
                    matchScore += own
                    run = 0
                } else {
                    matchScore += value
                }
                let score = max(matchScore, gapScore, 0)
                values[base + k] = score
                runs[base + k] = run
                inGap[base + k] = matchScore < gapScore
                if row == m - 1, score > best { best = score }
            }
        }
        return .score(best)
    }

    /// The value `steps` cells to the right of a cell of value `value` when none of them is
    /// an occurrence (possibly negative: the caller clamps at 0).
    @inline(__always)
    private static func decay(_ value: Int32, inGap: Bool, steps: Int) -> Int32 {
        let steps = Int32(truncatingIfNeeded: min(steps, 1 << 20))
        return inGap ? value - steps : value + FuzzyScore.gapStart + (steps - 1) * FuzzyScore.gapExtension
    }
}
