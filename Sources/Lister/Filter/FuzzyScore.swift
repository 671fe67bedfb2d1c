/// The score of one term against one line, in the manner of fzf's algorithms (written
/// anew here): points per matched character, bonuses at word boundaries, camelCase humps
/// and digits, consecutive runs, a penalty per gap, the first character's bonus doubled.
///
/// ``FuzzyScore/fuzzy(_:_:pattern:table:withPositions:forward:)`` finds the
/// best-scoring alignment by dynamic programming over the window between the first possible
/// start and the last occurrence of the last character; a line too long for that (as fzf
/// decides it: ``greedyThreshold``) is aligned greedily, as `--algo v1` does.
enum FuzzyScore {
    static let match: Int32 = 16
    static let gapStart: Int32 = -3
    static let gapExtension: Int32 = -1
    static let boundary: Int32 = match / 2
    static let nonWord: Int32 = match / 2
    static let camel123: Int32 = boundary + gapExtension
    static let consecutive: Int32 = -(gapStart + gapExtension)
    static let firstCharMultiplier: Int32 = 2
    static let boundaryWhite: Int32 = boundary + 2
    static let boundaryDelimiter: Int32 = boundary + 1

    /// The bonus for a character of class `current` after one of class `previous`, in
    /// the default scheme.
    @inline(__always)
    static func bonus(_ previous: FuzzyText.CharClass, _ current: FuzzyText.CharClass) -> Int32 {
        FuzzyScheme.default.bonus(previous, current)
    }

    /// A line prepared for scoring: its code points, lowercased ones, accent-folded ones
    /// (``FuzzyFold``) where a term needs them, and the bonus of each.
    struct Line {
        /// What the terms of a pattern compare with.
        struct Needs: Equatable {
            var lowered = false
            var folded = false
            var loweredFolded = false
            /// A term holds U+FFFD: bytes of invalid UTF-8 are read as U+FFFD, as fzf does.
            var replacement = false

            init(_ pattern: FuzzyPattern) {
                for term in pattern.groups.joined() {
                    if term.scalars.contains(0xFFFD) { replacement = true }
                    if !term.isCaseSensitive { lowered = true }
                    if term.foldsAccents { if term.isCaseSensitive { folded = true } else { loweredFolded = true } }
                }
            }

            init() {}
        }

        var codes: [UInt32] = []
        var lowered: [UInt32] = []
        var folded: [UInt32] = []
        var loweredFolded: [UInt32] = []
        /// Whether the line has a character that folds (else the folded texts are not made).
        var hasFoldable = false
        var bonuses: [Int32] = []

        mutating func load(_ bytes: UnsafeBufferPointer<UInt8>, needs: Needs, needsBonuses: Bool = true, scheme: FuzzyScheme = .default) {
            FuzzyText.decode(bytes, into: &codes, replacingInvalid: needs.replacement)
            lowered.removeAll(keepingCapacity: true)
            if needs.lowered { lowered.append(contentsOf: codes.lazy.map(FuzzyText.lowercase)) }
            // Any scalar past ASCII may fold (`Ő` does not, its lowercase `ő` does).
            hasFoldable = (needs.folded || needs.loweredFolded) && codes.contains { $0 >= 0xC0 }
            if hasFoldable {
                folded.removeAll(keepingCapacity: true)
                loweredFolded.removeAll(keepingCapacity: true)
                if needs.folded { folded.append(contentsOf: codes.lazy.map(FuzzyFold.fold)) }
                if needs.loweredFolded { loweredFolded.append(contentsOf: lowered.lazy.map(FuzzyFold.fold)) }
            }
            bonuses.removeAll(keepingCapacity: true)
            guard needsBonuses else { return }
            var previous = scheme.initialClass
            for code in codes {
                let current = scheme.charClass(code)
                bonuses.append(scheme.bonus(previous, current))
                previous = current
            }
        }

        /// The code points `term` compares with.
        func text(for term: FuzzyPattern.Term) -> [UInt32] {
            if term.foldsAccents, hasFoldable { return term.isCaseSensitive ? folded : loweredFolded }
            return term.isCaseSensitive ? codes : lowered
        }

        /// The number of code points without trailing white space.
        var textEnd: Int {
            var end = codes.count
            while end > 0, FuzzyText.charClass(codes[end - 1]) == .white { end -= 1 }
            return end
        }

        /// The number of code points without leading and trailing white space (fzf's
        /// `length` tiebreak).
        var trimmedLength: Int {
            var end = codes.count
            while end > 0, FuzzyText.charClass(codes[end - 1]) == .white { end -= 1 }
            var start = 0
            while start < end, FuzzyText.charClass(codes[start]) == .white { start += 1 }
            return end - start
        }
    }

    /// A term's result: its score and the positions (code point offsets) that scored.
    struct TermMatch {
        var score: Int32
        var positions: [Int]
    }

    /// Scores `pattern` over `text[start..<end]` from the left, matching greedily: the
    /// score of an alignment already chosen.
    static func score(
        _ text: [UInt32], _ bonuses: [Int32], pattern: [UInt32], from start: Int, to end: Int
    ) -> TermMatch {
        var patternIndex = 0, score: Int32 = 0, inGap = false, run = 0
        var firstBonus: Int32 = 0
        var positions: [Int] = []
        for index in start..<end {
            if patternIndex < pattern.count, text[index] == pattern[patternIndex] {
                positions.append(index)
                score += match
                var bonus = bonuses[index]
                if run == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= boundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, consecutive)
                }
                score += patternIndex == 0 ? bonus * firstCharMultiplier : bonus
                inGap = false
                run += 1
                patternIndex += 1
            } else {
                score += inGap ? gapExtension : gapStart
                inGap = true
                run = 0
                firstBonus = 0
            }
        }
        return TermMatch(score: score, positions: positions)
    }

    /// The best alignment of `pattern` as a subsequence of `text`, or nil.
    /// `forward` is the direction of the greedy alignment of a line too long for the table.
    static func fuzzy(_ text: [UInt32], _ bonuses: [Int32], pattern: [UInt32], table: inout ScoreTable,
                      withPositions: Bool = true, forward: Bool = true) -> TermMatch? {
        let m = pattern.count, n = text.count
        guard m > 0 else { return TermMatch(score: 0, positions: []) }
        // As fzf: the whole line's length decides, not the window's.
        if m * n > greedyThreshold { return greedy(text, bonuses, pattern: pattern, forward: forward) }
        // The first possible position of each pattern character, and the last of the last.
        var firsts = table.takeFirsts(count: m)
        defer { table.firsts = firsts }
        var p = 0
        var index = 0
        while index < n, p < m {
            if text[index] == pattern[p] { firsts[p] = index; p += 1 }
            index += 1
        }
        guard p == m else { return nil }
        var last = n - 1
        while text[last] != pattern[m - 1] { last -= 1 }
        let first = firsts[0]
        let width = last - first + 1
        table.prepare(rows: m, width: width)
        var maxScore: Int32 = 0, maxColumn = -1
        // Row 0.
        var previous: Int32 = 0, inGap = false
        for column in 0..<width {
            let j = first + column
            var score: Int32
            if text[j] == pattern[0] {
                score = match + bonuses[j] * firstCharMultiplier
                table.runs[column] = 1
                inGap = false
                // Searching backward, as fzf: the last of the best occurrences.
                if m == 1, score > maxScore || maxColumn < 0 || !forward && score == maxScore {
                    maxScore = score
                    maxColumn = column
                    // As fzf: from the start, a one-character term stops at the first
                    // boundary (a bonus of 8 or more), though a later one may score more.
                    if forward, bonuses[j] >= boundary {
                        table.scores[column] = score
                        break
                    }
                }
            } else {
                score = max(previous + (inGap ? gapExtension : gapStart), 0)
                table.runs[column] = 0
                inGap = true
            }
            table.scores[column] = score
            previous = score
        }
        // Rows 1...
        for row in 1..<m {
            let base = row * width, above = base - width
            let character = pattern[row]
            let start = firsts[row] - first
            inGap = false
            var left: Int32 = 0
            for column in start..<width {
                let j = first + column
                var matchScore: Int32 = 0, run: Int32 = 0
                let gapScore = left + (inGap ? gapExtension : gapStart)
                if text[j] == character {
                    matchScore = table.scores[above + column - 1] + match
                    var bonus = bonuses[j]
                    run = table.runs[above + column - 1] + 1
                    if run > 1 {
                        let firstBonus = bonuses[j - Int(run) + 1]
                        if bonus >= boundary && bonus > firstBonus {
                            run = 1
                        } else {
                            bonus = max(bonus, consecutive, firstBonus)
                        }
                    }
                    if matchScore + bonus < gapScore {
                        matchScore += bonuses[j]
                        run = 0
                    } else {
                        matchScore += bonus
                    }
                }
                table.runs[base + column] = run
                inGap = matchScore < gapScore
                let score = max(matchScore, gapScore, 0)
                // Searching backward, as fzf: the last of the best-scoring ends.
                if row == m - 1, score > maxScore || !forward && score == maxScore && score > 0
                    || maxColumn < 0 && text[j] == character {
                    maxScore = score
                    maxColumn = column
                }
                table.scores[base + column] = score
                left = score
            }
        }
        guard withPositions else { return TermMatch(score: maxScore, positions: []) }
        // Back from the best end to the positions that scored.
        var positions = [Int](repeating: 0, count: m)
        var row = m - 1, column = maxColumn, preferMatch = true
        while column >= 0 {
            let base = row * width
            let score = table.scores[base + column]
            let diagonal: Int32 = row > 0 && column >= firsts[row] - first && column > 0 ? table.scores[base - width + column - 1] : 0
            let left: Int32 = column > firsts[row] - first ? table.scores[base + column - 1] : 0
            let next = base + width + column + 1
            let nextRun = next < m * width && row + 1 < m ? table.runs[next] > 0 : false
            if text[first + column] == pattern[row], score > diagonal, score > left || score == left && preferMatch {
                positions[row] = first + column
                if row == 0 { break }
                preferMatch = table.runs[base + column] > 1 || nextRun
                row -= 1
            } else {
                preferMatch = table.runs[base + column] > 1 || nextRun
            }
            column -= 1
        }
        return TermMatch(score: maxScore, positions: positions)
    }

    /// The occurrence of `pattern` whose first character has the best bonus, or nil: the
    /// first of equals from the start, or from the end when `forward` is false (as fzf
    /// searches under the `end` and `pathname` tiebreaks).
    static func exact(_ text: [UInt32], _ bonuses: [Int32], pattern: [UInt32], forward: Bool = true) -> TermMatch? {
        let m = pattern.count, n = text.count
        guard m > 0 else { return TermMatch(score: 0, positions: []) }
        guard n >= m else { return nil }
        var best = -1
        var bestBonus: Int32 = -1
        var start = forward ? 0 : n - m
        let step = forward ? 1 : -1
        while start >= 0, start <= n - m {
            if text[start] == pattern[0], text[start..<(start + m)].elementsEqual(pattern), bonuses[start] > bestBonus {
                best = start
                bestBonus = bonuses[start]
                if bestBonus >= boundary { break }  // as fzf: the first boundary, not the best one
            }
            start += step
        }
        guard best >= 0 else { return nil }
        return score(text, bonuses, pattern: pattern, from: best, to: best + m)
    }

    /// `pattern` at the start of `text`, after leading white space unless the pattern
    /// starts with white space.
    static func prefix(_ text: [UInt32], _ bonuses: [Int32], pattern: [UInt32]) -> TermMatch? {
        var start = 0
        if let head = pattern.first, FuzzyText.charClass(head) != .white {
            while start < text.count, FuzzyText.charClass(text[start]) == .white { start += 1 }
        }
        guard text.count - start >= pattern.count, text[start..<(start + pattern.count)].elementsEqual(pattern) else { return nil }
        return score(text, bonuses, pattern: pattern, from: start, to: start + pattern.count)
    }

    /// `pattern` at the end of `text`, before trailing white space unless the pattern ends
    /// with white space.
    static func suffix(_ text: [UInt32], _ bonuses: [Int32], pattern: [UInt32]) -> TermMatch? {
        var end = text.count
        if let tail = pattern.last, FuzzyText.charClass(tail) != .white {
            while end > 0, FuzzyText.charClass(text[end - 1]) == .white { end -= 1 }
        }
        guard end >= pattern.count, text[(end - pattern.count)..<end].elementsEqual(pattern) else { return nil }
        return score(text, bonuses, pattern: pattern, from: end - pattern.count, to: end)
    }

    /// Whether `text` matches a term of `kind`, without scoring (a filter that keeps list
    /// order needs no more). `codes` is the line as it is (its boundaries decide a
    /// `.boundary` term); by default `text`.
    static func contains(_ text: [UInt32], kind: FuzzyPattern.Kind, pattern: [UInt32], codes: [UInt32]? = nil) -> Bool {
        switch kind {
        case .boundary:
            return boundaryOccurrence(text, codes ?? text, pattern: pattern) != nil
        case .fuzzy:
            var p = 0
            for code in text where code == pattern[p] {
                p += 1
                if p == pattern.count { return true }
            }
            return false
        case .exact:
            let m = pattern.count
            guard text.count >= m else { return false }
            for start in 0...(text.count - m) where text[start] == pattern[0] {
                if text[start..<(start + m)].elementsEqual(pattern) { return true }
            }
            return false
        case .prefix, .suffix, .equal:
            let bonuses = [Int32](repeating: 0, count: text.count)
            return kind == .prefix ? prefix(text, bonuses, pattern: pattern) != nil
                : kind == .suffix ? suffix(text, bonuses, pattern: pattern) != nil : equal(text, pattern: pattern) != nil
        }
    }

    /// `pattern` as the whole of `text`, white space around it aside.
    static func equal(_ text: [UInt32], pattern: [UInt32], scheme: FuzzyScheme = .default) -> TermMatch? {
        var start = 0, end = text.count
        if let head = pattern.first, FuzzyText.charClass(head) != .white {
            while start < end, FuzzyText.charClass(text[start]) == .white { start += 1 }
        }
        if let tail = pattern.last, FuzzyText.charClass(tail) != .white {
            while end > start, FuzzyText.charClass(text[end - 1]) == .white { end -= 1 }
        }
        guard text[start..<end].elementsEqual(pattern) else { return nil }
        let m = Int32(pattern.count)
        let white = scheme.boundaryWhite
        return TermMatch(score: (match + white) * m + (firstCharMultiplier - 1) * white,
                         positions: Array(start..<end))
    }
}

/// The score and run-length tables of ``FuzzyScore/fuzzy(_:_:pattern:table:)``, kept
/// between lines so that a search allocates them once.
struct ScoreTable {
    var scores: [Int32] = []
    var runs: [Int32] = []
    var firsts: [Int] = []

    /// The buffer of first positions, `count` long, taken out so that it is not copied.
    mutating func takeFirsts(count: Int) -> [Int] {
        var taken: [Int] = []
        swap(&taken, &firsts)
        if taken.count < count { taken = [Int](repeating: 0, count: count) }
        return taken
    }

    mutating func prepare(rows: Int, width: Int) {
        let cells = rows * width
        if scores.count < cells {
            scores = [Int32](repeating: 0, count: cells)
            runs = [Int32](repeating: 0, count: cells)
        } else {
            // Cells left of a row's first possible column are read as zero.
            for row in 0..<rows {
                let base = row * width
                for column in 0..<width {
                    scores[base + column] = 0
                    runs[base + column] = 0
                }
            }
        }
    }
}
