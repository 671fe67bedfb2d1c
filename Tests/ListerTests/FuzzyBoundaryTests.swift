@testable import Lister
import Testing

/// fzf's `'abc'` term: an exact match with no letter or digit on either side, scored by
/// the bonus of its first character less a point or two for `_` beside it (as fzf 0.74.5
/// parses, matches and scores it, checked by running it).
@Suite struct FuzzyBoundaryTests {
    private func term(_ token: String, _ options: FuzzyPattern.Options = .init()) -> FuzzyPattern.Term? {
        FuzzyPattern(token, options: options).groups.first?.first
    }

    private func matching(_ query: String, _ lines: [String], _ options: FuzzyPattern.Options = .init()) -> [String] {
        lines.filter { FuzzyPattern(query, options: options).matches($0) }
    }

    @Test func quotesOnBothSidesMakeABoundaryTerm() {
        #expect(term("'xyz'")?.kind == .boundary)
        #expect(term("'xyz'")?.scalars == Array("xyz".unicodeScalars.map(\.value)))
        // One character between the quotes is enough; two quotes alone are the exact term `'`.
        #expect(term("'a'")?.kind == .boundary)
        #expect(term("''")?.kind == .exact)
        #expect(term("''")?.scalars == [UInt32(UInt8(ascii: "'"))])
        #expect(term("'''")?.kind == .boundary)
        #expect(term("'''")?.scalars == [UInt32(UInt8(ascii: "'"))])
        // `!` inverts it; `-e` does not change it; a `$` after it is dropped, as fzf drops it.
        #expect(term("!'xyz'")?.kind == .boundary)
        #expect(term("!'xyz'")?.isInverse == true)
        #expect(term("'xyz'", .init(exact: true))?.kind == .boundary)
        #expect(term("'xyz'$")?.kind == .boundary)
        // `^` first: a prefix that starts with a quote; without the extended syntax: fuzzy text.
        #expect(term("^'xyz'")?.kind == .prefix)
        #expect(term("'xyz'", .init(extended: false))?.kind == .fuzzy)
        #expect(term("'Xyz'")?.isCaseSensitive == true)
    }

    @Test func aBoundaryIsTheLineEndOrACharacterThatIsNeitherLetterNorDigit() {
        let lines = ["xyz", "xyz1", "1xyz", "xyz_a", "Xyz", "foo.xyz", "fooXyz", "foo\txyz", "xyzé", "éxyz", "[xyz]", "a/xyz,b",
                     "xyz\u{301}", "xxyz", "xyzx"]
        #expect(matching("'xyz'", lines) == ["xyz", "xyz_a", "Xyz", "foo.xyz", "foo\txyz", "[xyz]", "a/xyz,b", "xyz\u{301}"])
        #expect(matching("!'xyz'", lines) == ["xyz1", "1xyz", "fooXyz", "xyzé", "éxyz", "xxyz", "xyzx"])
        #expect(matching("'Xyz'", lines) == ["Xyz"])
        // A term that starts or ends with a non-word character needs a boundary beyond it.
        #expect(matching("'-c'", ["ab-cd", "ab -c", "-c"]) == ["ab -c", "-c"])
        #expect(matching("'''", ["'", "a ' b", "it's"]) == ["'", "a ' b"])
    }

    @Test func aLaterOccurrenceAtBoundariesIsFound() {
        // The first `xyz` is inside a word; the second stands alone.
        let match = FuzzyPattern("'xyz'").match("axyz xyz")
        #expect(match?.positions == [5, 6, 7])
    }

    @Test func theScoreIsTheFirstCharactersBonusLessUnderscores() {
        func score(_ line: String, _ scheme: FuzzyScheme = .default) -> Int? {
            FuzzyPattern("'xyz'", options: .init(scheme: scheme)).match(line)?.score
        }
        // The default scheme: 16 per character and 10 (after white space) four times, plus
        // the first character's bonus: 10 after white space, 9 after a delimiter, 8 after
        // another non-word character, 10 at the start.
        #expect(score(" xyz ") == 98)
        #expect(score("xyz") == 98)
        #expect(score("/xyz/") == 97)
        #expect(score("[xyz]") == 96)
        // `_` before takes two points, after one more (or, alone after, the bonus above 8 and one).
        #expect(score("-xyz_") == 95)
        #expect(score("_xyz-") == 94)
        #expect(score("_xyz_") == 93)
        #expect(score(" xyz_") == 95)
        // The path scheme: `/` scores 9, white space and the start of the line 8 (not 9, as
        // fuzzy terms have it at the start), and the base counts 8 per character and once more.
        #expect(score("/xyz/", .path) == 89)
        #expect(score("xyz", .path) == 88)
        #expect(score(" xyz ", .path) == 88)
        #expect(score("_xyz_", .path) == 85)
        // History: every boundary is 8.
        #expect(score("/xyz/", .history) == 88)
        #expect(score(" xyz ", .history) == 88)
    }

    @Test func theSearchDirectionPicksWhichOccurrenceScores() {
        let line = "_xyz_ xyz", codes = line.unicodeScalars.map(\.value), pattern = Array("xyz".unicodeScalars.map(\.value))
        var bonuses: [Int32] = []
        var previous = FuzzyScheme.path.initialClass
        for code in codes {
            let current = FuzzyScheme.path.charClass(code)
            bonuses.append(FuzzyScheme.path.bonus(previous, current))
            previous = current
        }
        let forward = FuzzyScore.exactAtBoundaries(codes, codes, bonuses, pattern: pattern, scheme: .path, forward: true)
        let backward = FuzzyScore.exactAtBoundaries(codes, codes, bonuses, pattern: pattern, scheme: .path, forward: false)
        #expect(forward?.positions == [1, 2, 3])
        #expect(forward?.score == 85)
        #expect(backward?.positions == [6, 7, 8])
        #expect(backward?.score == 88)
    }

    @Test func boundaryTermsRankAndCombineWithOtherTerms() {
        let lines = FilterStrings(["xxyzx", "-xxyz", "xyzx-", "_xyz_", "_xyz-", "-xyz_", "[xyz]", "-xyz-", " xyz ", "/xyz/"])
        let ranked = FuzzyRanking(pattern: FuzzyPattern("'xyz'")).rankNow(lines).map { lines.strings[Int($0)] }
        #expect(ranked == [" xyz ", "/xyz/", "[xyz]", "-xyz-", "-xyz_", "_xyz-", "_xyz_"])
        let either = FuzzyPattern("'xyz' | foo")
        #expect(either.matches("fooXyz"))
        #expect(!either.matches("xyzz"))
    }

    @Test func typingOnAfterTheClosingQuoteIsNoRefinement() {
        let boundary = FuzzyPattern("'ab'")
        // `'ab'c` is the exact term `ab'c`: it finds `xab'c`, which `'ab'` does not.
        #expect(!FuzzyPattern("'ab'c").isRefinement(of: boundary))
        #expect(FuzzyPattern("'ab' c").isRefinement(of: boundary))
        #expect(FuzzyPattern("'ab'").isRefinement(of: FuzzyPattern("'ab")))
        #expect(FuzzyPattern("'ab'c").matches("xab'c") && !boundary.matches("xab'c"))
    }

    @Test func matchingWithoutScoringAgrees() {
        // A run that keeps list order matches without scoring, on the same boundaries.
        let lines = FilterStrings(["xyz", "axyz", "a xyz", "xyz_", "xyzé", "é xyz", "[XYZ]", "xyz1"])
        for (query, expected) in [("'xyz'", [0, 2, 3, 5, 6]), ("!'xyz'", [1, 4, 7])] {
            let run = FilterRun(query: FilterQuery(extended: query), rowCount: lines.count)
            #expect(Array(run.perform(over: lines).matches) == expected, "\(query)")
            #expect(lines.strings.indices.filter { FuzzyPattern(query).matches(lines.strings[$0]) } == expected, "\(query)")
        }
    }
}
