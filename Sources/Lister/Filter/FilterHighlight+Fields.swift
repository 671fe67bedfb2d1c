import TerminalCore

extension FilterQuery {
    /// The code point offsets the query's fuzzy pattern scored in `row` of `source`,
    /// searched as the filter searches it: only in the ranges the source gives for the row
    /// (`lister pick --nth`), each term in each range on its own. Nil when the source
    /// searches the row whole, or the query has no fuzzy pattern: highlight the row's text
    /// as shown then (``Text/highlightingMatches(of:style:limit:)``).
    ///
    /// fzf highlights what its matcher found in the `--nth` fields, not every occurrence in
    /// the line: with `--nth 2`, `abc` in `abc abc` is marked in the second word only.
    func fieldPositions(in source: any FilterableText, row: Int) -> [Int]? {
        guard let pattern, row >= 0, row < source.count else { return nil }
        var positions: [Int]?
        source.forEachUTF8(in: FilterRowBatch(row..<(row + 1)), fields: { _, utf8, fields in
            guard let fields else { return }
            var matcher = FuzzyMatcher(pattern)
            positions = matcher.match(utf8, fields: fields, withPositions: true)?.positions ?? []
        })
        return positions
    }
}

extension Text {
    /// This text with the characters at the code point offsets `positions` drawn in
    /// `style` (a character is marked whole when any of its scalars is).
    func highlighting(scalarPositions positions: [Int], style: Style) -> Text {
        guard !positions.isEmpty else { return self }
        let marked = Set(positions)
        var result = self
        result.spans = []
        var scalarIndex = 0
        for span in spans {
            var run = ""
            var runIsMarked = false
            for character in span.text {
                let count = character.unicodeScalars.count
                let isMarked = (scalarIndex..<(scalarIndex + count)).contains { marked.contains($0) }
                scalarIndex += count
                if isMarked != runIsMarked, !run.isEmpty {
                    result.spans.append(Span(text: run, style: runIsMarked ? span.style.merged(with: style) : span.style))
                    run = ""
                }
                runIsMarked = isMarked
                run.append(character)
            }
            if !run.isEmpty { result.spans.append(Span(text: run, style: runIsMarked ? span.style.merged(with: style) : span.style)) }
        }
        return result
    }
}
