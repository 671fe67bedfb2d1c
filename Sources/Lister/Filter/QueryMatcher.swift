/// A ``FilterQuery`` compiled for matching rows given as UTF-8 bytes.
///
/// All patterns live in one byte buffer with one mask buffer beside it (see
/// ``ByteSearch``). Terms implied by another term are dropped (`foo foobar` searches only
/// `foobar`), and the rest are ordered so that the cheap byte searches run first and the
/// Unicode lowercasing runs only on rows that passed them.
struct QueryMatcher: Sendable {
    /// How one pattern is compared.
    enum Mode: Sendable {
        /// Bytes must be equal (a case-sensitive term).
        case exact
        /// An ASCII term; ASCII letters of the row are folded.
        case asciiFolded
        /// An ASCII term with `i` or `k`, which `İ` and the Kelvin sign lowercase to: a row
        /// with those is checked again through Unicode lowercasing when the byte search fails.
        case asciiFoldedCheckingSpecials
        /// A term with non-ASCII characters: searched in `row.lowercased()`.
        case unicodeFolded
    }

    /// Where one pattern is in the buffers, and how it is compared.
    struct Pattern: Sendable {
        var start: Int
        var count: Int
        var mode: Mode
    }

    private let patterns: [Pattern]
    /// The query in the extended syntax, matched by a ``FuzzyMatcher`` instead.
    let fuzzy: FuzzyPattern?
    private let bytes: [UInt8]
    private let masks: [UInt8]

    /// Compiles `query`.
    init(_ query: FilterQuery) {
        fuzzy = query.pattern
        let terms = query.terms
        // Empty terms (only possible through `Term("")`) match every row. Keep a term unless
        // another term implies it; of equal terms the first stays.
        let kept = terms.indices.filter { index in
            !terms[index].utf8.isEmpty && !terms.indices.contains { other in
                other != index && terms[other].implies(terms[index])
                    && (other < index || !terms[index].implies(terms[other]))
            }
        }.map { terms[$0] }
        var patterns: [Pattern] = []
        var bytes: [UInt8] = []
        var masks: [UInt8] = []
        for term in kept {
            let mode: Mode
            if term.isCaseSensitive {
                mode = .exact
            } else if term.utf8.allSatisfy({ $0 < 0x80 }) {
                let special = term.utf8.contains(UInt8(ascii: "i")) || term.utf8.contains(UInt8(ascii: "k"))
                mode = special ? .asciiFoldedCheckingSpecials : .asciiFolded
            } else {
                mode = .unicodeFolded
            }
            patterns.append(Pattern(start: bytes.count, count: term.utf8.count, mode: mode))
            bytes += term.utf8
            masks += term.utf8.map { mode != .exact && (0x61...0x7A).contains($0) ? 0x20 : 0 }
        }
        patterns.sort { lhs, rhs in
            let lhsSlow = lhs.mode == .unicodeFolded
            let rhsSlow = rhs.mode == .unicodeFolded
            return lhsSlow != rhsSlow ? rhsSlow : lhs.count > rhs.count
        }
        bytes.append(0)  // never empty, so the buffers always have a base address
        masks.append(0)
        self.patterns = patterns
        self.bytes = bytes
        self.masks = masks
    }

    /// Whether the query has no terms to search for.
    var matchesEverything: Bool { patterns.isEmpty && fuzzy == nil }

    /// Whether `row` matches. For many rows, use ``withBound(_:)`` once instead.
    func matches(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
        if let fuzzy {
            var matcher = FuzzyMatcher(fuzzy)
            return matcher.matches(row)
        }
        return withBound { $0.matches(row) }
    }

    /// Calls `body` with a matcher that reads the pattern buffers through pointers; it is
    /// valid only inside `body`.
    func withBound<Result>(_ body: (Bound) throws -> Result) rethrows -> Result {
        try patterns.withUnsafeBufferPointer { patterns in
            try bytes.withUnsafeBufferPointer { bytes in
                try masks.withUnsafeBufferPointer { masks in
                    try body(Bound(patterns: patterns, bytes: bytes.baseAddress!, masks: masks.baseAddress!))
                }
            }
        }
    }

    /// A matcher reading the pattern buffers through pointers.
    struct Bound {
        let patterns: UnsafeBufferPointer<Pattern>
        let bytes: UnsafePointer<UInt8>
        let masks: UnsafePointer<UInt8>

        /// Whether `row` contains every pattern.
        @inline(__always)
        func matches(_ row: UnsafeBufferPointer<UInt8>) -> Bool {
            for pattern in patterns {
                let found: Bool
                switch pattern.mode {
                case .exact, .asciiFolded:
                    found = search(row, pattern)
                case .asciiFoldedCheckingSpecials:
                    found = search(row, pattern)
                        || (!ByteSearch.isASCII(row) && ByteSearch.containsASCIILowercasingScalar(row)
                            && searchLowercased(row, pattern))
                case .unicodeFolded:
                    // The lowercase of ASCII text is ASCII, which a non-ASCII term is not.
                    found = !ByteSearch.isASCII(row) && searchLowercased(row, pattern)
                }
                if !found { return false }
            }
            return true
        }

        @inline(__always)
        private func search(_ text: UnsafeBufferPointer<UInt8>, _ pattern: Pattern) -> Bool {
            ByteSearch.contains(text, pattern: bytes + pattern.start, masks: masks + pattern.start, count: pattern.count)
        }

        /// Searches the lowercased row (invalid UTF-8 replaced with U+FFFD first).
        private func searchLowercased(_ row: UnsafeBufferPointer<UInt8>, _ pattern: Pattern) -> Bool {
            var lowered = String(decoding: row, as: UTF8.self).lowercased()
            return lowered.withUTF8 { search($0, pattern) }
        }
    }
}
