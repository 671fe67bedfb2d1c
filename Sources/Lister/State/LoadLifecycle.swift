/// The life of the loads of one screen: generations, the spinner's delay and minimum, and
/// stale results, shared by list and detail models.
///
/// A foreground load (nothing to show yet) arms the spinner; a background load (a refresh
/// behind visible content) does not. Starting a load cancels the one in flight. A result
/// arriving while the spinner has not yet shown for its minimum is held back and released
/// by ``advance(to:)``. A load that brings nothing for ``timeout`` is cancelled by
/// ``timeOut(now:)`` and fails as "timed out after 30 s"; a stream that reports rows with
/// ``progress(generation:now:contentShown:)`` starts its timeout again with each report, so
/// a stream that is still producing never times out.
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
    /// How long a load may bring nothing before ``timeOut(now:)`` fails it; nil (the
    /// default) waits for ever.
    public var timeout: Duration?

    private var startedAt: Duration?
    private var requestedAt: Duration?
    private var spinnerShownAt: Duration?
    private var held: Result<Output, ListError>?

    /// Creates a lifecycle with no load yet.
    public init(timing: LoadTiming) { self.timing = timing }

    /// Starts a new load, cancelling the one in flight. A foreground load arms the spinner.
    public mutating func start(now: Duration, background: Bool) -> [Effect] {
        // `append`, not `+`: in this generic code `+` asks the runtime for the array's
        // iterator type, which checks `Array: Collection` by a scan of every conformance
        // record before the first frame (docs/PERFORMANCE.md, "Start-up: conformance scans").
        var effects = cancelInFlight()
        effects.append(.start(generation: generation + 1))
        generation += 1
        isInFlight = true
        isBackground = background
        held = nil
        spinnerShownAt = nil
        startedAt = background ? nil : now
        requestedAt = now
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
        requestedAt = nil
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
        requestedAt = nil
        if let shown = spinnerShownAt, now < shown + timing.spinnerMinimum {
            held = result
            return .held
        }
        reset()
        return .apply(result)
    }

    /// Takes word that the load of `generation` is still bringing something (rows of a
    /// stream): its timeout starts again, and with `contentShown` the spinner goes away
    /// because the rows show instead. Returns false for a stale or finished load.
    public mutating func progress(generation: Int, now: Duration, contentShown: Bool) -> Bool {
        guard generation == self.generation, isInFlight else { return false }
        requestedAt = now
        if contentShown {
            startedAt = nil
            spinnerShownAt = nil
        }
        return true
    }

    /// Says that the rows show while the load in flight runs (it continues rows already
    /// there), so the spinner is not armed for it.
    public mutating func markContentShown() {
        startedAt = nil
        spinnerShownAt = nil
    }

    /// Whether the spinner is showing.
    public var isSpinnerVisible: Bool { spinnerShownAt != nil }

    /// The spinner frame to draw at `now`.
    public func spinnerFrame(at now: Duration) -> Int {
        guard let shown = spinnerShownAt, timing.frameInterval > .zero else { return 0 }
        return Int((now - shown) / timing.frameInterval)
    }

    /// Whether time can change nothing: no spinner is due or showing (a result is held only
    /// while the spinner shows) and no load can time out. Then ``advance(to:)`` and
    /// ``timeOut(now:)`` do nothing and ``nextDeadline(after:)`` is nil, so a host may skip
    /// them; it reads no generic storage, which matters on the path of every key.
    public var isSettled: Bool { startedAt == nil && spinnerShownAt == nil && timeoutDeadline == nil }

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

    /// When the load in flight times out if nothing comes back, or nil.
    public var timeoutDeadline: Duration? {
        guard isInFlight, let requestedAt, let timeout else { return nil }
        return requestedAt + timeout
    }

    /// Cancels the load in flight when it has brought nothing for ``timeout`` by `now`, and
    /// returns the cancel effect with the error the load fails with; nil when nothing timed
    /// out. A late result of the cancelled load is stale.
    public mutating func timeOut(now: Duration) -> (effects: [Effect], error: ListError)? {
        guard let deadline = timeoutDeadline, now >= deadline, let timeout else { return nil }
        let effects = cancelInFlight()
        reset()
        return (effects, ListError("timed out after \(Self.describe(timeout))"))
    }

    /// The next moment something changes on its own (spinner appears, frame turns, a held
    /// result is due, a load times out), or nil when nothing will.
    public func nextDeadline(after now: Duration) -> Duration? {
        var deadlines: [Duration] = []
        if let timeout = timeoutDeadline { deadlines.append(timeout) }
        if spinnerShownAt == nil, let started = startedAt {
            deadlines.append(started + timing.spinnerDelay)
        } else if let shown = spinnerShownAt {
            deadlines.append(shown + timing.frameInterval * (spinnerFrame(at: now) + 1))
            if held != nil { deadlines.append(shown + timing.spinnerMinimum) }
        }
        return deadlines.min()
    }

    /// `30 s`, `1.5 s`, `250 ms`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        if milliseconds == 0 { return "\(seconds) s" }
        if seconds == 0 { return "\(milliseconds) ms" }
        let tenths = milliseconds / 100
        return tenths * 100 == milliseconds ? "\(seconds).\(tenths) s" : "\(seconds * 1000 + milliseconds) ms"
    }
}
