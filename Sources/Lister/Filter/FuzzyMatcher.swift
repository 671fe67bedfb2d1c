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

    /// The values of the tiebreaks that need positions, as fzf computes them (made when
    /// the match was asked for positions).
    var positionalTies = PositionalTies()

    /// The value of `tiebreak` for this match (lower ranks first), as fzf's: saturated
    /// to 0...65535.
    func tieValue(_ tiebreak: FuzzyTiebreak) -> Int {
        switch tiebreak {
        case .length: min(length, Int(UInt16.max))
        case .begin: positionalTies.begin
        case .end: positionalTies.end
        case .chunk: positionalTies.chunk
        case .pathname: positionalTies.pathname
        case .index: 0
        }
    }

    /// The first position that scored (`begin`), or 0.
    public var begin: Int { positions.first ?? 0 }
    /// How far the last position that scored is from the end (`end`).
    public var distanceFromEnd: Int { textEnd - 1 - (positions.last ?? 0) }
}

/// The values of fzf's tiebreaks that depend on where a line matched; 65535 (last) when
/// no term gave a position (only `!` terms).
struct PositionalTies: Hashable, Sendable {
    var begin = Int(UInt16.max)
    var end = Int(UInt16.max)
    var chunk = Int(UInt16.max)
    var pathname = Int(UInt16.max)

    /// The values for a line of `codes` (its UTF-8 `bytes`) whose terms matched from
    /// `minBegin` (the earliest start), `minEnd` (the earliest end) to `maxEnd` (the latest
    /// end), with `trimmedLength` code points without white space around them.
    init(codes: [UInt32], bytes: UnsafeBufferPointer<UInt8>, minBegin: Int, minEnd: Int, maxEnd: Int, trimmedLength: Int) {
        @inline(__always) func saturated(_ value: Int) -> Int { max(0, min(value, Int(UInt16.max))) }
        @inline(__always) func isWhite(_ code: UInt32) -> Bool { FuzzyText.charClass(code) == .white }
        // The leading white space, up to the match.
        var whitePrefix = 0
        for index in codes.indices {
            whitePrefix = index
            if index == minBegin || !isWhite(codes[index]) { break }
        }
        begin = saturated(minEnd - whitePrefix)
        let maximum = Int(UInt16.max)
        end = saturated(maximum - maximum * (maxEnd - whitePrefix) / (saturated(trimmedLength) + 1))
        var start = minBegin, stop = maxEnd
        while start >= 1, !isWhite(codes[start - 1]) { start -= 1 }
        while stop < codes.count, !isWhite(codes[stop]) { stop += 1 }
        chunk = saturated(stop - start)
        // As fzf: the byte offset of the last separator against the code point offset of
        // the match.
        var separator = bytes.count - 1
        while separator >= 0, bytes[separator] != UInt8(ascii: "/"), bytes[separator] != UInt8(ascii: "\\") { separator -= 1 }
        if separator <= minBegin { pathname = saturated(minBegin - separator) }
    }

    init() {}
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
        requiredDecides = pattern.options.algorithm == .v2 && pattern.groups.allSatisfy { group in
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
                    // (An ASCII line, the common case, is told by a vector test first.)
                    guard (folds || accents) && !ByteSearch.isASCII(bytes) else { return false }
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
            let made = pattern.groups.map { FuzzyASCIIScorer(term: $0[0].scalars, folds: !$0[0].isCaseSensitive, scheme: pattern.options.scheme) }
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
        line.load(bytes, needs: needs, scheme: pattern.options.scheme)
        var total = 0
        var positions: [Int] = []
        var minBegin = Int.max, minEnd = Int.max, maxEnd = 0
        for group in pattern.groups {
            var satisfied = false
            for term in group {
                let text = line.text(for: term)
                let options = pattern.options
                let found: FuzzyScore.TermMatch? = switch term.kind {
                case .fuzzy where options.algorithm == .v1:
                    FuzzyScore.greedy(text, line.bonuses, pattern: term.scalars, forward: options.forward)
                case .fuzzy:
                    FuzzyScore.fuzzy(text, line.bonuses, pattern: term.scalars, table: &table, withPositions: withPositions,
                                     forward: options.forward)
                case .exact: FuzzyScore.exact(text, line.bonuses, pattern: term.scalars, forward: options.forward)
                case .prefix: FuzzyScore.prefix(text, line.bonuses, pattern: term.scalars)
                case .suffix: FuzzyScore.suffix(text, line.bonuses, pattern: term.scalars)
                case .equal: FuzzyScore.equal(text, pattern: term.scalars, scheme: pattern.options.scheme)
                }
                if term.isInverse {
                    if found == nil { satisfied = true; break }
                } else if let found {
                    total += Int(found.score)
                    if withPositions, let first = found.positions.first, let last = found.positions.last {
                        positions += found.positions
                        minBegin = min(minBegin, first)
                        minEnd = min(minEnd, last + 1)
                        maxEnd = max(maxEnd, last + 1)
                    }
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
        var match = FuzzyMatch(score: total, positions: unique, length: line.trimmedLength, textEnd: line.textEnd)
        if minBegin != Int.max {
            match.positionalTies = PositionalTies(codes: line.codes, bytes: bytes, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd,
                                                  trimmedLength: match.length)
        }
        return match
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
