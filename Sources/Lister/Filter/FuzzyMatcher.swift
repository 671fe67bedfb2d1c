import TerminalCore

/// How one line matched a ``FuzzyPattern``.
public struct FuzzyMatch: Hashable, Sendable {
    /// The sum of the scores of the terms that matched; higher ranks first.
    public var score: Int
    /// The code point offsets that scored, ascending (what is highlighted).
    public var positions: [Int]
    /// The number of code points of the line, leading and trailing white space aside
    /// (`length`).
    public var length: Int
    /// The number of code points of the line, trailing white space aside (where `end`
    /// counts from).
    public var textEnd: Int = 0

    /// The first position that scored (`begin`), or 0.
    public var begin: Int { positions.first ?? 0 }
    /// How far the last position that scored is from the end (`end`).
    public var distanceFromEnd: Int { textEnd - 1 - (positions.last ?? 0) }
}

/// Matches lines against a ``FuzzyPattern``, keeping its buffers from line to line.
///
/// Not `Sendable`: each task of a search makes its own.
struct FuzzyMatcher {
    let pattern: FuzzyPattern
    private var line = FuzzyScore.Line()
    private var table = ScoreTable()
    private let needs: FuzzyScore.Line.Needs
    /// ASCII bytes each line must contain in order (folded where case is ignored): a cheap
    /// test that rejects most lines before they are decoded.
    /// `accents`: the term folds accents, so a line with a character that folds may match
    /// even without the bytes.
    private let required: [(bytes: [UInt8], folds: Bool, accents: Bool)]

    /// Whether ``required`` is the whole test for a line whose bytes are ASCII: every
    /// group is one fuzzy ASCII term.
    private let requiredDecides: Bool

    /// One ``FuzzyASCIIScorer`` per group, made on the first score without positions when
    /// ``requiredDecides``: the fast path for ASCII lines. Nil until then; empty when a
    /// term is too long for it.
    private var asciiScorers: [FuzzyASCIIScorer]?

    init(_ pattern: FuzzyPattern) {
        self.pattern = pattern
        requiredDecides = pattern.groups.allSatisfy { group in
            group.count == 1 && group[0].kind == .fuzzy && !group[0].isInverse && group[0].scalars.allSatisfy { $0 < 0x80 }
        }
        needs = FuzzyScore.Line.Needs(pattern)
        required = pattern.groups.compactMap { group in
            guard group.count == 1, let term = group.first, !term.isInverse, term.scalars.allSatisfy({ $0 < 0x80 })
            else { return nil }
            return (term.scalars.map { UInt8($0) }, !term.isCaseSensitive, term.foldsAccents)
        }
    }

    /// Whether `bytes` may match: every single-term group's ASCII characters appear in
    /// order. A line that fails cannot match.
    @inline(__always)
    private func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        for (pattern, folds, accents) in required {
            var index = 0
            for wanted in pattern {
                var found = false
                while index < count {
                    var byte = bytes[index]
                    if folds, byte &- 0x41 < 26 { byte |= 0x20 }
                    index += 1
                    if byte == wanted { found = true; break }
                }
                // İ and the Kelvin sign fold to ASCII letters that the bytes do not show,
                // and so do letters with accents.
                if !found {
                    return folds && ByteSearch.containsASCIILowercasingScalar(bytes) || accents && FuzzyFold.mayHoldFoldable(bytes)
                }
            }
        }
        return true
    }

    /// Whether `bytes` match, without scoring.
    mutating func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if pattern.matchesEverything { return true }
        guard mayMatch(bytes) else { return false }
        if requiredDecides, ByteSearch.isASCII(bytes) { return true }  // the common case: no decoding
        line.load(bytes, needs: needs, needsBonuses: false)
        for group in pattern.groups {
            let satisfied = group.contains { term in
                let found = FuzzyScore.contains(line.text(for: term), kind: term.kind, pattern: term.scalars)
                return found != term.isInverse
            }
            if !satisfied { return false }
        }
        return true
    }

    /// The score of an ASCII line through the ``asciiScorers``, or `useGeneral` when the
    /// general path must decide (a window too big for the table, a term too long).
    private mutating func asciiScore(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzyASCIIScorer.Outcome {
        if asciiScorers == nil {
            let made = pattern.groups.map { FuzzyASCIIScorer(term: $0[0].scalars, folds: !$0[0].isCaseSensitive) }
            asciiScorers = made.contains { $0 == nil } ? [] : made.compactMap { $0 }
        }
        guard let scorers = asciiScorers, !scorers.isEmpty else { return .useGeneral }
        var total: Int32 = 0
        for scorer in scorers {
            switch scorer.score(bytes) {
            case .score(let score): total &+= score
            case .noMatch: return .noMatch
            case .useGeneral: return .useGeneral
            }
        }
        return .score(total)
    }

    /// The number of bytes of an ASCII line without leading and trailing white space, and
    /// without trailing white space.
    @inline(__always)
    private static func trimmedASCIILength(_ bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, end: Int) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] &- 0x09 < 5 { end -= 1 }
        var start = 0
        while start < end, bytes[start] == 0x20 || bytes[start] &- 0x09 < 5 { start += 1 }
        return (end - start, end)
    }

    /// The match of `bytes`, scored, or nil.
    mutating func match(_ bytes: UnsafeBufferPointer<UInt8>, withPositions: Bool = true) -> FuzzyMatch? {
        if pattern.matchesEverything { return FuzzyMatch(score: 0, positions: [], length: 0) }
        if requiredDecides, !withPositions, ByteSearch.isASCII(bytes) {
            switch asciiScore(bytes) {
            case .score(let score):
                let (length, end) = Self.trimmedASCIILength(bytes)
                return FuzzyMatch(score: Int(score), positions: [], length: length, textEnd: end)
            case .noMatch: return nil
            case .useGeneral: break
            }
        }
        guard mayMatch(bytes) else { return nil }
        line.load(bytes, needs: needs)
        var total = 0
        var positions: [Int] = []
        for group in pattern.groups {
            var satisfied = false
            for term in group {
                let text = line.text(for: term)
                let found: FuzzyScore.TermMatch? = switch term.kind {
                case .fuzzy: FuzzyScore.fuzzy(text, line.bonuses, pattern: term.scalars, table: &table, withPositions: withPositions)
                case .exact: FuzzyScore.exact(text, line.bonuses, pattern: term.scalars)
                case .prefix: FuzzyScore.prefix(text, line.bonuses, pattern: term.scalars)
                case .suffix: FuzzyScore.suffix(text, line.bonuses, pattern: term.scalars)
                case .equal: FuzzyScore.equal(text, pattern: term.scalars)
                }
                if term.isInverse {
                    if found == nil { satisfied = true; break }
                } else if let found {
                    total += Int(found.score)
                    if withPositions { positions += found.positions }
                    satisfied = true
                    break
                }
            }
            if !satisfied { return nil }
        }
        guard withPositions else { return FuzzyMatch(score: total, positions: [], length: line.trimmedLength, textEnd: line.textEnd) }
        positions.sort()
        var unique: [Int] = []
        unique.reserveCapacity(positions.count)
        for position in positions where unique.last != position { unique.append(position) }
        return FuzzyMatch(score: total, positions: unique, length: line.trimmedLength, textEnd: line.textEnd)
    }
}

extension FuzzyPattern {
    /// Whether `text` matches. Convenient for tests and short lists.
    public func matches(_ text: some StringProtocol) -> Bool { match(text) != nil }

    /// How `text` matches, or nil.
    public func match(_ text: some StringProtocol) -> FuzzyMatch? {
        var matcher = FuzzyMatcher(self)
        var bytes = PathBytes.bytes(String(text))
        return bytes.withUnsafeMutableBufferPointer { matcher.match(UnsafeBufferPointer($0)) }
    }
}
