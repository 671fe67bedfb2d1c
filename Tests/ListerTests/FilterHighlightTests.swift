import Lister
import TerminalCore
import Testing

@MainActor @Suite struct FilterHighlightTests {
    func ranges(_ query: String, _ text: String) -> [Range<Int>] {
        FilterQuery(query).matchedRanges(in: text)
    }

    @Test func everyOccurrenceOfEveryTermIsMarked() {
        #expect(ranges("foo", "a foo b foo") == [2..<5, 8..<11])
        #expect(ranges("foo b", "a foo b foo") == [2..<5, 6..<7, 8..<11])
        #expect(ranges("zzz", "a foo") == [])
        #expect(ranges("", "a foo") == [])
    }

    @Test func overlappingOccurrencesAndTermsMerge() {
        #expect(ranges("aa", "aaa") == [0..<3])
        #expect(ranges("ab bc", "abc") == [0..<3])
    }

    @Test func smartCaseDecidesWhatIsMarked() {
        #expect(ranges("foo", "Foo fOO") == [0..<3, 4..<7])
        #expect(ranges("Foo", "foo Foo") == [4..<7])
    }

    @Test func offsetsCountCharactersNotBytes() {
        #expect(ranges("é", "Café CAFÉ crème") == [3..<4, 8..<9])
        #expect(ranges("crème", "Café CAFÉ CRÈME") == [10..<15])
        #expect(ranges("本", "日本語の本") == [1..<2, 4..<5])
        #expect(ranges("日本語", "x日本語") == [1..<4])
    }

    @Test func aCharacterIsMarkedWhole() {
        // "e" matches the first scalar of a decomposed "é": the whole character is marked.
        #expect(ranges("e", "ce\u{301}t") == [1..<2])
        #expect(ranges("i", "İstanbul") == [0..<1])
        #expect(ranges("kel", "\u{212A}ELVIN") == [0..<3])
        #expect(ranges("σ", "ΣΟΦΙΑ") == [0..<1])
    }

    @Test func onlyTheFirstCharactersAreExamined() {
        let text = String(repeating: "-", count: 10) + "ab" + "ab"
        #expect(FilterQuery("ab").matchedRanges(in: text, limit: 11) == [])
        #expect(FilterQuery("ab").matchedRanges(in: text, limit: 13) == [10..<12])
        #expect(FilterQuery("ab").matchedRanges(in: text, limit: 14) == [10..<14])
    }

    @Test func markingAgreesWithMatching() {
        for query in filterQueries where query.terms.count == 1 {
            for row in filterCorpus(count: 200, seed: 5) {
                #expect(query.matches(row) == !query.matchedRanges(in: row).isEmpty, "\"\(query)\" in \(row)")
            }
        }
    }

    @Test func textSpansAreSplitAndStyledWhereMatched() {
        let mark = Style(foreground: .yellow)
        let text = Text("xab", style: .bold) + Text("cdab")
        let highlighted = text.highlightingMatches(of: FilterQuery("bc a"), style: mark)
        #expect(highlighted.plainText == text.plainText)
        #expect(highlighted.spans.map(\.text) == ["x", "ab", "c", "d", "a", "b"])
        #expect(highlighted.spans.map(\.style) == [.bold, Style.bold.merged(with: mark), mark, .plain, mark, .plain])
    }

    @Test func aTextWithoutMatchesIsUnchanged() {
        let text = Text("日本語", style: .dim).aligned(.trailing)
        #expect(text.highlightingMatches(of: FilterQuery("x")) == text)
        #expect(text.highlightingMatches(of: .empty) == text)
        let marked = text.highlightingMatches(of: FilterQuery("本"))
        #expect(marked.alignment == .trailing)
        #expect(marked.spans.map(\.text) == ["日", "本", "語"])
        #expect(marked.spans[1].style == Style.dim.merged(with: FilterQuery.highlightStyle))
    }

    @Test func aCharacterSplitAcrossSpansIsMarkedInBoth() {
        let text = Text("ce") + Text("\u{301}t", style: .bold)
        let highlighted = text.highlightingMatches(of: FilterQuery("e"), style: .reverse)
        #expect(highlighted.spans.map(\.text) == ["c", "e", "\u{301}", "t"])
        #expect(highlighted.spans.map(\.style) == [.plain, .reverse, Style.bold.merged(with: .reverse), .bold])
    }
}
