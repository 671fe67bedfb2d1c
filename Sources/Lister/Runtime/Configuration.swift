/// Settings of a run of the app.
public struct Configuration: Sendable {
    /// The key table.
    public var keyMap: KeyMap
    /// Spinner delay, minimum and frame interval.
    public var timing: LoadTiming

    /// Creates a configuration; the defaults suit most apps.
    public init(keyMap: KeyMap = .standard, timing: LoadTiming = LoadTiming()) {
        self.keyMap = keyMap
        self.timing = timing
    }
}
