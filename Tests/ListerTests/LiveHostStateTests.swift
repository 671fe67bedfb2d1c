@testable import Lister
import Testing

/// What a list's host keeps of its feed, as a value: when a batch is due, what it takes,
/// the rows not seen yet and the status words.
@Suite struct LiveHostStateTests {
    private func state() -> LiveHostState<Fruit> {
        LiveHostState(feed: LiveFeed<Fruit>(read: { _, _ in }, followsEnd: false, frameInterval: .milliseconds(16)))
    }

    @Test func aBatchIsDueOnceAFrameHasPassedSinceTheLast() {
        var live = state()
        #expect(live.deadline == nil && !live.isDue(now: .seconds(1)))  // nothing waits
        live.isPending = true
        #expect(live.isDue(now: .zero))  // the first batch at once
        live.noteApplied(unseen: 0, note: nil, now: .seconds(1), atEnd: true)
        #expect(live.deadline == .seconds(1) + .milliseconds(16))
        #expect(!live.isDue(now: .seconds(1) + .milliseconds(15)))
        #expect(live.isDue(now: .seconds(1) + .milliseconds(16)))
    }

    @Test func takingABatchEmptiesTheInbox() {
        var live = state()
        #expect(live.takeBatch() == nil)  // no feed runs
        let inbox = FeedInbox<Fruit>()
        live.inbox = inbox
        live.isPending = true
        _ = inbox.put(.remove(1))
        _ = inbox.put(.remove(2))
        #expect(live.takeBatch()?.count == 2)
        #expect(!live.isPending)
        #expect(live.takeBatch() == nil)
    }

    @MainActor @Test func rowsAddedBelowAreCountedUntilTheUserIsOnTheLastRow() {
        var live = state()
        live.noteApplied(unseen: 3, note: .some("grew"), now: .zero, atEnd: false)
        live.noteApplied(unseen: 2, note: nil, now: .zero, atEnd: false)  // no note: the last one stays
        var line = StatusLine(selected: 0, ofShown: 5, total: 5, more: false)
        live.say(.live, on: &line)
        #expect(line.words == ["grew", "5 new ↓"])
        live.noteApplied(unseen: 1, note: nil, now: .zero, atEnd: true)
        line = StatusLine(selected: 0, ofShown: 5, total: 5, more: false)
        live.say(.settled, on: &line)
        #expect(line.words.isEmpty)
        live.say(.liveEnded, on: &line)
        #expect(line.words == ["grew"])
    }
}
