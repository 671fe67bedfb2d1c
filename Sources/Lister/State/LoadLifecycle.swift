/// The life of the loads of one screen: generations, the spinner's delay and minimum, and
/// stale results, shared by list and detail models.
///
/// A foreground load (nothing to show yet) arms the spinner; a background load (a refresh
/// behind visible content) does not. Starting a load cancels the one in flight. A result
/// arriving while the spinner has not yet shown for its minimum is held back and released
/// by ``advance(to:)``.
public struct LoadLifecycle<Output: Sendable> {
    /// What the runtime must do after a transition.
    public enum Effect: Hashable, Sendable {
        /// Start the load of this generation.
        case start(generation: Int)
        /// Cancel the load of this generation.
        case cancel(generation: Int)
    }

    /// What became of a result.
    public enum Delivery {
        /// Apply it now.
        case apply(Result<Output, ListError>)
        /// Held until the spinner has shown for its minimum.
        case held
        /// From a superseded or cancelled load: dropped.
        case stale
    }

    /// The generation of the newest load.
    public private(set) var generation = 0
    /// Whether the load of the current generation is in flight.
    public private(set) var isInFlight = false
    /// Whether the current load is in the background (content stays visible).
    public private(set) var isBackground = false
    /// Spinner delay, minimum and frame interval.
    public var timing: LoadTiming

    private var startedAt: Duration?
    private var spinnerShownAt: Duration?
    private var held: Result<Output, ListError>?

    /// Creates a lifecycle with no load yet.
    public init(timing: LoadTiming) { self.timing = timing }

    /// Starts a new load, cancelling the one in flight. A foreground load arms the spinner.
    public mutating func start(now: Duration, background: Bool) -> [Effect] {
        let effects = cancelInFlight() + [.start(generation: generation + 1)]
        generation += 1
        isInFlight = true
        isBackground = background
        held = nil
        spinnerShownAt = nil
        startedAt = background ? nil : now
        return effects
    }

    /// Cancels the load in flight, if any, and forgets the spinner.
    public mutating func cancel() -> [Effect] {
        let effects = cancelInFlight()
        generation += 1
        reset()
        return effects
    }

    private mutating func cancelInFlight() -> [Effect] {
        guard isInFlight else { return [] }
        isInFlight = false
        return [.cancel(generation: generation)]
    }

    private mutating func reset() {
        startedAt = nil
        spinnerShownAt = nil
        held = nil
        isBackground = false
    }

    /// Takes the result of the load of `generation`.
    public mutating func receive(_ result: Result<Output, ListError>, generation: Int, now: Duration) -> Delivery {
        guard generation == self.generation, isInFlight else { return .stale }
        isInFlight = false
        if let shown = spinnerShownAt, now < shown + timing.spinnerMinimum {
            held = result
            return .held
        }
        reset()
        return .apply(result)
    }

    /// Whether the spinner is showing.
    public var isSpinnerVisible: Bool { spinnerShownAt != nil }

    /// The spinner frame to draw at `now`.
    public func spinnerFrame(at now: Duration) -> Int {
        guard let shown = spinnerShownAt, timing.frameInterval > .zero else { return 0 }
        return Int((now - shown) / timing.frameInterval)
    }

    /// Moves time forward. Returns whether the spinner appeared or a frame may have turned,
    /// and a held result that is now due.
    public mutating func advance(to now: Duration) -> (changed: Bool, released: Result<Output, ListError>?) {
        var changed = false
        if spinnerShownAt == nil, let started = startedAt, now >= started + timing.spinnerDelay {
            spinnerShownAt = started + timing.spinnerDelay
            changed = true
        }
        if let result = held, let shown = spinnerShownAt, now >= shown + timing.spinnerMinimum {
            reset()
            return (true, result)
        }
        return (changed || spinnerShownAt != nil, nil)
    }

    /// The next moment something changes on its own, or nil when nothing will.
    public func nextDeadline(after now: Duration) -> Duration? {
        if spinnerShownAt == nil, let started = startedAt { return started + timing.spinnerDelay }
        guard let shown = spinnerShownAt else { return nil }
        var deadline = shown + timing.frameInterval * (spinnerFrame(at: now) + 1)
        if held != nil { deadline = min(deadline, shown + timing.spinnerMinimum) }
        return deadline
    }
}
