/// When the spinner appears and how long it stays.
///
/// Fast loads never flash a spinner: it appears only after `spinnerDelay`, and once shown
/// it stays at least `spinnerMinimum`, holding back a result that arrives sooner.
public struct LoadTiming: Hashable, Sendable {
    /// How long a load runs before the spinner appears.
    public var spinnerDelay: Duration
    /// The least time a spinner stays once shown.
    public var spinnerMinimum: Duration
    /// Time between spinner frames.
    public var frameInterval: Duration

    /// Creates timings; the defaults suit people: 100 ms delay, 300 ms minimum, 80 ms frames.
    public init(
        spinnerDelay: Duration = .milliseconds(100),
        spinnerMinimum: Duration = .milliseconds(300),
        frameInterval: Duration = .milliseconds(80)
    ) {
        self.spinnerDelay = spinnerDelay
        self.spinnerMinimum = spinnerMinimum
        self.frameInterval = frameInterval
    }
}
