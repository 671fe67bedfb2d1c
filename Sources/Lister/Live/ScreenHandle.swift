import TerminalCore

/// Steers a screen from code: from the app's own tasks (a job finished, a message came)
/// and from the screen's actions.
///
/// Give the screen a handle (``Screen/handle``) and keep a reference to it; every call is
/// safe from any task and returns at once: it is carried out on the main actor before the
/// next frame. Before the screen is shown, and once it is gone (popped, or the app ended),
/// a call does nothing.
///
/// ```swift
/// let handle = ScreenHandle()
/// Task {
///     for await job in queue.finished {
///         handle.showMessage("\(job.name) finished")
///         handle.select(job.id)
///     }
/// }
/// try ListerApp.run(Jobs(queue: queue, handle: handle))
/// ```
public final class ScreenHandle: Sendable {
    /// Where calls go while the screen is shown.
    private let target = Locked<(@Sendable (ScreenControl) -> Void)?>(nil)

    /// Creates a handle that is not yet attached to a screen.
    public init() {}

    /// Attaches the handle to the screen the runtime shows; the runtime does.
    func attach(_ send: @escaping @Sendable (ScreenControl) -> Void) {
        target.withLock { $0 = send }
    }

    private func send(_ control: ScreenControl) {
        target.withLock { $0 }?(control)
    }

    /// Refreshes the list as `r` does: loads behind the rows (or retries what failed).
    public func refresh() { send(.command(.refresh)) }

    /// Reloads the list as `R` does: discards the rows and shows the spinner.
    public func reload() { send(.command(.reload)) }

    /// Retries what failed: the same as ``refresh()``, named for an error's handler.
    public func retry() { send(.command(.refresh)) }

    /// Selects the item whose `id` is `id` and scrolls it into view (clearing a filter that
    /// hides it); nothing when the list has no such item.
    public func select<ID: Hashable & Sendable>(_ id: ID) { send(.select(id)) }

    /// Opens `screen` on top of this one, as Enter does; nothing when this screen is not
    /// the one shown.
    public func push(_ screen: any Screen) { send(.push(screen)) }

    /// Closes this screen, as Esc does, when it is the one shown and not the first.
    public func pop() { send(.pop) }

    /// Shows `text` in the status bar until the next key.
    public func showMessage(_ text: String) { send(.message(text)) }

    /// Ends the app: with `value` as the picked result, or finished when nil.
    public func quit(with value: (any Sendable)? = nil) { send(.quit(value)) }
}

/// What a ``ScreenHandle`` asks of the runtime.
@_spi(Testing)
public enum ScreenControl: Sendable {
    case command(Command)
    case select(any Hashable & Sendable)
    case push(any Screen)
    case pop
    case message(String)
    case quit((any Sendable)?)
}
