import TerminalCore

/// A key a screen handles itself, shown in help with the app's keys.
///
/// The action returns the screen as it should be now (screens are values), and the list
/// reloads in the background with the selection kept by identity:
///
/// ```swift
/// var actions: [ScreenAction<Self>] {
///     [ScreenAction(.character("."), help: "Show or hide hidden files") { screen in
///         var changed = screen
///         changed.showsHidden.toggle()
///         return changed
///     }]
/// }
/// ```
public struct ScreenAction<S: Screen>: Sendable {
    /// The key.
    public var key: Key
    /// What it does, for the help overlay.
    public var help: String
    /// The screen after the action; nil leaves it as it is.
    public var perform: @MainActor @Sendable (S) -> S?

    /// Creates an action.
    public init(_ key: Key, help: String, perform: @escaping @MainActor @Sendable (S) -> S?) {
        self.key = key
        self.help = help
        self.perform = perform
    }
}
