import Lister
import Testing

/// The score and the alignment chosen: fzf's bonuses decide, not the first match found.
@Suite struct FuzzyScoreTests {
    private func positions(_ query: String, _ text: String) -> [Int]? {
        FuzzyPattern(query).match(text)?.positions
    }

    private func score(_ query: String, _ text: String) -> Int? {
        FuzzyPattern(query).match(text)?.score
    }

    @Test func charactersMustAppearInOrder() {
        #expect(FuzzyPattern("abc").matches("xaxbxcx"))
        #expect(!FuzzyPattern("abc").matches("cba"))
        #expect(!FuzzyPattern("abc").matches(""))
    }

    @Test func aWordBoundaryIsChosenOverAnEarlierScatteredMatch() {
        // "f", "b" scattered early; "f" and "b" start words later.
        #expect(positions("fb", "xfxxbx foo/bar") == [7, 11])
        #expect(positions("mc", "amxc main_cfg") == [5, 10])
    }

    @Test func aCamelCaseHumpIsChosenOverAnEarlierScatteredMatch() {
        #expect(positions("fb", "xfooxbar fooBar") == [9, 12])
    }

    @Test func aConsecutiveRunIsChosenOverAnEarlierScatteredMatch() {
        #expect(positions("abc", "zaxbxc zabcz") == [8, 9, 10])
    }

    @Test func theFirstCharactersBonusCountsDouble() {
        // Both lines have one boundary match; the one on the first character scores more.
        let first = score("ab", "a-xb")!  // boundary on "a" (start), none on "b"
        let second = score("ab", "xa-b")!  // none on "a", boundary on "b"
        #expect(first > second)
    }

    @Test func scoresOrderBetterMatchesFirst() {
        #expect(score("ab", "ab")! > score("ab", "a_b")!)
        #expect(score("ab", "a_b")! > score("ab", "axxxb")!)
        #expect(score("ab", "axb")! > score("ab", "axxxxxb")!)  // gaps cost
        #expect(score("fb", "foo_bar")! > score("fb", "foxbar")!)
    }

    @Test func exactMatchesPreferAWordBoundary() {
        #expect(positions("'ab", "xab ab") == [4, 5])
    }

    @Test func rankingBreaksTiesByLengthThenIndex() {
        let lines = FilterStrings(["xxab", "ab", "ab  ", "abxx", "xab"])
        let ranked = FuzzyRanking(pattern: FuzzyPattern("ab")).rankNow(lines)
        // "ab" rows score the same (start of line); length breaks ties, then input order.
        #expect(Array(ranked.prefix(3)) == [1, 2, 3])
        #expect(Set(ranked.suffix(2)) == [0, 4])
    }

    @Test func tiebreaksBeginEndIndexAndTac() {
        let lines = FilterStrings(["zz-ab-zzzz", "z-ab-z", "zzzz-ab-zz"])
        let pattern = FuzzyPattern("ab")
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.length]).rankNow(lines) == [1, 0, 2])
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.begin]).rankNow(lines) == [1, 0, 2])
        // fzf's end: the match's end in proportion to the length (7/11 beats 4/7 beats 5/11).
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.end]).rankNow(lines) == [2, 1, 0])
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.index]).rankNow(lines) == [0, 1, 2])
        #expect(FuzzyRanking(pattern: pattern, tiebreaks: [.index], reversed: true).rankNow(lines) == [2, 1, 0])
        #expect(FuzzyRanking(pattern: pattern, sorts: false).rankNow(FilterStrings(["xxab", "ab"])) == [0, 1])
        #expect(FuzzyRanking(pattern: pattern, sorts: false, reversed: true).rankNow(FilterStrings(["xxab", "ab"])) == [1, 0])
    }

    @Test func rankingOffTheCallerAgreesAndSearchesOnlyCandidates() async throws {
        let lines = FilterStrings((0..<500).map { "line \($0) \($0 % 7 == 0 ? "foo_bar" : "fxoxoxbar")" })
        let ranking = FuzzyRanking(pattern: FuzzyPattern("fbar"))
        let async = try await ranking.rank(lines, chunkSize: 37, parallelism: 3)
        #expect(async == ranking.rankNow(lines))
        let candidates: [Int32] = [3, 7, 14]
        #expect(try await ranking.rank(lines, candidates: candidates, chunkSize: 2).sorted() == [3, 7, 14])
    }
}

/// Every form of the extended syntax, case and invalid input.
@Suite struct FuzzyPatternTests {
    private func matches(_ query: String, _ text: String, _ options: FuzzyPattern.Options = .init()) -> Bool {
        FuzzyPattern(query, options: options).matches(text)
    }

    @Test func smartCaseIgnoreAndRespect() {
        #expect(matches("abc", "ABC"))
        #expect(!matches("Abc", "abc"))
        #expect(matches("Abc", "xAbc"))
        #expect(matches("Abc", "abc", .init(caseMode: .ignore)))
        #expect(!matches("abc", "ABC", .init(caseMode: .respect)))
        #expect(matches("é", "É"))
        #expect(!matches("É", "é"))
    }

    @Test func spaceSeparatedTermsMustAllMatch() {
        #expect(matches("foo bar", "bar-foo"))
        #expect(!matches("foo bar", "foo"))
        #expect(matches("   ", "anything"))
        #expect(FuzzyPattern("   ").matchesEverything)
    }

    @Test func quoteIsExactAndExactModeFlipsIt() {
        #expect(matches("fbr", "foobar"))
        #expect(!matches("'fbr", "foobar"))
        #expect(matches("'oba", "foobar"))
        #expect(!matches("fbr", "foobar", .init(exact: true)))
        #expect(matches("'fbr", "foobar", .init(exact: true)))
    }

    @Test func prefixSuffixAndEqual() {
        #expect(matches("^foo", "foobar"))
        #expect(matches("^foo", "  foobar"))
        #expect(!matches("^bar", "foobar"))
        #expect(matches("bar$", "foobar  "))
        #expect(!matches("foo$", "foobar"))
        #expect(matches("^foobar$", "foobar"))
        #expect(!matches("^foo$", "foobar"))
        #expect(matches("$", "a$b"))  // a lone $ is a character
    }

    @Test func negationIsExactAndRejects() {
        #expect(!matches("!test", "foo_test.swift"))
        #expect(matches("!test", "foo.swift"))
        #expect(matches("!tst", "test"))  // exact, not fuzzy
        #expect(!matches("!^foo", "foobar"))
        #expect(!matches("!bar$", "foobar"))
        #expect(matches("!'tst", "tmp") && !matches("!'tst", "test"))  // !' is fuzzy
        #expect(matches("swift !test", "main.swift"))
    }

    @Test func barIsOr() {
        #expect(matches("^core go$ | rb$ | py$", "core/main.py"))
        #expect(matches("^core go$ | rb$ | py$", "core/main.rb"))
        #expect(!matches("^core go$ | rb$ | py$", "core/main.swift"))
        #expect(!matches("^core go$ | rb$ | py$", "app/main.go"))
        #expect(matches("|", "a|b"))  // a leading bar is a term
    }

    @Test func backslashEscapesASpace() {
        #expect(FuzzyPattern("foo\\ bar").groups.count == 1)
        #expect(matches("'foo\\ bar", "a foo bar"))
        #expect(!matches("'foo\\ bar", "a foo_bar"))
    }

    @Test func highlightedPositionsAreTheScoringOnes() {
        #expect(FuzzyPattern("fb !zz").match("xfxxbx foo/bar")?.positions == [7, 11])
        #expect(FuzzyPattern("^fo ar$").match("foobar")?.positions == [0, 1, 4, 5])
        let query = FilterQuery(extended: "fb")
        #expect(query.matchedRanges(in: "xfxxbx foo/bar") == [7..<8, 11..<12])
    }

    @Test func refinementNarrowsOnlyWhenSafe() {
        #expect(FuzzyPattern("foob").isRefinement(of: FuzzyPattern("foo")))
        #expect(FuzzyPattern("foo bar").isRefinement(of: FuzzyPattern("foo")))
        #expect(!FuzzyPattern("fo").isRefinement(of: FuzzyPattern("foo")))
        #expect(!FuzzyPattern("foo !b").isRefinement(of: FuzzyPattern("foo")))
        #expect(!FuzzyPattern("foo | b").isRefinement(of: FuzzyPattern("foo")))
        #expect(!FuzzyPattern("foo\\ b").isRefinement(of: FuzzyPattern("foo\\")))
        #expect(FilterQuery(extended: "ab").isRefinement(of: FilterQuery(extended: "a")))
        #expect(!FilterQuery(extended: "ab").isRefinement(of: FilterQuery("a")))
    }

    @Test func invalidUTF8NeverCrashesAndMatchesByteWise() {
        let lines = FilterBytes([[0x66, 0xFF, 0x6F, 0x6F], [0xC3], [0xE2, 0x82], [0x61, 0xC3, 0xA9, 0x62]])
        #expect(FuzzyRanking(pattern: FuzzyPattern("foo")).rankNow(lines) == [0])
        #expect(FuzzyRanking(pattern: FuzzyPattern("ab")).rankNow(lines) == [3])
        #expect(FuzzyRanking(pattern: FuzzyPattern("é")).rankNow(lines) == [3])
        // A query holding the escape of byte 0xFF matches that byte only.
        let escaped = String(String.UnicodeScalarView([Unicode.Scalar(0x10FFFF)!]))
        #expect(FuzzyRanking(pattern: FuzzyPattern(escaped)).rankNow(lines) == [0])
        for query in ["\u{FFFD}", "'\u{FFFD}", "^\u{FFFD}", "\u{FFFD}$", "!x"] {
            _ = FuzzyRanking(pattern: FuzzyPattern(query)).rankNow(lines)
        }
    }

    @Test func veryLongLinesFallBackWithoutLosingTheMatch() {
        let long = String(repeating: "ab", count: 200_000) + "xyz"
        #expect(FuzzyPattern("axyz").matches(long))
        #expect(FuzzyPattern("axyz").match(long)?.positions.count == 4)
    }

    @Test func membershipWithoutScoringAgreesWithTheScoredMatch() {
        let texts = ["src/main.swift", "  Main.py ", "İstanbul", "a$b", "foo bar", "FooBar", "日本語", "", "x", "tést"]
        let queries = ["main", "^src", "py$", "^main.py$", "!main", "'oo b", "i", "I", "fb | xyz", "$", "日本 !語", "é", "^ ", "  "]
        for query in queries {
            for text in texts {
                let filter = FilterQuery(extended: query)
                #expect(filter.matches(text) == (FuzzyPattern(query).match(text) != nil), "\(query) in \(text)")
            }
        }
    }

    @Test func aFilterRunWithAnExtendedQueryKeepsListOrder() {
        let lines = FilterStrings(["foo_bar", "fxb", "main.swift", "foobar", "test.swift"])
        let run = FilterRun(query: FilterQuery(extended: "fb !x"), rowCount: lines.count)
        #expect(Array(run.perform(over: lines).matches) == [0, 3])
    }
}

/// Ranked filter runs: the order a fuzzy finder shows.
@Suite struct RankedFilterTests {
    @Test func aRankedRunShowsTheBestMatchFirstAndFindsRowsByPosition() async throws {
        let lines = FilterStrings(["xfxoxo", "foo", "a/foo", "bar"])
        let query = FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern("foo")))
        let matches = FilterRun(query: query, rowCount: lines.count).perform(over: lines).matches
        #expect(Array(matches) == [1, 2, 0])
        #expect(matches.position(ofRow: 2) == 1 && matches.position(ofRow: 3) == nil)
        #expect(matches.insertionPosition(ofRow: 3) == 0)
        let async = try await FilterRun(query: query, rowCount: lines.count).run(over: lines, chunkSize: 1, parallelism: 2).matches
        #expect(async == matches)
        // A longer query re-ranks only the earlier matches (and rows after them).
        let narrower = FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern("foo/")))
        #expect(!narrower.isRefinement(of: FilterQuery(extended: "foo")))
        let longer = FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern("foo /")))
        #expect(longer.isRefinement(of: query))
        let refined = FilterRun(query: longer, rowCount: lines.count, startingFrom: matches).perform(over: lines).matches
        #expect(Array(refined) == [2])
        #expect(refined == FilterRun(query: longer, rowCount: lines.count).perform(over: lines).matches)
    }

    @Test func anEngineOverRankedQueriesKeepsTheirOrder() {
        let lines = FilterStrings(["zzfoo", "foo", "f_o_o"])
        var engine = FilterEngine(rowCount: lines.count)
        var action = engine.setQuery(FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern("fo"))))
        while let run = action.run { action = engine.receive(run.perform(over: lines)) }
        #expect((0..<engine.visibleCount).map(engine.row(atVisible:)) == [1, 2, 0])
        #expect(engine.visiblePosition(ofRow: 0) == 2)
    }
}

/// Rows given as raw bytes.
struct FilterBytes: FilterableText {
    let rows: [[UInt8]]
    init(_ rows: [[UInt8]]) { self.rows = rows }
    var count: Int { rows.count }
    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) { rows[row].withUnsafeBufferPointer(body) }
}
