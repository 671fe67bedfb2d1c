/// The values of a few keys near the one a region shows, loaded ahead (prefetched) or
/// shown before: least recently used first out, bounded by entries and by a cost (bytes).
///
/// A value is kept for its exact key and for one ``Stamp``: asked with another stamp
/// (the rows or the screen changed since), the cache has nothing.
struct ContentCache<Key: Hashable, Value> {
    /// What the cached values were loaded from: a list's rows and screen revisions.
    struct Stamp: Equatable {
        var rows: Int
        var screen: Int
    }

    /// Most entries kept: the two neighbours, the key left, and one more.
    let entryLimit: Int
    /// Most cost kept, summed over the entries; a value costing more is not kept.
    let costLimit: Int
    private(set) var entries: [(key: Key, value: Value, cost: Int)] = []
    private(set) var stamp: Stamp?

    init(entries: Int = 4, cost: Int = 4 << 20) {
        entryLimit = entries
        costLimit = cost
    }

    /// The total cost of the entries.
    var cost: Int { entries.reduce(0) { $0 + $1.cost } }

    /// The value of `key` cached under `stamp`, if any (does not count as a use).
    func value(for key: Key, stamp: Stamp) -> Value? {
        guard stamp == self.stamp else { return nil }
        return entries.last { $0.key == key }?.value
    }

    /// Whether `key` has a value under `stamp`.
    func contains(_ key: Key, stamp: Stamp) -> Bool {
        stamp == self.stamp && entries.contains { $0.key == key }
    }

    /// Keeps `value` for `key` under `stamp` as the most recently used; entries of another
    /// stamp are dropped, and the least recently used go until the limits hold.
    mutating func insert(_ value: Value, for key: Key, cost: Int, stamp: Stamp) {
        if stamp != self.stamp { removeAll() }
        self.stamp = stamp
        entries.removeAll { $0.key == key }
        guard cost <= costLimit else { return }
        entries.append((key, value, cost))
        var total = self.cost
        while entries.count > entryLimit || total > costLimit {
            total -= entries.removeFirst().cost
        }
    }

    /// Drops every value (a refresh: what a key stands for may have changed).
    mutating func removeAll() {
        entries.removeAll()
        stamp = nil
    }
}
