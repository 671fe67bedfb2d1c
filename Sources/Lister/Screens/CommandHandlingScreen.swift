/// A list screen that runs commands of its own: the ones an app binds to keys with
/// ``Command/screenCommand(_:)`` and ``Command/terminalCommand(_:)`` (`lister pick`'s
/// `--bind` actions `execute-silent`, `execute`, `reload`, `toggle-sort`…).
///
/// A screen that binds none adopts ``ListScreen`` alone; on it those commands do nothing.
/// Each requirement has a default that does nothing, so a screen writes only those it binds:
///
/// ```swift
/// struct Files: CommandHandlingScreen {
///     // … the ListScreen requirements …
///     func perform(command number: Int, context: ListContext<Self>) -> String? {
///         guard number == 0, let file = context.model.selectedItem else { return nil }
///         return trash(file) ? nil : "could not move \(file.name) to the trash"
///     }
/// }
/// ```
@MainActor
public protocol CommandHandlingScreen: ListScreen {
    /// Runs the screen's own command `number` (bound with ``Command/screenCommand(_:)``), on
    /// the main actor, with the selection, the query and the marks in `context`; returns a
    /// message to show (a failure), or nil. The default does nothing.
    func perform(command number: Int, context: ListContext<Self>) -> String?

    /// The screen's program `number` (bound with ``Command/terminalCommand(_:)``), made on
    /// the main actor from `context`, run with the terminal handed over
    /// (`TerminalBackend.handOver(_:)`); nil runs nothing. The default is nil.
    func terminalCommand(_ number: Int, context: ListContext<Self>) -> (@Sendable () -> Void)?

    /// The screen that replaces this one on its own command `number` (bound with
    /// ``Command/screenCommand(_:)``), made on the main actor from `context`: a picker's
    /// `reload(CMD)` reads another command, `toggle-sort` ranks another way. Nil (the
    /// default) runs ``perform(command:context:)`` instead.
    func change(command number: Int, context: ListContext<Self>) -> ScreenChange<Self>?
}

extension CommandHandlingScreen {
    public func perform(command number: Int, context: ListContext<Self>) -> String? { nil }

    public func terminalCommand(_ number: Int, context: ListContext<Self>) -> (@Sendable () -> Void)? { nil }

    public func change(command number: Int, context: ListContext<Self>) -> ScreenChange<Self>? { nil }
}
