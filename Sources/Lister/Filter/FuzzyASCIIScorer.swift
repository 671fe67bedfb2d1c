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
/// Finding the occurrences does not branch on each byte: each character of the term is
/// compared with 16 bytes at a time, and its occurrences kept as bits (``OccurrenceBits``).
/// The bits give each character's first possible position (after the previous one's) and
/// its last (before the next one's last): only occurrences between the two are scored. An
/// occurrence after its character's last possible position cannot be followed by the rest
/// of the term, and it feeds only cells further right than any that can, so leaving it out
/// changes no score.
///
/// Most lines need no table at all when the term occurs in one run and none of those
/// occurrences starts a word or a hump (``plainRunScore(_:)`` says why the run's score is
/// then the line's): for `or` over words of lowercase prose, most of the lines.
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

    /// One scored occurrence: its column, its cell's value, and what the cell to its right
    /// or below and to the right needs.
    private struct Cell {
        var column: Int32
        var value: Int32
        /// The bonus of the first character of the consecutive run the cell ends.
        var firstBonus: Int32
        /// The length of that run (0: the cell was reached by a gap).
        var run: Int32
        var inGap: Bool
    }

    private let count: Int
    private let initialClass: Int
    /// The term's characters: the byte of row `r`, and `0x20` where case is ignored and it
    /// is a lowercase letter (a line's byte OR-ed with it meets both cases), else 0.
    private let termBytes: UnsafeMutablePointer<UInt8>
    private let termMasks: UnsafeMutablePointer<UInt8>
    /// The same bytes and masks, each repeated in the 16 lanes of a vector.
    private let targetVectors: UnsafeMutablePointer<SIMD16<UInt8>>
    private let maskVectors: UnsafeMutablePointer<SIMD16<UInt8>>
    /// fzf's bonus for a byte after another, by their classes (`classes`).
    private let bonusTable: UnsafeMutablePointer<Int32>
    /// The class of each ASCII byte, times 8 for the previous byte's index into `bonusTable`.
    private let classes: UnsafeMutablePointer<UInt8>
    /// The first and last possible position of each character of the term.
    private let firsts: UnsafeMutablePointer<Int>
    private let lasts: UnsafeMutablePointer<Int>

    /// The occurrences of each row's character: `words` 64-bit words a row.
    private var bits: UnsafeMutablePointer<UInt64>
    private var bitCapacity = 0
    /// Two rows of cells, `n` each: the row above and the row being scored.
    private var cells: UnsafeMutablePointer<Cell>
    private var cellCapacity = 0

    /// A scorer for `term` (ASCII code points, lowercase where `folds`), or nil when the
    /// term is empty, longer than 64 characters or not ASCII.
    init?(term: [UInt32], folds: Bool, scheme: FuzzyScheme = .default) {
        guard !term.isEmpty, term.count <= 64, term.allSatisfy({ $0 < 0x80 }) else { return nil }
        count = term.count
        initialClass = Int(scheme.initialClass.rawValue)
        termBytes = .allocate(capacity: count)
        termMasks = .allocate(capacity: count)
        for (index, code) in term.enumerated() {
            termBytes[index] = UInt8(code)
            // Folding turns A-Z into a-z only: a lowercase letter of the term also matches
            // its capital, and nothing else changes.
            termMasks[index] = folds && code &- 0x61 < 26 ? 0x20 : 0
        }
        targetVectors = .allocate(capacity: count)
        maskVectors = .allocate(capacity: count)
        for index in 0..<count {
            targetVectors[index] = SIMD16(repeating: termBytes[index])
            maskVectors[index] = SIMD16(repeating: termMasks[index])
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
        firsts = .allocate(capacity: count)
        lasts = .allocate(capacity: count)
        bits = .allocate(capacity: 0)
        cells = .allocate(capacity: 0)
    }

    deinit {
        termBytes.deallocate()
        termMasks.deallocate()
        targetVectors.deallocate()
        maskVectors.deallocate()
        classes.deallocate()
        bonusTable.deallocate()
        firsts.deallocate()
        lasts.deallocate()
        bits.deallocate()
        cells.deallocate()
    }

    /// The score of the term over `line`, which must be ASCII.
    func score(_ line: UnsafeBufferPointer<UInt8>) -> Outcome {
        let m = count, n = line.count
        guard n >= m, let text = line.baseAddress else { return .noMatch }
        // A line this long may need the general path's fallback; the general path decides.
        guard m * n <= FuzzyScore.greedyThreshold else { return .useGeneral }
        // Locals: the loops below read no stored property.
        let classes = self.classes, bonusTable = self.bonusTable, initialClass = self.initialClass
        /// fzf's bonus of the byte at `index` (the class of the byte before it, or the
        /// scheme's at the start).
        @inline(__always) func bonus(_ index: Int) -> Int32 {
            let previous = index > 0 ? Int(classes[Int(text[index &- 1])]) : initialClass
            return bonusTable[previous &* 8 &+ Int(classes[Int(text[index])])]
        }
        let words = (n + 63) >> 6
        if m * words > bitCapacity {
            bits.deallocate()
            bitCapacity = max(m * words, 2 * bitCapacity, 64)
            bits = .allocate(capacity: bitCapacity)
        }
        let bits = self.bits
        // Each block of the line is loaded once for every row (one row: its own pass).
        if m == 1 {
            OccurrenceBits.find(termBytes[0], mask: termMasks[0], in: text, count: n, into: bits)
        } else {
            OccurrenceBits.findAll(rows: m, targets: targetVectors, masks: maskVectors, in: text, count: n, words: words, into: bits)
        }
        if m == 1 {
            // Row 0 alone: the best bonus of an occurrence, doubled (the first one of equals),
            // or as fzf, the first boundary's (any bonus of 8 or more), though a later one
            // may score more.
            var best: Int32 = -1
            var index = OccurrenceBits.next(bits, words: words, from: 0)
            while index >= 0 {
                let value = bonus(index)
                if value > best {
                    best = value
                    if best >= FuzzyScore.boundary { break }
                }
                index = OccurrenceBits.next(bits, words: words, from: index &+ 1)
            }
            return best < 0 ? .noMatch : .score(FuzzyScore.match + best * FuzzyScore.firstCharMultiplier)
        }
        // The first possible position of each character (after the previous one's), then
        // the last (before the next one's last).
        let firsts = self.firsts, lasts = self.lasts
        var from = 0
        for row in 0..<m {
            let at = OccurrenceBits.next(bits + row * words, words: words, from: from)
            guard at >= 0 else { return .noMatch }
            firsts[row] = at
            from = at &+ 1
        }
        var through = n - 1
        for row in stride(from: m - 1, through: 0, by: -1) {
            let at = OccurrenceBits.previous(bits + row * words, through: through)
            lasts[row] = at
            through = at &- 1
        }
        // The whole term in one run, and no occurrence scored below with a bonus: the
        // run's score (``plainRunScore``), without the table. The last rows are looked at
        // first: in text, the later characters of a query more often start a word.
        if Self.holdsRun(bits, rows: m, words: words) {
            var plain = true
            rows: for row in stride(from: m &- 1, through: 0, by: -1) {
                let rowBits = bits + row &* words, last = lasts[row]
                var column = firsts[row]
                while column >= 0, column <= last {
                    if bonus(column) != 0 {
                        plain = false
                        break rows
                    }
                    column = OccurrenceBits.next(rowBits, words: words, from: column &+ 1)
                }
            }
            if plain { return .score(Self.plainRunScore(m)) }
        }
        if 2 * n > cellCapacity {
            cells.deallocate()
            cellCapacity = max(2 * n, 2 * cellCapacity, 256)
            cells = .allocate(capacity: cellCapacity)
        }
        var above = cells, current = cells + n
        var aboveCount = 0
        // Row 0: an occurrence scores the match and its bonus doubled.
        var column = firsts[0]
        while column >= 0, column <= lasts[0] {
            let own = bonus(column)
            above[aboveCount] = Cell(column: Int32(truncatingIfNeeded: column), value: FuzzyScore.match &+ own &* FuzzyScore.firstCharMultiplier,
                                     firstBonus: own, run: 1, inGap: false)
            aboveCount &+= 1
            column = OccurrenceBits.next(bits, words: words, from: column &+ 1)
        }
        var best: Int32 = 0
        for row in 1..<m {
            let rowBits = bits + row * words, last = lasts[row]
            var count = 0
            var q = -1  // the last occurrence of the row above at or before column - 1
            var leftCell = Cell(column: 0, value: 0, firstBonus: 0, run: 0, inGap: false)
            column = firsts[row]
            while column >= 0, column <= last {
                // The cell on the left, and whether it is in a gap.
                var left: Int32 = 0
                var leftInGap = false
                if count > 0 {
                    let previous = Int(leftCell.column)
                    if previous == column &- 1 {
                        left = leftCell.value
                        leftInGap = leftCell.inGap
                    } else {
                        left = max(Self.decay(leftCell.value, inGap: leftCell.inGap, steps: column &- 1 &- previous), 0)
                        leftInGap = left > 0
                    }
                }
                let gapScore = left &+ (leftInGap ? FuzzyScore.gapExtension : FuzzyScore.gapStart)
                // The cell up and to the left.
                while q &+ 1 < aboveCount, Int(above[q &+ 1].column) <= column &- 1 { q &+= 1 }
                var diagonal: Int32 = 0, diagonalRun: Int32 = 0, diagonalFirst: Int32 = 0
                if q >= 0 {
                    let up = above[q]
                    let previous = Int(up.column)
                    if previous == column &- 1 {
                        diagonal = up.value
                        diagonalRun = up.run
                        diagonalFirst = up.firstBonus
                    } else {
                        diagonal = max(Self.decay(up.value, inGap: up.inGap, steps: column &- 1 &- previous), 0)
                    }
                }
                var matchScore = diagonal &+ FuzzyScore.match
                let own = bonus(column)
                var value = own
                var run = diagonalRun &+ 1
                var firstBonus = own
                if run > 1 {
                    // The run's first bonus is the diagonal cell's: the same run.
                    if own >= FuzzyScore.boundary && own > diagonalFirst {
                        run = 1
                    } else {
                        value = max(own, FuzzyScore.consecutive, diagonalFirst)
                        firstBonus = diagonalFirst
                    }
                }
                if matchScore &+ value < gapScore {
                    matchScore &+= own
                    run = 0
                } else {
                    matchScore &+= value
                }
                let score = max(matchScore, gapScore, 0)
                let cell = Cell(column: Int32(truncatingIfNeeded: column), value: score, firstBonus: firstBonus, run: run,
                                inGap: matchScore < gapScore)
                current[count] = cell
                count &+= 1
                leftCell = cell
                if row == m &- 1, score > best { best = score }
                column = OccurrenceBits.next(rowBits, words: words, from: column &+ 1)
            }
            swap(&above, &current)
            aboveCount = count
        }
        return .score(best)
    }

    /// The score of a term of `count` characters (two or more) over a line where it occurs
    /// in one run, when none of the occurrences the table scores has a bonus.
    ///
    /// Why: with every bonus 0, a cell of row 0 is worth the match (16), and a cell of row
    /// `r` at most the cell up and to the left plus the match and the consecutive bonus (4:
    /// the run's first bonus is 0), or less after a gap; so no cell of row `r` exceeds
    /// `16 + 20 r`. The run reaches that bound: each of its cells continues the run of
    /// the one up and to the left, and a gap from the left loses at least 1 against it. So
    /// the last row's best is `16 count + 4 (count - 1)`, whatever else the line holds.
    static func plainRunScore(_ count: Int) -> Int32 {
        FuzzyScore.match &* Int32(count) &+ FuzzyScore.consecutive &* Int32(count &- 1)
    }

    /// Whether some `rows` consecutive bytes hold each row's character in turn (row `r`'s
    /// bits shifted down by `r`, AND-ed).
    @inline(__always)
    private static func holdsRun(_ bits: UnsafeMutablePointer<UInt64>, rows: Int, words: Int) -> Bool {
        for word in 0..<words {
            var run = ~UInt64(0)
            for row in 0..<rows {
                let shift = UInt64(row)  // below 64: a term has at most 64 characters
                var value = bits[row &* words &+ word] &>> shift
                if row > 0, word &+ 1 < words { value |= bits[row &* words &+ word &+ 1] &<< (64 &- shift) }
                run &= value
                if run == 0 { break }
            }
            if run != 0 { return true }
        }
        return false
    }

    /// The value `steps` cells to the right of a cell of value `value` when none of them is
    /// an occurrence (possibly negative: the caller clamps at 0).
    @inline(__always)
    private static func decay(_ value: Int32, inGap: Bool, steps: Int) -> Int32 {
        let steps = Int32(truncatingIfNeeded: min(steps, 1 << 20))
        return inGap ? value - steps : value + FuzzyScore.gapStart + (steps - 1) * FuzzyScore.gapExtension
    }
}
