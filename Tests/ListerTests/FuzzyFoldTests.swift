@testable import Lister
import Testing

/// Accent folding as fzf 0.74.5 does it: the table, and when a query folds.
@Suite struct FuzzyFoldTests {
    private func code(_ text: String) -> UInt32 { text.unicodeScalars.first!.value }

    @Test func theTableFoldsLatinLettersWithDiacriticsToTheirBase() {
        #expect(FuzzyFold.fold(code("é")) == code("e"))
        #expect(FuzzyFold.fold(code("É")) == code("E"))
        #expect(FuzzyFold.fold(code("ő")) == code("o"))
        #expect(FuzzyFold.fold(code("ß")) == code("s"))
        #expect(FuzzyFold.fold(code("ı")) == code("i"))
        #expect(FuzzyFold.fold(0x1EA5) == code("a"))  // ấ, past the older tables
        #expect(FuzzyFold.fold(0x2184) == code("c"))  // the last scalar of the table
    }

    @Test func theTableLeavesWhatFzfLeaves() {
        // fzf folds ő but not its capital Ő, nor Æ, Ø's small caps aside.
        #expect(FuzzyFold.fold(code("Ő")) == code("Ő"))
        #expect(FuzzyFold.fold(code("Æ")) == code("Æ"))
        #expect(FuzzyFold.fold(code("С")) == code("С"))  // Cyrillic
        for ascii in UInt32(0)..<0xC0 { #expect(FuzzyFold.fold(ascii) == ascii) }
        #expect(FuzzyFold.fold(0x2185) == 0x2185)
    }

    @Test func fullwidthFormsFoldToASCII() {
        #expect(FuzzyFold.fold(0xFF21) == code("A"))
        #expect(FuzzyFold.fold(0xFF41) == code("a"))
        #expect(FuzzyFold.fold(0xFF11) == code("1"))
        #expect(FuzzyFold.fold(0xFF5E) == code("~"))
        #expect(FuzzyFold.fold(0xFF5F) == 0xFF5F)
    }

    @Test func theTableHoldsAsManyScalarsAsFzfs() {
        // 461 scalars of U+00C0...U+2184 fold in fzf 0.74.5 (Benchmarks/tools/fold-table.sh).
        #expect(FuzzyFold.bases.reduce(0) { $0 + $1.1.count } == 461)
        let all = FuzzyFold.bases.flatMap(\.1)
        #expect(Set(all).count == all.count)
    }

    @Test func aQueryWithoutAccentsFindsAccentedLines() {
        #expect(FuzzyPattern("resume").matches("résumé"))
        #expect(FuzzyPattern("resume").matches("RÉSUMÉ"))
        #expect(FuzzyPattern("naive").matches("naïve"))
        #expect(FuzzyPattern("usrshdoc").matches("/usr/share/ca-certificates/mozilla/NetLock_Arany_=Class_Gold=_Főtanúsítvány.crt"))
        #expect(FuzzyPattern("'sume").matches("résumé"))
        #expect(FuzzyPattern("^res").matches("résumé"))
        #expect(FuzzyPattern("ume$").matches("résumé"))
        #expect(FuzzyPattern("^resume$").matches("résumé"))
        #expect(!FuzzyPattern("!sum").matches("résumé"))
    }

    @Test func anUpperCaseQueryFoldsButKeepsCase() {
        #expect(FuzzyPattern("Resume").matches("Résumé"))
        #expect(!FuzzyPattern("Resume").matches("résumé"))
        // Ő has no entry: only its lowercase folds, and "Ors" is case-sensitive.
        #expect(FuzzyPattern("ors").matches("Őrs"))
        #expect(!FuzzyPattern("Ors").matches("Őrs"))
    }

    @Test func aQueryWithAnAccentDoesNotFold() {
        #expect(FuzzyPattern("résumé").matches("RÉSUMÉ"))
        #expect(!FuzzyPattern("résumé").matches("resume"))
        // Per term, as fzf's extended syntax.
        #expect(FuzzyPattern("resume naïve").matches("résumé naïve"))
        // Without the extended syntax the query is one term.
        #expect(!FuzzyPattern("resume naïve", options: .init(extended: false)).matches("résumé naïve"))
    }

    @Test func literalTurnsFoldingOff() {
        let literal = FuzzyPattern.Options(foldsAccents: false)
        #expect(!FuzzyPattern("resume", options: literal).matches("résumé"))
        #expect(FuzzyPattern("resume", options: literal).matches("RESUME"))
    }

    @Test func foldedMatchesScoreAndHighlightTheOriginalPositions() {
        let match = FuzzyPattern("sume").match("résumé")
        #expect(match?.positions == [2, 3, 4, 5])
        #expect(match?.score == FuzzyPattern("sume").match("resume")?.score)
    }

    @Test func rankingFindsAccentedLinesOnBothPaths() {
        // The ASCII fast path (no positions) and the general path must agree.
        let lines = FilterStrings(["resume", "résumé", "cv", "RÉSUMÉ"])
        #expect(Set(FuzzyRanking(pattern: FuzzyPattern("resume")).rankNow(lines)) == [0, 1, 3])
        #expect(Set(FuzzyRanking(pattern: FuzzyPattern("resume"), tiebreaks: [.begin]).rankNow(lines)) == [0, 1, 3])
    }

    @Test func lengthIgnoresLeadingWhiteSpace() {
        // "   abcx" is 4 long without its indent: it ranks before "abcxy", as in fzf.
        let lines = FilterStrings(["abcxy", "   abcx"])
        #expect(FuzzyRanking(pattern: FuzzyPattern("abc")).rankNow(lines) == [1, 0])
        #expect(FuzzyRanking(pattern: FuzzyPattern("abc"), tiebreaks: [.length, .begin]).rankNow(lines) == [1, 0])
        #expect(FuzzyPattern("abc").match("  abc  ")?.length == 3)
    }
}

/// fzf's tiebreaks that depend on where a line matched, value by value.
@Suite struct FuzzyTiebreakTests {
    private func ties(_ query: String, _ text: String) -> PositionalTies? {
        FuzzyPattern(query).match(text)?.positionalTies
    }

    @Test func beginIsTheEarliestEndLessLeadingWhiteSpace() {
        #expect(ties("main", "mainxxxxx")?.begin == 4)
        #expect(ties("main", "  main x")?.begin == 4)
        #expect(ties("main", "a main b")?.begin == 6)
    }

    @Test func endIsInProportionToTheLength() {
        // 65535 - 65535 * (end - white prefix) / (trimmed length + 1)
        #expect(ties("main", "xx main")?.end == 65535 - 65535 * 7 / 8)
        #expect(ties("main", "  main x")?.end == 65535 - 65535 * 4 / 7)
    }

    @Test func chunkIsTheRunOfNonWhiteCharactersAroundTheMatch() {
        #expect(ties("main", "a main b")?.chunk == 4)
        #expect(ties("main", "mainxxxxx y")?.chunk == 9)
        #expect(ties("main", "x/main.c y")?.chunk == 8)
    }

    @Test func pathnameIsTheDistanceFromTheLastSeparator() {
        #expect(ties("main", "src/foo/main.c")?.pathname == 1)
        #expect(ties("main", "main/x.c")?.pathname == 65535)  // before the last separator
        #expect(ties("main", "main.c")?.pathname == 1)  // no separator: from -1
        #expect(ties("main", #"a\main"#)?.pathname == 1)
    }

    @Test func onlyInverseTermsRankLast() {
        #expect(ties("!x", "abc")?.begin == 65535)
        #expect(FuzzyPattern("!x").match("abc")?.tieValue(.chunk) == 65535)
    }

    @Test func rankingByEachTiebreak() {
        let lines = FilterStrings(["src/foo/main.c", "main/x.c", "src/mainfile.c"])
        let pattern = FuzzyPattern("main")
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.pathname]).rankNow(lines) == [1, 0, 2])
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.begin]).rankNow(lines) == [1, 2, 0])
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.end, .length, .begin]).rankNow(lines) == [1, 0, 2])
        let words = FilterStrings(["a main b", "mainxxxxx", "xx main", "  main x"])
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.chunk]).rankNow(words) == [0, 2, 3, 1])
    }
}

/// fzf's scoring schemes: the bonuses each sets.
@Suite struct FuzzySchemeTests {
    private func score(_ query: String, _ text: String, _ scheme: FuzzyScheme) -> Int? {
        FuzzyPattern(query, options: .init(scheme: scheme)).match(text)?.score
    }

    @Test func eachSchemeSetsItsBoundaryBonuses() {
        #expect(FuzzyScheme.default.bonus(.white, .lower) == 10)
        #expect(FuzzyScheme.default.bonus(.delimiter, .lower) == 9)
        #expect(FuzzyScheme.path.bonus(.white, .lower) == 8)
        #expect(FuzzyScheme.path.bonus(.delimiter, .lower) == 9)
        #expect(FuzzyScheme.history.bonus(.white, .lower) == 8)
        #expect(FuzzyScheme.history.bonus(.delimiter, .lower) == 8)
        for scheme in FuzzyScheme.allCases {
            #expect(scheme.bonus(.nonWord, .lower) == 8)
            #expect(scheme.bonus(.lower, .upper) == 7)
        }
    }

    @Test func pathCountsOnlySlashAsADelimiterAndTheStartAsAfterOne() {
        #expect(FuzzyScheme.path.charClass(UInt32(UInt8(ascii: ","))) == .nonWord)
        #expect(FuzzyScheme.path.charClass(UInt32(UInt8(ascii: "/"))) == .delimiter)
        #expect(FuzzyScheme.default.charClass(UInt32(UInt8(ascii: ","))) == .delimiter)
        // At the start: 16 + 2 x 9 (after a delimiter) in path, 16 + 2 x 10 by default.
        #expect(score("m", "main", .path) == 34)
        #expect(score("m", "main", .default) == 36)
        #expect(score("m", "x/main", .path) == 34)
        #expect(score("m", "x,main", .path) == 32)
    }

    @Test func theSchemesTiebreaks() {
        #expect(FuzzyScheme.default.tiebreaks == [.length])
        #expect(FuzzyScheme.path.tiebreaks == [.pathname, .length])
        #expect(FuzzyScheme.history.tiebreaks == [])
    }

    @Test func oneCharacterStopsAtTheFirstBoundaryOnBothPaths() {
        // fzf's early stop: "-a" (8) stops the search before "/a" (9 in both schemes), as
        // fzf 0.74.5 ranks `x/a` above `x-a/a`.
        #expect(score("a", "x-a/a", .path) == 32)
        #expect(score("a", "é x-a/a", .path) == 32)  // the general path
        #expect(score("a", "x-a/a", .default) == 32)
        #expect(score("a", "é x-a/a", .default) == 32)
    }
}
