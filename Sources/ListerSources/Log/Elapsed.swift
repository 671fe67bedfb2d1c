/// Durations as the diagnostic log writes them.
extension ContinuousClock.Instant {
    /// Whole milliseconds from this instant to now (`ms=12` in the log).
    package var millisecondsAgo: Int {
        let elapsed = ContinuousClock.now - self
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
