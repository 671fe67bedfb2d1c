extension ListModel {
    /// Whether the spinner is showing at `now` (call ``advance(to:)`` first).
    public var isSpinnerVisible: Bool { loads.isSpinnerVisible }

    /// The spinner frame to draw at `now`.
    public func spinnerFrame(at now: Duration) -> Int { loads.spinnerFrame(at: now) }

    /// Whether time can change nothing (see ``LoadLifecycle/isSettled``): no load in
    /// flight that shows a spinner or can time out, no spinner, no held result.
    public var isSettled: Bool { loads.isSettled }

    /// Moves time forward: shows the spinner when its delay has passed and applies a held
    /// result when the spinner's minimum has passed. Returns whether anything changed.
    ///
    /// Timeouts are a separate transition, ``timeOut(now:)``, because they cancel a load.
    @discardableResult
    public mutating func advance(to now: Duration) -> Bool {
        let step = loads.advance(to: now)
        if let released = step.released { apply(released) }
        return step.changed
    }

    /// When the load in flight times out if nothing comes back, or nil.
    public var timeoutDeadline: Duration? { loads.timeoutDeadline }

    /// Fails the load in flight when it has brought nothing for ``timeout``: it is
    /// cancelled, and it fails as "timed out after 30 s", which `r` retries like any error
    /// (a page keeps the rows; a refresh keeps them too).
    public mutating func timeOut(now: Duration) -> [Effect] {
        guard let timedOut = loads.timeOut(now: now) else { return [] }
        let effects = timedOut.effects.map { effect($0, page: activity.page) }
        apply(.failure(timedOut.error))
        return effects
    }

    /// The next moment something changes on its own (spinner appears, frame turns, held
    /// result applies, a load times out), or nil when nothing will: the app then sleeps
    /// until an event.
    public func nextDeadline(after now: Duration) -> Duration? { loads.nextDeadline(after: now) }
}
