import TerminalCore

/// A region's async content as a host runs it: the region's ``ContentModel``, the loader
/// of the key last asked for, and how far the content is scrolled.
@MainActor
final class ContentSlot<Key: Hashable & Sendable, Value: Sendable>: MessageReceiver {
    /// What the slot's loads bring back.
    enum Message: Sendable {
        case loaded(Result<Value, ListError>)
        case progress(Value)
        /// A prefetch of `key` ended (``ContentPrefetch``).
        case prefetched(Key, Result<Value, ListError>)
    }

    /// Loads the value of a key, reporting what came so far.
    typealias Loader = @Sendable (Key, LoadProgress<Value>) async throws -> Value

    let region: RegionID
    let screen: Int
    unowned let scheduler: any LoadScheduler
    private(set) var model: ContentModel<Key, Value>
    /// The key the last frame asked for, its loader, and how to prefetch its neighbours
    /// (nil: it does not); applied after the frame.
    private var wanted: (key: Key?, load: Loader, prefetch: ContentPrefetch<Key, Value>?)?
    /// Values of keys near the one shown, loaded ahead or shown before.
    var cache = ContentCache<Key, Value>()
    /// The prefetch in flight, the neighbours still to load, how to load them.
    var prefetching = PrefetchState<Key, Value>()

    init(region: RegionID, screen: Int, timing: LoadTiming, scheduler: any LoadScheduler) {
        self.region = region
        self.screen = screen
        self.scheduler = scheduler
        model = ContentModel(timing: timing)
    }

    /// Notes that the frame being drawn shows `key`, loaded by `load`.
    func want(_ key: Key?, debounce: Duration, prefetch: ContentPrefetch<Key, Value>? = nil, load: @escaping Loader) {
        wanted = (key, load, prefetch)
        model.debounce = debounce
    }

    /// What the region shows for `key`: its state when the model shows that key; else the
    /// key is new (it loads once the frame is drawn) and nothing of the old one is shown,
    /// unless its value was loaded ahead and is cached under `cached` (a region that
    /// prefetches; nil looks at no cache).
    func state(for key: Key?, cached stamp: ContentCache<Key, Value>.Stamp? = nil) -> LoadState<Value> {
        if model.key == key { return model.state }
        guard let key else { return .idle }
        if let stamp, let value = cache.value(for: key, stamp: stamp) { return .loaded(value) }
        return .loading
    }

    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool {
        switch message {
        case .loaded(let result): return model.receive(result, generation: load.generation, now: now)
        case .progress(let value): return model.receive(progress: value, generation: load.generation, now: now)
        case .prefetched(let key, let result):
            receivePrefetch(key, result, generation: load.generation)
            return false  // nothing shown changed: the value waits for its key
        }
    }

    /// Applies the key the last frame asked for; false when no frame asked (the region
    /// is gone, and the slot cancels its load).
    func settleFrame(now: Duration) -> Bool {
        guard let wanted else {
            run(model.cancel())
            return false
        }
        self.wanted = nil
        let left = model.key.map { ($0, model.state) }
        let cached = wanted.prefetch.flatMap { prefetch in wanted.key.flatMap { cache.value(for: $0, stamp: prefetch.stamp) } }
        run(model.show(wanted.key, cached: cached, now: now), load: wanted.load)
        followPrefetch(wanted.prefetch, left: left)
        return true
    }

    /// Loads the key shown again, dropping every value loaded ahead; false when no key is
    /// shown.
    func refresh(now: Duration) -> Bool {
        dropPrefetched()
        let effects = model.refresh(now: now)
        run(effects)
        return !effects.isEmpty
    }

    func advance(to now: Duration) -> Bool {
        guard !model.isSettled else { return false }
        let step = model.advance(to: now)
        run(step.effects)
        return step.changed || !step.effects.isEmpty
    }

    func nextDeadline(after now: Duration) -> Duration? { model.nextDeadline(after: now) }

    func cancel() {
        dropPrefetched()
        run(model.cancel())
    }

    /// The loader used for the key now shown (set by the frame that asked for it).
    private var loader: Loader?

    private func run(_ effects: [ContentModel<Key, Value>.Effect], load: Loader? = nil) {
        if let load { loader = load }
        for effect in effects {
            switch effect {
            case .cancel(let generation):
                scheduler.cancelLoad(LoadID(screen: screen, stream: .content(region), generation: generation))
            case .start(let key, let generation):
                guard let loader else { continue }
                let reply = Reply(to: self)
                scheduler.startLoad(LoadID(screen: screen, stream: .content(region), generation: generation)) { report in
                    let progress = LoadProgress<Value> { report(reply(.progress($0))) }
                    let result: Result<Value, ListError>
                    do {
                        let value = try await loader(key, progress)
                        try Task.checkCancellation()
                        result = .success(value)
                    } catch {
                        result = .failure(ListError(error))
                    }
                    return reply(.loaded(result), summary: LoadSummary(result))
                }
            }
        }
    }
}

/// The regions of a screen that show async content, by region: the body asks for a key
/// while it is drawn, and once a frame has really been drawn (not one drawn ahead) each
/// region's load follows the key it asked for; a region no frame asked for is cancelled.
@MainActor
final class ContentRegistry {
    private var slots: [RegionID: AnyContentSlot] = [:]
    private let screen: Int
    private let timing: LoadTiming
    private unowned let scheduler: any LoadScheduler
    /// False while a frame is drawn ahead: what it asks for is not noted.
    var isRecording = true

    init(screen: Int, timing: LoadTiming, scheduler: any LoadScheduler) {
        self.screen = screen
        self.timing = timing
        self.scheduler = scheduler
    }

    /// The slot of `region` for content of this type, made on first use.
    func slot<Key, Value>(_ region: RegionID, _: Key.Type = Key.self, _: Value.Type = Value.self) -> ContentSlot<Key, Value> {
        if let slot = slots[region]?.base as? ContentSlot<Key, Value> { return slot }
        slots[region]?.cancel()
        let slot = ContentSlot<Key, Value>(region: region, screen: screen, timing: timing, scheduler: scheduler)
        slots[region] = AnyContentSlot(slot)
        return slot
    }

    /// The slot of `region`, if it exists with content of this type.
    func existingSlot<Key, Value>(_ region: RegionID, _: Key.Type, _: Value.Type) -> ContentSlot<Key, Value>? {
        slots[region]?.base as? ContentSlot<Key, Value>
    }

    /// After a frame: each region loads the key it asked for; regions not drawn stop.
    func settleFrame(now: Duration) {
        guard !slots.isEmpty else { return }
        for (region, slot) in slots where !slot.settleFrame(now) { slots[region] = nil }
    }

    /// `r`: every region loads its key again; false when no region shows a key.
    @discardableResult
    func refresh(now: Duration) -> Bool {
        var any = false
        for slot in slots.values where slot.refresh(now) { any = true }
        return any
    }

    func advance(to now: Duration) -> Bool {
        var changed = false
        for slot in slots.values where slot.advance(now) { changed = true }
        return changed
    }

    func nextDeadline(after now: Duration) -> Duration? {
        slots.values.compactMap { $0.nextDeadline(now) }.min()
    }

    var isSettled: Bool { slots.values.allSatisfy { $0.isSettled() } }

    func cancelAll() {
        for slot in slots.values { slot.cancel() }
        slots.removeAll()
    }
}

/// A slot of any content type, as the registry keeps it.
@MainActor
private struct AnyContentSlot {
    let base: AnyObject
    let settleFrame: (Duration) -> Bool
    let refresh: (Duration) -> Bool
    let advance: (Duration) -> Bool
    let nextDeadline: (Duration) -> Duration?
    let isSettled: () -> Bool
    let cancel: () -> Void

    init<Key, Value>(_ slot: ContentSlot<Key, Value>) {
        base = slot
        settleFrame = { slot.settleFrame(now: $0) }
        refresh = { slot.refresh(now: $0) }
        advance = { slot.advance(to: $0) }
        nextDeadline = { slot.nextDeadline(after: $0) }
        isSettled = { slot.model.isSettled }
        cancel = { slot.cancel() }
    }
}
