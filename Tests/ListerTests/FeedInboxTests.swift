@testable import Lister
import Testing

/// The bounded inbox between a feed's task and its list.
@Suite struct FeedInboxTests {
    @Test func saysWhenTheHostMustHearAndWhenItIsFull() {
        let inbox = FeedInbox<Fruit>()
        #expect(inbox.put(.append([Fruit(id: 0, name: "a")])) == (wasEmpty: true, isFull: false))
        #expect(inbox.put(.remove(0)) == (wasEmpty: false, isFull: false))
        for id in 2..<FeedInbox<Fruit>.capacity - 1 { _ = inbox.put(.remove(id)) }
        #expect(inbox.put(.remove(-1)) == (wasEmpty: false, isFull: true))
        #expect(inbox.take().count == FeedInbox<Fruit>.capacity)
        #expect(inbox.put(.remove(1)).wasEmpty)
    }

    @Test func keepsOnlyTheNewestOfConsecutiveGrowSnapshots() {
        let inbox = FeedInbox<Fruit>()
        _ = inbox.put(.grow(ItemList([Fruit(id: 0, name: "a")])))
        _ = inbox.put(.grow(ItemList([Fruit(id: 0, name: "a"), Fruit(id: 1, name: "b")])))
        _ = inbox.put(.note("x"))
        _ = inbox.put(.grow(ItemList([Fruit(id: 0, name: "a")])))
        let taken = inbox.take()
        #expect(taken.count == 3)
        guard case .grow(let first) = taken[0] else { Issue.record("not a grow: \(taken[0])"); return }
        #expect(first.count == 2)
    }

    @Test func aFullInboxHoldsItsReaderUntilTheListTakesTheChanges() async {
        let inbox = FeedInbox<Fruit>()
        for id in 0..<FeedInbox<Fruit>.capacity { _ = inbox.put(.remove(id)) }
        let reader = Task { await inbox.waitForRoom() }
        // The reader waits (or has not started yet); taking the changes lets it go on.
        _ = inbox.take()
        await reader.value
        #expect(inbox.take().isEmpty)
    }
}
