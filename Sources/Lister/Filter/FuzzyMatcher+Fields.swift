extension FuzzyMatcher {
    /// The match of the row `whole` searched only in `fields` (byte ranges of it, as
    /// `lister pick --nth` selects them), or nil.
    ///
    /// As fzf 0.74.5 does: each term is matched in each field on its own, as if the field
    /// were the whole text (so a term never spans two fields, and a field's first character
    /// takes the bonus of the start of a line), and the first field where it matches counts,
    /// not the best; a `!` term excludes the row when it occurs in any field. The
    /// positions, and the tiebreaks computed from them, are offsets in `whole`, and
    /// `length` is the length of `whole`.
    mutating func match(_ whole: UnsafeBufferPointer<UInt8>, fields: UnsafeBufferPointer<Range<Int>>,
                        withPositions: Bool) -> FuzzyMatch? {
        if pattern.matchesEverything { return FuzzyMatch(score: 0, positions: [], length: 0) }
        if fields.count == 1, !withPositions {
            // The common `--nth 2`: the field's bytes where they are, then the row's length.
            guard var found = match(UnsafeBufferPointer(rebasing: whole[fields[0]]), withPositions: false) else { return nil }
            (found.length, found.textEnd) = measure(whole)
            return found
        }
        // A term that matches in a field finds its characters in order in the row.
        guard mayMatch(whole) else { return nil }
        while fieldLines.count < fields.count { fieldLines.append(FuzzyScore.Line()) }
        for index in fields.indices {
            fieldLines[index].load(UnsafeBufferPointer(rebasing: whole[fields[index]]), needs: needs, scheme: pattern.options.scheme)
        }
        var total = 0
        var positions: [Int] = []
        var minBegin = Int.max, minEnd = Int.max, maxEnd = 0
        let isASCII = withPositions && ByteSearch.isASCII(whole)
        for group in pattern.groups {
            var satisfied = false
            for term in group {
                var found: FuzzyScore.TermMatch?
                var field = 0
                while field < fields.count {
                    found = Self.find(term, in: fieldLines[field], options: pattern.options, table: &table, withPositions: withPositions)
                    if found != nil { break }
                    field += 1
                }
                if term.isInverse {
                    // As fzf: the group is satisfied, but a later term of it may still score.
                    if found == nil { satisfied = true }
                } else if let found {
                    total += Int(found.score)
                    if withPositions, let first = found.positions.first, let last = found.positions.last {
                        // Code point offsets in the field, made offsets in the row.
                        let start = fields[field].lowerBound
                        let offset = isASCII ? start : codeCount(UnsafeBufferPointer(rebasing: whole[..<start]))
                        positions += found.positions.lazy.map { $0 + offset }
                        minBegin = min(minBegin, first + offset)
                        minEnd = min(minEnd, last + 1 + offset)
                        maxEnd = max(maxEnd, last + 1 + offset)
                    }
                    satisfied = true
                    break
                }
            }
            if !satisfied { return nil }
        }
        let (length, end) = measure(whole)
        guard withPositions else { return FuzzyMatch(score: total, positions: [], length: length, textEnd: end) }
        positions.sort()
        var unique: [Int] = []
        unique.reserveCapacity(positions.count)
        for position in positions where unique.last != position { unique.append(position) }
        var match = FuzzyMatch(score: total, positions: unique, length: length, textEnd: end)
        if minBegin != Int.max {
            FuzzyText.decode(whole, into: &wholeCodes, replacingInvalid: needs.replacement)
            match.positionalTies = PositionalTies(codes: wholeCodes, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd,
                                                  trimmedLength: length)
        }
        return match
    }

    /// The number of code points of `bytes` as lines are decoded (an invalid byte is one).
    private mutating func codeCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        FuzzyText.decode(bytes, into: &wholeCodes, replacingInvalid: needs.replacement)
        return wholeCodes.count
    }

    /// The number of code points of `whole` without leading and trailing white space
    /// (`length`), and without trailing white space (where `end` counts from).
    private mutating func measure(_ whole: UnsafeBufferPointer<UInt8>) -> (length: Int, end: Int) {
        if ByteSearch.isASCII(whole) { return Self.trimmedASCIILength(whole) }
        FuzzyText.decode(whole, into: &wholeCodes, replacingInvalid: needs.replacement)
        var end = wholeCodes.count
        while end > 0, FuzzyText.charClass(wholeCodes[end - 1]) == .white { end -= 1 }
        var start = 0
        while start < end, FuzzyText.charClass(wholeCodes[start]) == .white { start += 1 }
        return (end - start, end)
    }
}
