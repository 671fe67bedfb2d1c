import Lister
import Testing

/// A `|` group scores as fzf's: a `!` term that holds satisfies it without ending it, so a
/// later term of the group that matches gives the group its score.
@Suite struct FuzzyAlternativesTests {
    @Test func aLaterTermScoresAfterAnInverseOne() {
        let alone = FuzzyPattern("b").match("zzb")?.score
        #expect(alone != nil && alone != 0)
        #expect(FuzzyPattern("!x | b").match("zzb")?.score == alone)
        #expect(FuzzyPattern("!x | !y | b").match("zzb")?.score == alone)
        // Nothing else matches: the `!` term alone satisfies the group, with no score.
        #expect(FuzzyPattern("!x | q").match("zzb")?.score == 0)
        #expect(FuzzyPattern("!z | q").match("zzb") == nil)
    }
}
