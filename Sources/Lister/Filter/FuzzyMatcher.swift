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

    /// The values for a line of `codes` whose terms matched from `minBegin` (the earliest
    /// start), `minEnd` (the earliest end) to `maxEnd` (the latest end), with
    /// `trimmedLength` code points without white space around them.
    init(codes: [UInt32], minBegin: Int, minEnd: Int, maxEnd: Int, trimmedLength: Int) {
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
        // The code point offset of the last separator against the match's (fzf 0.74.5
        // ranks `e/ab` before `é/ab` for `ab`: the same distance).
        var separator = codes.count - 1
        while separator >= 0, codes[separator] != UInt32(UInt8(ascii: "/")), codes[separator] != UInt32(UInt8(ascii: "\\")) {
            separator -= 1
        }
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
    /// One line per `--nth` range of the row being matched (``match(_:fields:withPositions:)``).
    var fieldLines: [FuzzyScore.Line] = []
    /// The code points of the whole row whose ranges are matched, for its tiebreaks.
    var wholeCodes: [UInt32] = []
    var table = ScoreTable()
    let needs: FuzzyScore.Line.Needs
    /// ASCII bytes each line must contain in order (lowercase where case is ignored, with
    /// the masks of ``ByteSearch``): a cheap test that rejects most lines before they are
    /// decoded. `folds`: case is ignored; `accents`: the term folds accents, so a line with
    /// a character that folds may match even without the bytes.
    private let required: [(bytes: [UInt8], masks: [UInt8], folds: Bool, accents: Bool)]

    /// Whether ``required`` is the whole test for a line whose bytes are ASCII: every
    /// group is one fuzzy ASCII term.
    private let requiredDecides: Bool

    /// One ``FuzzyASCIIScorer`` per group, made on the first score without positions when
    /// ``requiredDecides``: the fast path for ASCII lines. Nil until then; empty when a
    /// term is too long for it.
    private var asciiScorers: [FuzzyASCIIScorer]?
    /// The one scorer of a one-term pattern (the query typed, commonly), without reference
    /// counting on each line: ``asciiScorers`` holds it (strongly, for as long as this
    /// matcher and its copies live), so it is alive whenever this is read.
    private var onlyASCIIScorer: Unmanaged<FuzzyASCIIScorer>?

    init(_ pattern: FuzzyPattern) {
        self.pattern = pattern
        requiredDecides = pattern.options.algorithm == .v2 && pattern.groups.allSatisfy { group in
            group.count == 1 && group[0].kind == .fuzzy && !group[0].isInverse && group[0].scalars.allSatisfy { $0 < 0x80 }
        }
        needs = FuzzyScore.Line.Needs(pattern)
        required = pattern.groups.compactMap { group in
            guard group.count == 1, let term = group.first, !term.isInverse, term.scalars.allSatisfy({ $0 < 0x80 })
            else { return nil }
            let bytes = term.scalars.map { UInt8($0) }
            let masks = bytes.map { !term.isCaseSensitive && $0 &- 0x61 < 26 ? UInt8(0x20) : 0 }
            return (bytes, masks, !term.isCaseSensitive, term.foldsAccents)
        }
        flat = FlatTerms(required.map { ($0.bytes, $0.masks) })
        flatBytes = UnsafePointer(flat.bytes)
        flatMasks = UnsafePointer(flat.masks)
        flatCounts = UnsafePointer(flat.counts)
        flatTerms = required.count
    }

    /// The bytes and masks of ``required`` one after the other, and each term's count:
    /// the per-line test reads them through pointers, without reference counting.
    private final class FlatTerms {
        let bytes: UnsafeMutablePointer<UInt8>
        let masks: UnsafeMutablePointer<UInt8>
        let counts: UnsafeMutablePointer<Int>

        init(_ terms: [(bytes: [UInt8], masks: [UInt8])]) {
            let total = terms.reduce(0) { $0 + $1.bytes.count }
            bytes = .allocate(capacity: max(total, 1))
            masks = .allocate(capacity: max(total, 1))
            counts = .allocate(capacity: max(terms.count, 1))
            var offset = 0
            for (index, term) in terms.enumerated() {
                (bytes + offset).initialize(from: term.bytes, count: term.bytes.count)
                (masks + offset).initialize(from: term.masks, count: term.masks.count)
                counts[index] = term.bytes.count
                offset += term.bytes.count
            }
        }

        deinit {
            bytes.deallocate()
            masks.deallocate()
            counts.deallocate()
        }
    }

    // The storage of ``FlatTerms`` is kept alive by `flat`; the pointers are copies of its.
    private let flat: FlatTerms
    private let flatBytes: UnsafePointer<UInt8>
    private let flatMasks: UnsafePointer<UInt8>
    private let flatCounts: UnsafePointer<Int>
    private let flatTerms: Int

    /// Whether the ASCII line `bytes` has every single-term group's characters in order:
    /// for an ASCII line the whole test of ``mayMatch(_:)``.
    @inline(__always)
    private func mayMatchASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        for index in 0..<flatTerms {
            let count = flatCounts[index]
            guard ByteSearch.containsSubsequence(bytes, pattern: flatBytes + offset, masks: flatMasks + offset, count: count)
            else { return false }
            offset += count
        }
        return true
    }

    /// Whether `bytes` may match: every single-term group's ASCII characters appear in
    /// order. A line that fails cannot match.
    @inline(__always)
    func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for term in required {
            let found = term.bytes.withUnsafeBufferPointer { pattern in
                term.masks.withUnsafeBufferPointer { masks in
                    ByteSearch.containsSubsequence(bytes, pattern: pattern.baseAddress!, masks: masks.baseAddress!, count: pattern.count)
                }
            }
            if found { continue }
            // İ and the Kelvin sign fold to ASCII letters that the bytes do not show, and so
            // do letters with accents: where the line has such a character, a character past
            // ASCII may stand for any of the term's. (An ASCII line, the common case, is told
            // by a vector test first.)
            guard (term.folds || term.accents) && !ByteSearch.isASCII(bytes) else { return false }
            guard term.folds && ByteSearch.containsASCIILowercasingScalar(bytes) || term.accents && FuzzyFold.mayHoldFoldable(bytes)
            else { return false }
            let standing = term.bytes.withUnsafeBufferPointer { pattern in
                term.masks.withUnsafeBufferPointer { masks in
                    ByteSearch.containsSubsequence(bytes, pattern: pattern.baseAddress!, masks: masks.baseAddress!, count: pattern.count,
                                                   standIns: true)
                }
            }
            if !standing { return false }
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
                let found = FuzzyScore.contains(line.text(for: term), kind: term.kind, pattern: term.scalars, codes: line.codes)
                return found != term.isInverse
            }
            if !satisfied { return false }
        }
        return true
    }

    /// The score of an ASCII line through the ``asciiScorers``, or `useGeneral` when the
    /// general path must decide (a window too big for the table, a term too long).
    private mutating func asciiScore(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzyASCIIScorer.Outcome {
        if let only = onlyASCIIScorer { return only._withUnsafeGuaranteedRef { $0.score(bytes) } }
        if asciiScorers == nil {
            let made = pattern.groups.map { FuzzyASCIIScorer(term: $0[0].scalars, folds: !$0[0].isCaseSensitive, scheme: pattern.options.scheme) }
            asciiScorers = made.contains { $0 == nil } ? [] : made.compactMap { $0 }
            if let scorers = asciiScorers, scorers.count == 1 {
                onlyASCIIScorer = Unmanaged.passUnretained(scorers[0])
                return scorers[0].score(bytes)
            }
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
    static func trimmedASCIILength(_ bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, end: Int) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] &- 0x09 < 5 { end -= 1 }
        var start = 0
        while start < end, bytes[start] == 0x20 || bytes[start] &- 0x09 < 5 { start += 1 }
        return (end - start, end)
    }

    /// What ``quickScore(_:)`` found.
    enum QuickScore {
        /// The line's score and its length without white space around it (`length`).
        case matched(score: Int32, length: Int)
        /// The line does not match.
        case noMatch
        /// The fast path does not apply: ask ``match(_:withPositions:)``.
        case general
    }

    /// The score of `bytes` without positions through the ASCII scorers, when they decide
    /// (an ASCII line, every group one fuzzy ASCII term): what ``match(_:withPositions:)``
    /// gives without positions, without making a ``FuzzyMatch``, for a ranking that needs
    /// no more than the score and the length.
    @inline(__always)
    mutating func quickScore(_ bytes: UnsafeBufferPointer<UInt8>) -> QuickScore {
        guard requiredDecides, !pattern.matchesEverything, ByteSearch.isASCII(bytes) else { return .general }
        // With several terms, most lines of a selective query fail here, before the
        // scorers' passes. One term's scorer finds its characters' occurrences 16 bytes at
        // a time and fails as fast on its own: the test would only be done twice for the
        // lines that match, most of those a ranked run scores (the matches of the query
        // before).
        guard flatTerms == 1 || mayMatchASCII(bytes) else { return .noMatch }
        switch asciiScore(bytes) {
        case .score(let score): return .matched(score: score, length: Self.trimmedASCIILength(bytes).length)
        case .noMatch: return .noMatch
        case .useGeneral: return .general
        }
    }

    /// The match of `bytes`, scored, or nil.
    mutating func match(_ bytes: UnsafeBufferPointer<UInt8>, withPositions: Bool = true) -> FuzzyMatch? {
        if pattern.matchesEverything { return FuzzyMatch(score: 0, positions: [], length: 0) }
        if requiredDecides, !withPositions, ByteSearch.isASCII(bytes) {
            // As ``quickScore(_:)``, with the match made.
            guard flatTerms == 1 || mayMatchASCII(bytes) else { return nil }
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
                let found = Self.find(term, in: line, options: pattern.options, table: &table, withPositions: withPositions)
                if term.isInverse {
                    // As fzf: the group is satisfied, but a later term of it may still score.
                    if found == nil { satisfied = true }
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
            match.positionalTies = PositionalTies(codes: line.codes, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd,
                                                  trimmedLength: match.length)
        }
        return match
    }

    /// Where `term` matches in `line` (loaded with bonuses), scored, or nil.
    @inline(__always)
    static func find(_ term: FuzzyPattern.Term, in line: borrowing FuzzyScore.Line, options: FuzzyPattern.Options,
                     table: inout ScoreTable, withPositions: Bool) -> FuzzyScore.TermMatch? {
        let text = line.text(for: term)
        return switch term.kind {
        case .fuzzy where options.algorithm == .v1:
            FuzzyScore.greedy(text, line.bonuses, pattern: term.scalars, forward: options.forward)
        case .fuzzy:
            FuzzyScore.fuzzy(text, line.bonuses, pattern: term.scalars, table: &table, withPositions: withPositions,
                             forward: options.forward)
        case .exact: FuzzyScore.exact(text, line.bonuses, pattern: term.scalars, forward: options.forward)
        case .prefix: FuzzyScore.prefix(text, line.bonuses, pattern: term.scalars)
        case .suffix: FuzzyScore.suffix(text, line.bonuses, pattern: term.scalars)
        case .equal: FuzzyScore.equal(text, pattern: term.scalars, scheme: options.scheme)
        case .boundary: FuzzyScore.exactAtBoundaries(text, line.codes, line.bonuses, pattern: term.scalars, scheme: options.scheme,
                                                      forward: options.forward)
        }
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
