import TerminalCore
import TerminalNcurses

/// The one way to start an app: show a screen on the terminal, return how it ended.
///
/// ```swift
/// // main.swift (no top-level `await`)
/// import Lister
///
/// let outcome = try ListerApp.run(Planets())
/// print("Bye (\(outcome.exitStatus))")
/// ```
///
/// ``run(_:options:)`` opens the terminal on ncursesw, serves the main thread the fast way
/// (`MainLoop`: a key is read, handled and drawn without waking another thread), and gives
/// the terminal back before it returns or throws. SIGINT, SIGTERM and SIGHUP end the app
/// with ``Outcome/interrupted(_:)``; a crash restores the terminal before the process dies.
/// ``run(_:on:options:)`` runs the same app on a terminal of your own, such as a
/// `HeadlessTerminal` in tests. `NcursesTerminal` and ``Runtime`` remain for the unusual
/// cases (several apps one after another in an `async` program, say).
public enum ListerApp {
    /// Runs `root` on the controlling terminal until the user quits, picks or a signal
    /// ends it, and returns how it ended. The terminal is restored when it returns.
    ///
    /// Call it from the main thread, in a program whose `main.swift` has no top-level
    /// `await` (or from a synchronous `static func main()`): it serves the main queue itself
    /// while the app runs. It never calls `exit`.
    ///
    /// - Parameters:
    ///   - root: the first screen.
    ///   - options: mouse, colours, key map, log and timing.
    /// - Returns: how the app ended; ``Outcome/picked(as:)`` gives a picker's items.
    /// - Throws: `NcursesTerminalError` when the terminal cannot be opened (no `/dev/tty`,
    ///   an unknown `TERM`); its `description` is a message for people and its `exitStatus` is 2.
    public static func run(_ root: some Screen, options: Options = Options()) throws(NcursesTerminalError) -> Outcome {
        precondition(
            MainLoop.isMainThread,
            "ListerApp.run must be called on the main thread: from a main.swift with no top-level `await`, "
                + "or a synchronous static main() (an async main gives the main thread to dispatch_main)"
        )
        let result = MainLoop.run { () -> Result<Outcome, NcursesTerminalError> in
            let terminal: NcursesTerminal
            do throws(NcursesTerminalError) {
                terminal = try NcursesTerminal.open(options: options.terminalOptions)
            } catch {
                return .failure(error)
            }
            defer { terminal.close() }
            return .success(await run(root, on: terminal, options: options))
        }
        return try result.get()
    }

    /// Runs `root` on `terminal` until it ends; the terminal is left open for the caller.
    ///
    /// What ``run(_:options:)`` does once its terminal is open: use it to run an app on a
    /// terminal you opened yourself, or headless in a test.
    ///
    /// ```swift
    /// let terminal = HeadlessTerminal(size: Size(rows: 10, columns: 40))
    /// terminal.send(.key(.character("q")))
    /// let outcome = await ListerApp.run(Planets(), on: terminal)   // .finished
    /// ```
    @MainActor
    public static func run(_ root: some Screen, on terminal: any TerminalBackend, options: Options = Options()) async -> Outcome {
        await Runtime(root: root, terminal: terminal, configuration: options.configuration).run()
    }
}
