extension ListModel {
    /// Whether the spinner is showing at `now` (call ``advance(to:)`` first).
    public var isSpinnerVisible: Bool { spinnerShownAt != nil }

    /// The spinner frame to draw at `now`.
    public func spinnerFrame(at now: Duration) -> Int {
        guard let shown = spinnerShownAt, timing.frameInterval > .zero else { return 0 }
        return Int((now - shown) / timing.frameInterval)
    }

    /// Moves time forward: shows the spinner when its delay has passed and applies a held
    /// result when the spinner's minimum has passed. Returns whether anything changed.
    ///
    /// Timeouts are a separate transition, ``timeOut(now:)``, because they cancel a load.
    @discardableResult
    public mutating func advance(to now: Duration) -> Bool {
        var changed = false
        if spinnerShownAt == nil, let started = loadStartedAt, state.isLoading, now >= started + timing.spinnerDelay {
            spinnerShownAt = started + timing.spinnerDelay
            changed = true
        }
        if let held = heldResult, let shown = spinnerShownAt, now >= shown + timing.spinnerMinimum {
            apply(held)
            changed = true
        }
        return changed
    }

    /// When the load in flight times out if nothing comes back, or nil.
    public var timeoutDeadline: Duration? {
        guard isLoadInFlight, let started = requestStartedAt, let timeout else { return nil }
        return started + timeout
    }

    /// Fails the load in flight when it has brought nothing for ``timeout``: it is
    /// cancelled, and it fails as "timed out after 30 s", which `r` retries like any error
    /// (a page keeps the rows; a refresh keeps them too).
    public mutating func timeOut(now: Duration) -> [Effect] {
        guard let deadline = timeoutDeadline, now >= deadline, let timeout else { return [] }
        let page = pendingPage
        let effects = cancelInFlight()
        pendingPage = page  // `apply` needs to know what timed out
        apply(.failure(ListError("timed out after \(Self.describe(timeout))")))
        return effects
    }

    /// The next moment something changes on its own (spinner appears, frame turns, held
    /// result applies, a load times out), or nil when nothing will: the app then sleeps
    /// until an event.
    public func nextDeadline(after now: Duration) -> Duration? {
        var deadlines: [Duration] = []
        if let timeout = timeoutDeadline { deadlines.append(timeout) }
        if spinnerShownAt == nil, let started = loadStartedAt, state.isLoading {
            deadlines.append(started + timing.spinnerDelay)
        } else if let shown = spinnerShownAt {
            deadlines.append(shown + timing.frameInterval * (spinnerFrame(at: now) + 1))
            if heldResult != nil { deadlines.append(shown + timing.spinnerMinimum) }
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
