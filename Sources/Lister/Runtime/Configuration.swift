import Logging

/// Settings of a run of the app.
public struct Configuration: Sendable {
    /// The key table.
    public var keyMap: KeyMap
    /// Spinner delay, minimum and frame interval.
    public var timing: LoadTiming
    /// Where the runtime logs loads (start, progress, result, timing, cancellation) and
    /// errors. By default nothing is logged; never log to the terminal the app draws on.
    public var logger: Logger
    /// Whether the frames Down and Up lead to are drawn while the app waits, so that the
    /// terminal can show them as soon as the key arrives (`PreparedFrame`). It costs two
    /// frames' work after each change of a settled list, and saves most of a key's work
    /// before the screen answers.
    public var drawsAhead: Bool

    /// Creates a configuration; the defaults suit most apps.
    public init(keyMap: KeyMap = .standard, timing: LoadTiming = LoadTiming(), logger: Logger = Configuration.silentLogger,
                drawsAhead: Bool = true) {
        self.keyMap = keyMap
        self.timing = timing
        self.logger = logger
        self.drawsAhead = drawsAhead
    }

    /// A logger that drops everything (the default).
    public static let silentLogger = Logger(label: "lister", factory: { _ in SwiftLogNoOpLogHandler() })
}
