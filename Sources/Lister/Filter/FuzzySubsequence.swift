/// The membership test of the commonest fuzzy query on ASCII rows, 16 bytes at a time:
/// every group is one fuzzy ASCII term (`orem`, `main swift`), and a row matches when each
/// term's characters appear in it in order (ASCII letters folded when the term ignores
/// case). It answers exactly as ``FuzzyMatcher/matches(_:)`` does for ASCII rows, and
/// leaves other rows to it (``Answer/undecided``): accents and Unicode case folding
/// need the decoded text.
///
/// `lister lines`' `/` runs it on every row of a million at each key, so each character is
/// looked for with one vector comparison per 16 bytes instead of a loop over bytes.
struct FuzzySubsequence: Sendable {
    /// What the test says of one row.
    enum Answer {
        case match
        case noMatch
        /// A row with non-ASCII bytes: the general matcher decides.
        case undecided
    }

    /// The terms' characters one after another; a term ends at each of ``ends``.
    private let bytes: [UInt8]
    /// `0x20` for a lowercase letter of a term that ignores case (the row's byte is OR-ed
    /// with it, so `A` meets `a`), else 0.
    private let masks: [UInt8]
    /// Where each term ends in ``bytes``.
    private let ends: [Int]
    /// A term that cannot match an ASCII row (an upper-case letter in a term that folds
    /// the row's letters to lower case).
    private let neverOnASCII: Bool

    /// The test for `pattern`, or nil when some group is not one fuzzy ASCII term (an
    /// inverse term, an alternative, an exact or anchored term): then
    /// ``FuzzyMatcher/matches(_:)`` does all the work.
    init?(_ pattern: FuzzyPattern) {
        guard !pattern.groups.isEmpty, pattern.groups.allSatisfy({ group in
            group.count == 1 && group[0].kind == .fuzzy && !group[0].isInverse && group[0].scalars.allSatisfy { $0 < 0x80 }
        }) else { return nil }
        var bytes: [UInt8] = [], masks: [UInt8] = [], ends: [Int] = []
        var never = false
        for group in pattern.groups {
            let term = group[0]
            for scalar in term.scalars {
                let byte = UInt8(scalar)
                let folds = !term.isCaseSensitive
                if folds, byte &- 0x41 < 26 { never = true }  // the row's letters are folded to lower case
                bytes.append(byte)
                masks.append(folds && byte &- 0x61 < 26 ? 0x20 : 0)
            }
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.masks = masks
        self.ends = ends
        neverOnASCII = never
    }

    /// Whether the pattern is one term: then a match's end (``test(_:)``) lets a longer
    /// query resume there (``resume(_:from:skipping:)``).
    var isSingleTerm: Bool { ends.count == 1 }

    /// How many characters of this pattern's one term are `shorter`'s whole term, when
    /// this term starts with it and compares alike: a row's search for this pattern may
    /// then resume where its search for `shorter` ended. Nil otherwise.
    func resumes(after shorter: FuzzySubsequence) -> Int? {
        guard isSingleTerm, shorter.isSingleTerm, !neverOnASCII, !shorter.neverOnASCII,
              shorter.bytes.count <= bytes.count,
              bytes.starts(with: shorter.bytes), masks.starts(with: shorter.masks) else { return nil }
        return shorter.bytes.count
    }

    /// Whether `row` matches, or ``Answer/undecided`` when it has non-ASCII bytes; with a
    /// match of a single term (``isSingleTerm``), where its leftmost match ends.
    @inline(__always)
    func test(_ row: UnsafeBufferPointer<UInt8>) -> (answer: Answer, end: Int) {
        guard ByteSearch.isASCII(row) else { return (.undecided, 0) }
        if neverOnASCII { return (.noMatch, 0) }
        return bytes.withUnsafeBufferPointer { bytes in
            masks.withUnsafeBufferPointer { masks in
                var start = 0, from = 0
                for end in ends {
                    from = 0
                    for index in start..<end {
                        guard let at = Self.find(bytes[index], mask: masks[index], in: row, from: from) else { return (.noMatch, 0) }
                        from = at + 1
                    }
                    start = end
                }
                return (.match, from)
            }
        }
    }

    /// The test of a single term on an ASCII row whose leftmost match of the term's first
    /// `skipping` characters ends at `from`: the leftmost match of the whole term extends
    /// it, so only the characters after them are looked for.
    @inline(__always)
    func resume(_ row: UnsafeBufferPointer<UInt8>, from: Int, skipping: Int) -> (answer: Answer, end: Int) {
        bytes.withUnsafeBufferPointer { bytes in
            masks.withUnsafeBufferPointer { masks in
                var from = from
                for index in skipping..<bytes.count {
                    guard let at = Self.find(bytes[index], mask: masks[index], in: row, from: from) else { return (.noMatch, 0) }
                    from = at + 1
                }
                return (.match, from)
            }
        }
    }

    /// The first position at or after `from` where `row`'s byte, OR-ed with `mask`, is
    /// `wanted`.
    @inline(__always)
    static func find(_ wanted: UInt8, mask: UInt8, in row: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = row.baseAddress else { return nil }
        let count = row.count
        var index = from
        guard count >= 16 else {
            while index < count {
                if base[index] | mask == wanted { return index }
                index += 1
            }
            return nil
        }
        let raw = UnsafeRawPointer(base)
        let target = SIMD16<UInt8>(repeating: wanted), masks = SIMD16<UInt8>(repeating: mask)
        while index + 16 <= count {
            let equal = (raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | masks) .== target
            // Each lane of the comparison is 0x00 or 0xFF: the first set byte is the first
            // match.
            let words = unsafeBitCast(equal, to: SIMD2<UInt64>.self)
            if words[0] != 0 { return index + words[0].trailingZeroBitCount / 8 }
            if words[1] != 0 { return index + 8 + words[1].trailingZeroBitCount / 8 }
            index += 16
        }
        guard index < count else { return nil }
        // The last 1 to 15 bytes: the row's last 16 in one comparison (not a loop over
        // bytes), its lanes before `index` (looked at already, or before `from`) cleared.
        let last = count - 16
        let equal = (raw.loadUnaligned(fromByteOffset: last, as: SIMD16<UInt8>.self) | masks) .== target
        var words = unsafeBitCast(equal, to: SIMD2<UInt64>.self)
        let skipped = UInt64(index - last) &* 8  // 8 to 120 bits
        if skipped >= 64 {
            words[0] = 0
            words[1] &= UInt64.max &<< (skipped - 64)
        } else {
            words[0] &= UInt64.max &<< skipped
        }
        if words[0] != 0 { return last + words[0].trailingZeroBitCount / 8 }
        if words[1] != 0 { return last + 8 + words[1].trailingZeroBitCount / 8 }
        return nil
    }
}
