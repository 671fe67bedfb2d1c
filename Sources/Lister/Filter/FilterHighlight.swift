import TerminalCore

extension FilterQuery {
    /// The characters of `text` that some term matches, as ranges of `Character` offsets,
    /// ascending and merged. Every occurrence of every term counts.
    ///
    /// Occurrences are found the way rows are matched (see ``FilterQuery``), and a
    /// character is marked when any of its scalars is in an occurrence, so a grapheme
    /// cluster is never split.
    ///
    /// ```swift
    /// FilterQuery("o").matchedRanges(in: "foo bor")  // [1..<3, 5..<6]
    /// ```
    /// - Parameters:
    ///   - text: the text as displayed.
    ///   - limit: only the first `limit` characters are examined, so a 10 MB line costs no
    ///     more than what fits on a screen.
    public func matchedRanges(in text: some StringProtocol, limit: Int = 4096) -> [Range<Int>] {
        let marked = MatchMarks(self, text: String(text), limit: limit)
        var ranges: [Range<Int>] = []
        for offset in marked.characters.indices where marked.isMarked(character: offset) {
            if let last = ranges.last, last.upperBound == offset {
                ranges[ranges.count - 1] = last.lowerBound..<(offset + 1)
            } else {
                ranges.append(offset..<(offset + 1))
            }
        }
        return ranges
    }
}

extension Text {
    /// This text with the characters that `query` matches drawn in `style` (merged into
    /// each span's own style). Spans are split where highlighting starts or stops.
    ///
    /// Meant for the visible rows only: it costs a few allocations per row.
    ///
    /// ```swift
    /// screen.row(item, context: context).highlightingMatches(of: filter.query)
    /// ```
    /// - Parameters:
    ///   - query: the filter; an empty query returns the text unchanged.
    ///   - style: merged into matched characters.
    ///   - limit: only the first `limit` characters are examined.
    public func highlightingMatches(
        of query: FilterQuery,
        style: Style = FilterQuery.highlightStyle,
        limit: Int = 4096
    ) -> Text {
        guard !query.isEmpty else { return self }
        let marked = MatchMarks(query, text: plainText, limit: limit)
        guard marked.hasMarks else { return self }
        var result = self
        result.spans = []
        var scalarIndex = 0
        for span in spans {
            var run = String.UnicodeScalarView()
            var runIsMarked = false
            func flush() {
                guard !run.isEmpty else { return }
                result.spans.append(Span(text: String(run), style: runIsMarked ? span.style.merged(with: style) : span.style))
                run = String.UnicodeScalarView()
            }
            for scalar in span.text.unicodeScalars {
                let isMarked = marked.isMarked(scalar: scalarIndex)
                if isMarked != runIsMarked {
                    flush()
                    runIsMarked = isMarked
                }
                run.append(scalar)
                scalarIndex += 1
            }
            flush()
        }
        return result
    }
}

/// Which scalars of a text the terms of a query cover, widened to whole characters.
struct MatchMarks {
    /// The characters examined (at most the limit).
    let characters: [Character]
    /// One flag per scalar of `characters`.
    private var scalarMarks: [Bool]
    /// Where each character's scalars start in `scalarMarks`, plus the end.
    private var characterStarts: [Int]

    init(_ query: FilterQuery, text: String, limit: Int) {
        characters = Array(text.prefix(max(0, limit)))
        var scalars: [Unicode.Scalar] = []
        var starts: [Int] = []
        for character in characters {
            starts.append(scalars.count)
            scalars += character.unicodeScalars
        }
        starts.append(scalars.count)
        characterStarts = starts
        scalarMarks = Array(repeating: false, count: scalars.count)
        if scalars.isEmpty { return }
        if let pattern = query.pattern {
            // The characters that scored, as the ranking found them.
            for position in pattern.match(String(String.UnicodeScalarView(scalars)))?.positions ?? []
            where position < scalarMarks.count {
                scalarMarks[position] = true
            }
            widenToCharacters()
            return
        }

        // The lowercased scalars, each with the index of the scalar it comes from.
        var lowered: [(scalar: Unicode.Scalar, origin: Int)] = []
        if query.terms.contains(where: { !$0.isCaseSensitive }) {
            for (index, scalar) in scalars.enumerated() {
                if scalar.properties.changesWhenLowercased {
                    lowered += scalar.properties.lowercaseMapping.unicodeScalars.map { ($0, index) }
                } else {
                    lowered.append((scalar, index))
                }
            }
        }
        let loweredScalars = lowered.map(\.scalar)
        for term in query.terms {
            let pattern = Array(term.text.unicodeScalars)
            if term.isCaseSensitive {
                for start in Self.occurrences(of: pattern, in: scalars) {
                    for index in start..<(start + pattern.count) { scalarMarks[index] = true }
                }
            } else {
                for start in Self.occurrences(of: pattern, in: loweredScalars) {
                    for index in start..<(start + pattern.count) { scalarMarks[lowered[index].origin] = true }
                }
            }
        }
        widenToCharacters()
    }

    /// Marks a character as a whole when any of its scalars is.
    private mutating func widenToCharacters() {
        for character in characters.indices {
            let range = characterStarts[character]..<characterStarts[character + 1]
            if scalarMarks[range].contains(true) {
                for index in range { scalarMarks[index] = true }
            }
        }
    }

    /// Whether any character is marked.
    var hasMarks: Bool { scalarMarks.contains(true) }

    /// Whether the scalar at `index` is marked; scalars past the limit are not.
    func isMarked(scalar index: Int) -> Bool { index < scalarMarks.count && scalarMarks[index] }

    /// Whether the character at `index` is marked.
    func isMarked(character index: Int) -> Bool { scalarMarks[characterStarts[index]] }

    /// The start of every occurrence of `pattern` in `text`, overlapping ones included.
    private static func occurrences(of pattern: [Unicode.Scalar], in text: [Unicode.Scalar]) -> [Int] {
        guard !pattern.isEmpty, text.count >= pattern.count else { return [] }
        return (0...(text.count - pattern.count)).filter { start in
            text[start] == pattern[0] && text[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }
}
