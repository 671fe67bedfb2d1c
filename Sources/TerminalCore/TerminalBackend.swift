/// What the runtime needs from a terminal: events in, frames out.
///
/// `NcursesTerminal` (in `TerminalNcurses`) draws on a real terminal; ``HeadlessTerminal``
/// keeps the last frame in memory for tests. Implementations are thread-safe: frames may be
/// presented from any task, and only the newest frame not yet drawn is drawn.
public protocol TerminalBackend: AnyObject, Sendable {
    /// The current size of the screen.
    var size: Size { get }
    /// Whether colours may be used (false under `NO_COLOR` or on a monochrome terminal).
    var colorEnabled: Bool { get }
    /// Keys, resizes and signals, in order. Finishes when the terminal is closed.
    var events: EventChannel<TerminalEvent> { get }
    /// Shows `frame`, replacing any frame not yet drawn (newest wins).
    func present(_ frame: Buffer)
    /// Offers frames for the keys that may come next (``PreparedFrame``), replacing any
    /// offered before; an empty list withdraws them. Called after each change of state, so
    /// a prepared frame is used only if no other change came between.
    func prepare(_ frames: [PreparedFrame])
    /// Repaints the whole screen from scratch (Ctrl-L).
    func redraw()
    /// Gives the terminal back to the shell and stops the process (Ctrl-Z); the screen is
    /// restored when the process continues.
    func suspend()
    /// Gives the terminal to `body` (a program that draws on it, as fzf's `execute`) and
    /// takes it back when `body` returns: the screen is left as the shell had it, then
    /// restored. `body` runs on the thread that owns the terminal, which draws nothing meanwhile.
    func handOver(_ body: @escaping @Sendable () -> Void)
}

extension TerminalBackend {
    /// Runs `body` at once: a terminal with no screen of its own has nothing to give back.
    public func handOver(_ body: @escaping @Sendable () -> Void) { body() }

    /// Draws nothing ahead: every key is drawn once it has been handled.
    public func prepare(_ frames: [PreparedFrame]) {}
}
