/// fzf's fuzzy algorithms (`--algo`): how a fuzzy term is aligned with a line before it
/// is scored.
public enum FuzzyAlgorithm: String, CaseIterable, Hashable, Sendable {
    /// The best-scoring alignment, by dynamic programming over the window where the term
    /// can match (fzf's default). A line too long for the table is aligned as ``v1`` does.
    case v2
    /// The greedy alignment: the first occurrence of the term's characters in order from
    /// the start (from the end when searching backward), shortened from its other end,
    /// then scored. Faster than ``v2``; it can miss the best-scoring alignment.
    case v1
}

extension FuzzyScore {
    /// The cells (term length × line length) past which fzf's v2 aligns greedily: the
    /// capacity of its 16-bit scratch table, 100 Ki cells.
    static let greedyThreshold = 100 * 1024

    /// fzf's v1 alignment of `pattern` in `text`, scored; nil when the characters do not
    /// occur in order. From the start: the first place where the last character completes
    /// the term, then the latest start before it. `forward` false mirrors both: the last
    /// place where the first character starts the term, then the earliest end after it.
    static func greedy(_ text: [UInt32], _ bonuses: [Int32], pattern: [UInt32], forward: Bool) -> TermMatch? {
        let m = pattern.count, n = text.count
        guard m > 0 else { return TermMatch(score: 0, positions: []) }
        guard n >= m else { return nil }
        var start = -1, end = -1
        if forward {
            var p = 0, index = 0
            while index < n {
                if text[index] == pattern[p] {
                    p += 1
                    if p == m { end = index + 1; break }
                }
                index += 1
            }
            guard end > 0 else { return nil }
            p = m - 1
            index = end - 1
            while index >= 0 {
                if text[index] == pattern[p] {
                    if p == 0 { start = index; break }
                    p -= 1
                }
                index -= 1
            }
        } else {
            var p = m - 1, index = n - 1
            while index >= 0 {
                if text[index] == pattern[p] {
                    if p == 0 { start = index; break }
                    p -= 1
                }
                index -= 1
            }
            guard start >= 0 else { return nil }
            p = 0
            index = start
            while index < n {
                if text[index] == pattern[p] {
                    p += 1
                    if p == m { end = index + 1; break }
                }
                index += 1
            }
        }
        return score(text, bonuses, pattern: pattern, from: start, to: end)
    }
}
