import Testing
@testable import Lister

/// Which of fzf's `--bind` events a picker's snapshots make happen, and in which order.
@Suite struct PromptEventTrackerTests {
    private typealias Snapshot = PromptEventTracker.Snapshot

    private func snapshot(loading: Bool = false, query: String = "", focus: Int? = nil, result: Bool = true,
                          revision: Int = 1, rows: Bool = true) -> Snapshot {
        Snapshot(isLoading: loading, query: query, focus: focus.map { AnyHashable($0) }, hasResult: result, revision: revision,
                 hasRows: rows)
    }

    @Test func startThenLoadThenResultThenFocusAsTheFirstLoadEnds() {
        var tracker = PromptEventTracker()
        #expect(tracker.events(snapshot(loading: true, result: false, revision: 0)) == [.start])
        #expect(tracker.events(snapshot(loading: true, focus: 1, result: false, revision: 1)) == [.focus])  // rows came
        #expect(tracker.events(snapshot(focus: 1, revision: 2)) == [.load, .result])
        #expect(tracker.events(snapshot(focus: 1, revision: 2)) == [])  // nothing new: nothing again
    }

    @Test func aListReadAlreadyLoadsAtOnce() {
        var tracker = PromptEventTracker()
        #expect(tracker.events(snapshot(focus: 1)) == [.start, .load, .result, .focus])
    }

    @Test func aQueryChangesThenItsResultThenTheFocus() {
        var tracker = PromptEventTracker()
        _ = tracker.events(snapshot(focus: 1))
        #expect(tracker.events(snapshot(query: "b", focus: 1, result: false)) == [.change])  // matches still being found
        #expect(tracker.events(snapshot(query: "b", focus: 2)) == [.result, .focus])
        #expect(tracker.events(snapshot(query: "b", focus: nil)) == [])  // nothing selected: no focus
        #expect(tracker.events(snapshot(query: "b", focus: 2)) == [.focus])
    }

    @Test func aReloadLoadsAndResultsAgain() {
        var tracker = PromptEventTracker()
        _ = tracker.events(snapshot(focus: 1))
        #expect(tracker.events(snapshot(loading: true, focus: 1, revision: 1)) == [])
        #expect(tracker.events(snapshot(focus: 7, revision: 3)) == [.load, .result, .focus])
    }

    // fzf 0.74.5 fires `result` after each search: `(echo a1; sleep 2; echo b2)` gives one
    // result with a1, one with a1 and b2, then `load` and a result again.
    @Test func aStreamingLoadResultsAsRowsArriveAndAgainWhenItEnds() {
        var tracker = PromptEventTracker()
        #expect(tracker.events(snapshot(loading: true, revision: 0, rows: false)) == [.start])  // no row yet: no search
        #expect(tracker.events(snapshot(loading: true, focus: 1, revision: 1)) == [.result, .focus])
        #expect(tracker.events(snapshot(loading: true, focus: 1, revision: 1)) == [])
        #expect(tracker.events(snapshot(loading: true, focus: 1, result: false, revision: 2)) == [])  // still matching
        #expect(tracker.events(snapshot(loading: true, focus: 1, revision: 2)) == [.result])
        #expect(tracker.events(snapshot(focus: 1, revision: 2)) == [.load, .result])  // the same rows: a result again
        #expect(tracker.events(snapshot(focus: 1, revision: 2)) == [])
    }

    @Test func aQueryTypedWhileRowsStreamResultsAtOnce() {
        var tracker = PromptEventTracker()
        _ = tracker.events(snapshot(loading: true, focus: 1, revision: 1))
        #expect(tracker.events(snapshot(loading: true, query: "a", focus: 1, revision: 1)) == [.change, .result])
    }
}
