/// Everything a detail screen shows: one value through ``LoadState``, and how far its
/// content is scrolled.
public struct DetailModel<Value: Sendable>: LoadLifecycleModel {
    /// The value's state.
    public private(set) var state: LoadState<Value> = .idle
    /// A refresh is in flight while the loaded content stays visible.
    public var isRefreshing: Bool { loads.isInFlight && loads.isBackground }
    /// A refresh failed; the content shown is from before it.
    public private(set) var refreshError: ListError?
    /// The first content line shown.
    public private(set) var scrollOffset = 0
    /// The loads and the spinner.
    public internal(set) var loads: LoadLifecycle<Value>

    /// Creates a model in the `idle` state.
    public init(timing: LoadTiming = LoadTiming()) {
        loads = LoadLifecycle(timing: timing)
    }

    /// Loads, discarding any content (the spinner shows after its delay).
    public mutating func load(now: Duration) -> [LoadLifecycle<Value>.Effect] {
        state = .loading
        refreshError = nil
        return loads.start(now: now, background: false)
    }

    /// `r`: retries a failure, else reloads in the background keeping the content.
    public mutating func refresh(now: Duration) -> [LoadLifecycle<Value>.Effect] {
        guard case .loaded = state else { return load(now: now) }
        refreshError = nil
        return loads.start(now: now, background: true)
    }

    /// Cancels the load in flight (the screen is going away).
    public mutating func cancel() -> [LoadLifecycle<Value>.Effect] {
        if case .loading = state { state = .idle }
        return loads.cancel()
    }

    /// Takes the result of the load of `generation`; false when it was stale.
    @discardableResult
    public mutating func receive(_ result: Result<Value, ListError>, generation: Int, now: Duration) -> Bool {
        receiveResult(result, generation: generation, now: now)
    }

    mutating func apply(_ result: Result<Value, ListError>, background: Bool) {
        switch result {
        case .success(let value): state = .loaded(value)
        case .failure(let error):
            if background { refreshError = error } else { state = .error(error) }
        }
    }

    /// Moves time forward; returns whether anything changed.
    @discardableResult
    public mutating func advance(to now: Duration) -> Bool {
        advanceLoads(to: now)
    }

    /// Scrolls by `delta` lines within `lineCount` lines shown `height` at a time.
    public mutating func scroll(by delta: Int, lineCount: Int, height: Int) {
        scroll(to: scrollOffset + delta, lineCount: lineCount, height: height)
    }

    /// Scrolls so that line `offset` is at the top, clamped.
    public mutating func scroll(to offset: Int, lineCount: Int, height: Int) {
        scrollOffset = max(0, min(offset, lineCount - max(1, height)))
    }
}
