/// One value loaded asynchronously for a key, as an ``AsyncContentView`` shows it: the
/// state of a pane, a header or any region that shows what its key stands for.
///
/// ``show(_:now:)`` with a new key cancels the load in flight (its task is cancelled and
/// whatever it still delivers is dropped as stale), forgets the value of the old key, and
/// starts the new key's load, after ``debounce`` when one is set: keys that change faster
/// than that (Down held over a list) start one load, for the last of them. The spinner,
/// its delay and minimum, come from ``LoadLifecycle`` as for a list.
///
/// The model only decides; its effects say what to start and cancel, so the runtime runs
/// it and tests drive it on a virtual clock.
public struct ContentModel<Key: Hashable & Sendable, Value: Sendable>: LoadLifecycleModel {
    /// What the runtime must do after a transition.
    public enum Effect: Hashable, Sendable {
        /// Start the load of `key` as `generation`.
        case start(key: Key, generation: Int)
        /// Cancel the load of `generation`.
        case cancel(generation: Int)
    }

    /// The key whose value is shown or loading; nil shows nothing.
    public private(set) var key: Key?
    /// The value of ``key``: never a value of an earlier key.
    public private(set) var state: LoadState<Value> = .idle
    /// How long a new key waits before its load starts; zero starts it at once.
    public var debounce: Duration
    /// Generations, spinner and stale results.
    public internal(set) var loads: LoadLifecycle<Value>
    /// When the load of a key waiting out the debounce starts.
    public private(set) var startsAt: Duration?

    /// A model showing nothing yet.
    public init(timing: LoadTiming = LoadTiming(), debounce: Duration = .zero) {
        loads = LoadLifecycle(timing: timing)
        self.debounce = debounce
    }

    /// Shows `key`: nothing when it is the key shown; otherwise the old load is cancelled
    /// and the new one starts (after the debounce). Nil shows nothing and loads nothing.
    public mutating func show(_ key: Key?, now: Duration) -> [Effect] {
        show(key, cached: nil, now: now)
    }

    /// Shows `key` as ``show(_:now:)`` does, but with `cached`, its value loaded ahead
    /// (prefetched), at once: no load starts and the debounce is skipped. A `cached` value
    /// is only taken for a new key; for the key shown nothing changes.
    public mutating func show(_ key: Key?, cached: Value?, now: Duration) -> [Effect] {
        guard key != self.key else { return [] }
        self.key = key
        var effects = wrap(loads.cancel())
        startsAt = nil
        guard key != nil else {
            state = .idle
            return effects
        }
        if let cached {
            state = .loaded(cached)
            return effects
        }
        state = .loading
        if debounce > .zero {
            startsAt = now + debounce
        } else {
            effects += start(now: now, background: false)
        }
        return effects
    }

    /// Loads the key shown again: a failure is retried with the spinner; a value stays
    /// while the new one loads. Nothing when no key is shown.
    public mutating func refresh(now: Duration) -> [Effect] {
        guard key != nil else { return [] }
        startsAt = nil
        if case .loaded = state { return start(now: now, background: true) }
        state = .loading
        return start(now: now, background: false)
    }

    /// Cancels the load in flight or waiting (the region went away); the key is forgotten.
    public mutating func cancel() -> [Effect] {
        key = nil
        state = .idle
        startsAt = nil
        return wrap(loads.cancel())
    }

    /// Takes the result of the load of `generation`; false when it was stale (an older key
    /// or a cancelled load), so nothing changed.
    @discardableResult
    public mutating func receive(_ result: Result<Value, ListError>, generation: Int, now: Duration) -> Bool {
        receiveResult(result, generation: generation, now: now)
    }

    /// Takes what the load of `generation` has brought so far (a command's output while it
    /// runs): it is shown at once and the load goes on. False when stale.
    @discardableResult
    public mutating func receive(progress value: Value, generation: Int, now: Duration) -> Bool {
        guard loads.progress(generation: generation, now: now, contentShown: true) else { return false }
        state = .loaded(value)
        return true
    }

    /// Moves time forward: starts a load whose debounce is over, shows the spinner, releases
    /// a held result. Returns whether anything shown changed, and the effects to run.
    public mutating func advance(to now: Duration) -> (changed: Bool, effects: [Effect]) {
        var effects: [Effect] = []
        if let due = startsAt, now >= due {
            startsAt = nil
            effects = start(now: now, background: false)
        }
        return (advanceLoads(to: now), effects)
    }

    /// The next moment something changes on its own (a debounce ends, the spinner turns),
    /// or nil.
    public func nextDeadline(after now: Duration) -> Duration? {
        [startsAt, loads.nextDeadline(after: now)].compactMap { $0 }.min()
    }

    /// Whether time can change nothing now.
    public var isSettled: Bool { startsAt == nil && loads.isSettled }

    /// Whether the spinner is showing.
    public var isSpinnerVisible: Bool { loads.isSpinnerVisible }

    /// The spinner frame to draw at `now`.
    public func spinnerFrame(at now: Duration) -> Int { loads.spinnerFrame(at: now) }

    private mutating func start(now: Duration, background: Bool) -> [Effect] {
        guard let key else { return [] }
        return loads.start(now: now, background: background).map { effect in
            switch effect {
            case .start(let generation): return .start(key: key, generation: generation)
            case .cancel(let generation): return .cancel(generation: generation)
            }
        }
    }

    private func wrap(_ effects: [LoadLifecycle<Value>.Effect]) -> [Effect] {
        effects.compactMap { effect in
            if case .cancel(let generation) = effect { return .cancel(generation: generation) }
            return nil
        }
    }

    mutating func apply(_ result: Result<Value, ListError>, background: Bool) {
        switch result {
        case .success(let value): state = .loaded(value)
        case .failure(let error):
            // A failed refresh behind a value keeps the value: the region says nothing
            // wrong about what it shows, and `r` tries again.
            if !background { state = .error(error) }
        }
    }
}
