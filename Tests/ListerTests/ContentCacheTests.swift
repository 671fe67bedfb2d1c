@testable import Lister
import Testing

/// The cache of values loaded ahead, and the model taking one.
@Suite struct ContentCacheTests {
    let stamp = ContentCache<Int, String>.Stamp(rows: 1, screen: 0)

    @Test func theLeastRecentlyUsedGoFirstByEntriesAndByCost() {
        var cache = ContentCache<Int, String>(entries: 3, cost: 100)
        for key in 1...4 { cache.insert("v\(key)", for: key, cost: 10, stamp: stamp) }
        #expect(cache.entries.map(\.key) == [2, 3, 4], "four entries in a cache of three: the oldest went")
        cache.insert("v2", for: 2, cost: 10, stamp: stamp)
        cache.insert("big", for: 5, cost: 85, stamp: stamp)
        #expect(cache.entries.map(\.key) == [2, 5], "85 + 10 fits in 100; 3 and 4 were used least recently")
        cache.insert("huge", for: 6, cost: 101, stamp: stamp)
        #expect(cache.value(for: 6, stamp: stamp) == nil, "a value costing more than the whole cache is not kept")
        #expect(cache.cost == 95)
    }

    @Test func aValueIsForItsStampOnly() {
        var cache = ContentCache<Int, String>()
        cache.insert("old rows", for: 1, cost: 1, stamp: stamp)
        let later = ContentCache<Int, String>.Stamp(rows: 2, screen: 0)
        #expect(cache.value(for: 1, stamp: later) == nil)
        cache.insert("new rows", for: 2, cost: 1, stamp: later)
        #expect(cache.entries.map(\.key) == [2], "values of the old rows are dropped")
        cache.removeAll()
        #expect(cache.value(for: 2, stamp: later) == nil)
    }

    @Test func aCachedValueIsShownWithNoLoadAndNoDebounce() {
        var model = ContentModel<Int, String>(debounce: .milliseconds(100))
        #expect(model.show(1, now: .zero) == [])
        let effects = model.show(2, cached: "two", now: .milliseconds(10))
        #expect(effects.isEmpty, "nothing was started for 1 yet (debounce); nothing starts for 2")
        #expect(loaded(model) == "two")
        #expect(model.isSettled && model.nextDeadline(after: .milliseconds(10)) == nil)
        #expect(model.show(2, cached: "other", now: .milliseconds(20)) == [], "the key shown keeps its value")
        #expect(loaded(model) == "two")
    }

    func loaded(_ model: ContentModel<Int, String>) -> String? {
        if case .loaded(let value) = model.state { return value }
        return nil
    }
}
