/// How a region prefetches, as the frame that shows its key says: the keys next to it
/// (the previews of the items Down and Up would select) and what a value costs to keep.
@MainActor
struct ContentPrefetch<Key: Hashable & Sendable, Value: Sendable> {
    /// A key next to the one shown and its loader.
    typealias Neighbour = (key: Key, load: ContentSlot<Key, Value>.Loader)

    /// What the cached values were loaded from: values of another stamp are not used.
    var stamp: ContentCache<Key, Value>.Stamp
    /// The neighbours, the likeliest next first; asked once per key shown, after a frame
    /// shows its value (never while a frame is drawn ahead).
    var neighbours: () -> [Neighbour]
    /// What a value costs in the cache (about its bytes).
    var cost: (Value) -> Int
}

/// The prefetch of a slot: at most one task running, for the key shown.
struct PrefetchState<Key: Hashable & Sendable, Value: Sendable> {
    /// How the key shown prefetches; nil when it does not.
    var prefetch: ContentPrefetch<Key, Value>?
    /// The prefetch whose task runs: its key and generation, and whether it was cancelled
    /// (its task has not ended yet: a loader may not check for cancellation).
    var running: (key: Key, generation: Int, cancelled: Bool)?
    /// The neighbours of the key shown not loaded yet; nil until they are asked for.
    var queue: [ContentPrefetch<Key, Value>.Neighbour]?
    /// The generation of the last prefetch started.
    var generation = 0
}

/// Prefetching: once a region shows the value of its key, settled, the values of the keys
/// next to it are loaded one at a time into the slot's ``ContentCache``; a frame that then
/// shows one of them shows it at once (``ContentModel/show(_:cached:now:)``).
///
/// A prefetch lives only while the key it was started for is shown: a new key cancels it,
/// and no other starts until its task has ended (one prefetch task per slot, even for a
/// loader that does not check for cancellation). Down held faster than prefetches end
/// starts none: the new key's own load comes first, and nothing is prefetched until its
/// value is shown. A failed or cancelled prefetch is not kept: the key's own load runs
/// when it is shown. A refresh drops the cache.
extension ContentSlot {
    /// After a frame: a new key cancels the prefetch of the old one and caches the old
    /// value (the item just left is a neighbour of the new one); then prefetches if due.
    func followPrefetch(_ prefetch: ContentPrefetch<Key, Value>?, left: (key: Key, state: LoadState<Value>)?) {
        if left?.key != model.key {
            cancelPrefetch()
            prefetching.queue = nil
            if let prefetch, let left, case .loaded(let value) = left.state {
                cache.insert(value, for: left.key, cost: prefetch.cost(value), stamp: prefetch.stamp)
            }
        }
        if prefetch?.stamp != prefetching.prefetch?.stamp { prefetching.queue = nil }  // the rows changed: ask again
        prefetching.prefetch = prefetch
        if prefetch == nil { cancelPrefetch() }
        prefetchIfDue()
    }

    /// Starts the next neighbour's load when the key shown has its value, settled, and no
    /// prefetch is in flight.
    func prefetchIfDue() {
        guard let prefetch = prefetching.prefetch, prefetching.running == nil, let shown = model.key,
              case .loaded = model.state, model.isSettled, !model.loads.isInFlight
        else { return }
        if prefetching.queue == nil { prefetching.queue = prefetch.neighbours() }
        while var queue = prefetching.queue, !queue.isEmpty {
            let next = queue.removeFirst()
            prefetching.queue = queue
            guard next.key != shown, !cache.contains(next.key, stamp: prefetch.stamp) else { continue }
            start(next)
            return
        }
    }

    /// A prefetch ended: its value is kept when it was not cancelled and it succeeded; then
    /// the next neighbour loads.
    func receivePrefetch(_ key: Key, _ result: Result<Value, ListError>, generation: Int) {
        guard let running = prefetching.running, running.generation == generation, running.key == key else { return }
        prefetching.running = nil
        if !running.cancelled, case .success(let value) = result, let prefetch = prefetching.prefetch {
            cache.insert(value, for: key, cost: prefetch.cost(value), stamp: prefetch.stamp)
        }
        prefetchIfDue()
    }

    /// Cancels the prefetch in flight and forgets every value loaded ahead.
    func dropPrefetched() {
        cancelPrefetch()
        prefetching.queue = nil
        cache.removeAll()
    }

    /// Cancels the prefetch running; its task counts as running until it ends.
    func cancelPrefetch() {
        guard let running = prefetching.running, !running.cancelled else { return }
        prefetching.running?.cancelled = true
        scheduler.cancelLoad(LoadID(screen: screen, stream: .prefetch(region), generation: running.generation))
    }

    private func start(_ neighbour: ContentPrefetch<Key, Value>.Neighbour) {
        prefetching.generation += 1
        let generation = prefetching.generation
        prefetching.running = (neighbour.key, generation, false)
        let reply = Reply(to: self)
        let (key, load) = neighbour
        scheduler.startLoad(LoadID(screen: screen, stream: .prefetch(region), generation: generation)) {
            let result: Result<Value, ListError>
            do {
                // What a prefetch reports as it goes is not shown: it is not the key shown.
                let value = try await load(key, LoadProgress { _ in })
                try Task.checkCancellation()
                result = .success(value)
            } catch {
                result = .failure(ListError(error))
            }
            return reply(.prefetched(key, result))
        }
    }
}
