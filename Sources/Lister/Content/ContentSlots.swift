import TerminalCore

/// A region's async content as a host runs it: the region's ``ContentModel``, the loader
/// of the key last asked for, and how far the content is scrolled.
@MainActor
final class ContentSlot<Key: Hashable & Sendable, Value: Sendable>: MessageReceiver {
    /// What the slot's loads bring back.
    enum Message: Sendable {
        case loaded(Result<Value, ListError>)
        case progress(Value)
    }

    /// Loads the value of a key, reporting what came so far.
    typealias Loader = @Sendable (Key, LoadProgress<Value>) async throws -> Value

    let region: RegionID
    private let screen: Int
    private unowned let scheduler: any LoadScheduler
    private(set) var model: ContentModel<Key, Value>
    /// The key the last frame asked for and its loader; applied after the frame.
    private var wanted: (key: Key?, load: Loader)?

    init(region: RegionID, screen: Int, timing: LoadTiming, scheduler: any LoadScheduler) {
        self.region = region
        self.screen = screen
        self.scheduler = scheduler
        model = ContentModel(timing: timing)
    }

    /// Notes that the frame being drawn shows `key`, loaded by `load`.
    func want(_ key: Key?, debounce: Duration, load: @escaping Loader) {
        wanted = (key, load)
        model.debounce = debounce
    }

    /// What the region shows for `key`: its state when the model shows that key; else the
    /// key is new (it loads once the frame is drawn) and nothing of the old one is shown.
    func state(for key: Key?) -> LoadState<Value> {
        model.key == key ? model.state : (key == nil ? .idle : .loading)
    }

    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool {
        switch message {
        case .loaded(let result): return model.receive(result, generation: load.generation, now: now)
        case .progress(let value): return model.receive(progress: value, generation: load.generation, now: now)
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
        run(model.show(wanted.key, now: now), load: wanted.load)
        return true
    }

    /// Loads the key shown again; false when none is shown.
    func refresh(now: Duration) -> Bool {
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

    func cancel() { run(model.cancel()) }

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
