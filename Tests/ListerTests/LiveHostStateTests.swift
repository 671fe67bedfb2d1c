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

    @Test func theFeedStartsOnceALoadAndOpensOnTheLastRowOnlyTheFirstTime() {
        var live = LiveHostState(feed: LiveFeed<Fruit>(read: { _, _ in }, followsEnd: true, frameInterval: .zero))
        live.unseen = 4
        let first = live.loadSettled(generation: 1, rowCount: 10)
        #expect(first == .starts(selectsLast: true) && live.unseen == 0)
        let again = live.loadSettled(generation: 1, rowCount: 10)
        #expect(again == .keepsRunning)  // the same load: the feed runs after it already
        let reload = live.loadSettled(generation: 2, rowCount: 10)
        #expect(reload == .starts(selectsLast: false))  // the user's place is kept after a reload
        var empty = LiveHostState(feed: LiveFeed<Fruit>(read: { _, _ in }, followsEnd: true, frameInterval: .zero))
        let none = empty.loadSettled(generation: 1, rowCount: 0)
        #expect(none == .starts(selectsLast: false))  // no row to open on
        var top = state()  // does not follow its end
        let unfollowed = top.loadSettled(generation: 1, rowCount: 10)
        #expect(unfollowed == .starts(selectsLast: false))
    }

    @Test func aMessageOfAnEarlierStartIsDropped() {
        var live = state()
        #expect(live.receive(.arrived, generation: 0) == nil)  // no feed runs
        let first = live.begin()
        var cancelled: [Int] = []
        let second = live.begin()
        _ = first.inbox.put(.remove(1))
        #expect(second.generation == first.generation + 1)
        #expect(live.receive(.arrived, generation: first.generation) == nil)
        #expect(!live.isPending)
        #expect(live.receive(.arrived, generation: second.generation) == .arrived)
        #expect(live.isPending)
        let stopped = live.stop { cancelled.append($0) }
        #expect(stopped && cancelled == [second.generation] && live.inbox == nil && !live.isPending)
        let stoppedAgain = live.stop { cancelled.append($0) }
        #expect(!stoppedAgain && cancelled == [second.generation])  // nothing runs
        #expect(live.receive(.ended(nil), generation: second.generation) == nil)  // it was stopped
    }

    @Test func refreshStartsTheFeedAgainAfterItEndedOrWhenTheListCannotLoad() {
        let live = state()
        #expect(live.restartsOnRefresh(activity: .liveEnded, canReload: true))
        #expect(live.restartsOnRefresh(activity: .liveStopped(ListError("lost")), canReload: true))
        #expect(live.restartsOnRefresh(activity: .live, canReload: false))
        #expect(!live.restartsOnRefresh(activity: .live, canReload: true))  // the load runs behind the rows
        #expect(!live.restartsOnRefresh(activity: .settled, canReload: false))
    }

    @Test func theLastRowReachedCountsNothingUnseen() {
        var live = state()
        live.unseen = 3
        live.selectionMoved(atEnd: false)
        #expect(live.unseen == 3)
        live.selectionMoved(atEnd: true)
        #expect(live.unseen == 0)
    }
}
