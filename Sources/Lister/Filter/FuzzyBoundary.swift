extension FuzzyScore {
    /// Whether `code` leaves a word boundary beside it: it is white space, a delimiter or
    /// another character that is neither a letter nor a digit (in every scheme: the path
    /// scheme only moves characters between the delimiters and the other non-word ones).
    @inline(__always)
    static func isBoundary(_ code: UInt32) -> Bool { FuzzyText.charClass(code) <= .delimiter }

    /// Where `pattern` occurs in `text` at word boundaries on both sides, or nil: the start
    /// of the text or a character that is not a letter or a digit before it, the end of
    /// the text or such a character after it (fzf's `'abc'` term).
    ///
    /// `text` is what is compared (lowercased or folded as the term wants); `codes` is the
    /// line as it is, whose characters decide the boundaries. The first occurrence from
    /// the start is taken, from the end when `forward` is false (as fzf searches under the
    /// `end` and `pathname` tiebreaks).
    static func boundaryOccurrence(_ text: [UInt32], _ codes: [UInt32], pattern: [UInt32], forward: Bool = true) -> Int? {
        let m = pattern.count, n = text.count
        guard m > 0, n >= m else { return nil }
        var start = forward ? 0 : n - m
        let step = forward ? 1 : -1
        while start >= 0, start <= n - m {
            if text[start] == pattern[0], text[start..<(start + m)].elementsEqual(pattern),
               start == 0 || isBoundary(codes[start - 1]), start + m == n || isBoundary(codes[start + m]) {
                return start
            }
            start += step
        }
        return nil
    }

    /// fzf's `'abc'` term: `pattern` at word boundaries (``boundaryOccurrence(_:_:pattern:forward:)``),
    /// scored as fzf 0.74.5 scores it, or nil.
    ///
    /// The score is not the sum over the characters that other exact terms get: it is the
    /// bonus of the first character (the start of the line counts as after white space in
    /// every scheme), less a point or two for each `_` beside the match (so that `-abc-`
    /// ranks above `_abc_`), plus a base that lets it compete with other terms: 16 per
    /// character and the scheme's after-white-space bonus once per character and once more.
    ///
    /// ```swift
    /// // " abc " scores 10 + 48 + 40 = 98 in the default scheme, "_abc_" 93.
    /// ```
    static func exactAtBoundaries(_ text: [UInt32], _ codes: [UInt32], _ bonuses: [Int32], pattern: [UInt32],
                                  scheme: FuzzyScheme = .default, forward: Bool = true) -> TermMatch? {
        guard let start = boundaryOccurrence(text, codes, pattern: pattern, forward: forward) else { return nil }
        let m = pattern.count, end = start + m
        let underscore = UInt32(UInt8(ascii: "_"))
        let bonus = start == 0 ? scheme.boundaryWhite : bonuses[start]
        var score = bonus
        var deduct = bonus - boundary + 1
        if start > 0, codes[start - 1] == underscore {
            score -= deduct + 1
            deduct = 1
        }
        if end < codes.count, codes[end] == underscore { score -= deduct }
        score += match * Int32(m) + scheme.boundaryWhite * Int32(m + 1)
        return TermMatch(score: score, positions: Array(start..<end))
    }
}
