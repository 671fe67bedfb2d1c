/// A model that shows the result of one load at a time through a ``LoadLifecycle``
/// (``DetailModel``, ``ContentModel``): how it takes a result and releases a held one is
/// written here once; the model says only how a result shows (``apply(_:background:)``).
protocol LoadLifecycleModel {
    associatedtype Output: Sendable
    /// The model's loads and spinner.
    var loads: LoadLifecycle<Output> { get set }
    /// Shows `result`; `background` says it came from a refresh behind content shown.
    mutating func apply(_ result: Result<Output, ListError>, background: Bool)
}

extension LoadLifecycleModel {
    /// Takes the result of the load of `generation`: applied now, or held while the spinner
    /// shows for its minimum. False when it was stale (a superseded or cancelled load), so
    /// nothing changed.
    mutating func receiveResult(_ result: Result<Output, ListError>, generation: Int, now: Duration) -> Bool {
        let background = loads.isBackground
        switch loads.receive(result, generation: generation, now: now) {
        case .stale: return false
        case .held: return true
        case .apply(let result):
            apply(result, background: background)
            return true
        }
    }

    /// Moves the loads' time forward and applies a held result that is due; returns whether
    /// anything shown changed.
    mutating func advanceLoads(to now: Duration) -> Bool {
        let step = loads.advance(to: now)
        if let result = step.released { apply(result, background: false) }
        return step.changed
    }
}
