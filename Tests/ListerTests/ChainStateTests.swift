@testable import Lister
import ListerTestSupport
import Testing

/// What a picker's chain of commands notes and applies at its end, on its own.
@MainActor
@Suite struct ChainStateTests {
    typealias Chain = ChainState<FruitScreen>

    @Test func onlyTheOutermostEndAppliesWhatWasNoted() {
        var chain: Chain?
        Chain.begin(&chain)
        Chain.begin(&chain)  // a chain run by a command of the chain
        chain?.rowChanges.append((.reloaded, clearsMarks: false))
        #expect(Chain.end(&chain) == nil && chain?.depth == 1)  // the inner one: the outer goes on
        chain?.rowChanges.append((.kept, clearsMarks: true))
        let end = Chain.end(&chain)
        #expect(chain == nil)
        #expect(end?.appliesQuery == true)  // rows kept: matched again
        #expect(end?.clearsMarks == true)
        #expect(end?.rowChanges == [.reloaded])  // the kept rows load nothing
        #expect(Chain.end(&chain) == nil)  // no chain runs
    }

    @Test func aChainThatChangedNothingAppliesNothing() {
        var chain: Chain?
        Chain.begin(&chain)
        let end = Chain.end(&chain)
        #expect(end?.appliesQuery == false && end?.clearsMarks == false && end?.rowChanges.isEmpty == true)
        Chain.begin(&chain)
        chain?.queryChanged = true
        #expect(Chain.end(&chain)?.appliesQuery == true)
    }
}
