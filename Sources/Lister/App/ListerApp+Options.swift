import Logging
import TerminalNcurses

extension ListerApp {
    /// How an app runs: the terminal's settings and the runtime's, as one value.
    ///
    /// ```swift
    /// var options = ListerApp.Options(mouse: false)
    /// options.keyMap.bind([.character("x")], to: .quit, help: "Quit")
    /// let outcome = try ListerApp.run(Planets(), options: options)
    /// ```
    public struct Options: Sendable {
        /// Whether clicks and the wheel select and scroll (default on). Off, the terminal
        /// selects text with the mouse as usual.
        public var mouse: Bool
        /// Whether colours may be used; `nil` (the default) means "unless `NO_COLOR` is set".
        /// They are used only if the terminal has them too.
        public var colors: Bool?
        /// Milliseconds to wait after Esc for the rest of a key sequence; `nil` reads
        /// `ESCDELAY`, else 25.
        public var escapeDelayMilliseconds: Int?
        /// The key table: what each key does, and the help overlay's text.
        public var keyMap: KeyMap
        /// Where loads and errors are logged (swift-log); nothing by default. Never log to the
        /// terminal the app draws on.
        public var logger: Logger
        /// Spinner delay, minimum and frame interval.
        public var timing: LoadTiming
        /// Whether the frames Down and Up lead to are drawn while the app waits (see
        /// ``Configuration/drawsAhead``).
        public var drawsAhead: Bool

        /// Creates options; the defaults suit most apps.
        public init(
            mouse: Bool = true,
            colors: Bool? = nil,
            escapeDelayMilliseconds: Int? = nil,
            keyMap: KeyMap = .standard,
            logger: Logger = Configuration.silentLogger,
            timing: LoadTiming = LoadTiming(),
            drawsAhead: Bool = true
        ) {
            self.mouse = mouse
            self.colors = colors
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.keyMap = keyMap
            self.logger = logger
            self.timing = timing
            self.drawsAhead = drawsAhead
        }

        /// The terminal's part: what `NcursesTerminal.open(options:)` takes.
        public var terminalOptions: TerminalOptions {
            TerminalOptions(escapeDelayMilliseconds: escapeDelayMilliseconds, mouse: mouse, colorEnabled: colors)
        }

        /// The runtime's part: what ``Runtime/init(root:terminal:configuration:)`` takes.
        public var configuration: Configuration {
            Configuration(keyMap: keyMap, timing: timing, logger: logger, drawsAhead: drawsAhead)
        }
    }
}
