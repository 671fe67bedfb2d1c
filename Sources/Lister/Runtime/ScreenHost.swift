import Logging
import TerminalCore

/// What a screen's host asks the runtime to do after a command.
enum HostResponse {
    /// Handled; `changed` says whether the screen must be drawn again.
    case handled(changed: Bool)
    /// Not handled here: show this short hint in the status bar.
    case hint(String)
    /// Push this screen.
    case push(any Screen)
    /// End the app with these items.
    case pick([any Sendable])
    /// Give the terminal to this program; draw everything again when it is back.
    case handOver(@Sendable () -> Void)
    /// End the app as interrupted, as Ctrl-C does (a bound `delete-char/eof` on an empty prompt).
    case interrupt
    /// Run these commands, in order, until one ends the app, then show `hint` if any
    /// (``ScreenChange/then``, ``ScreenChange/message``).
    case perform([Command], hint: String?)
}

/// Starts and cancels loads for hosts; the runtime implements it.
@MainActor
protocol LoadScheduler: AnyObject {
    /// Starts `operation` off the main actor as `load`, cancelling nothing: the delivery it
    /// returns is applied on the main actor, and so is the newest of those it passes to
    /// its `report` argument while it runs (reports not yet applied are replaced).
    func startLoad(_ load: LoadID,
                   reporting operation: @escaping @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery)
    /// Cancels `load`'s task; what it still delivers is dropped by its host as stale.
    func cancelLoad(_ load: LoadID)
    /// Where hosts log what the runtime cannot see (a load timed out).
    var logger: Logger { get }
}

extension LoadScheduler {
    /// Starts a load that reports nothing before its result.
    func startLoad(_ load: LoadID, _ operation: @escaping @Sendable () async -> Delivery) {
        startLoad(load, reporting: { _ in await operation() })
    }
}

/// A screen together with its state, as the runtime keeps it on the stack: the core every
/// kind of screen has. What only some screens do is in the roles of `HostRoles.swift`
/// (their own keys, a list that takes clicks, a table's header, drawing ahead), which the
/// runtime reaches through the ``StackEntry`` made with the host.
@MainActor
protocol ScreenHost: AnyObject {
    /// The screen's identity on the stack; loads are addressed to it (``LoadID/screen``).
    var id: Int { get }
    /// The screen's title, for the breadcrumb.
    var title: String { get }
    /// Whether the screen chooses rows: Esc and quit then end the app as cancelled.
    var isPicker: Bool { get }
    /// Whether a load of this screen is in flight (for invariants and tests).
    var isLoading: Bool { get }
    /// The screen is shown for the first time, or again when the one above it went back.
    func appear(now: Duration)
    /// Carries out `command` on the screen; page keys move by the rows its list had when it
    /// was last laid out.
    func perform(_ command: Command, now: Duration) -> HostResponse
    /// Applies what time changed (timeouts, a live feed due); true when it must be drawn.
    func advance(to now: Duration) -> Bool
    /// The next time ``advance(to:)`` has something to do after `now`.
    func nextDeadline(after now: Duration) -> Duration?
    /// Lays the screen out in `body`, the room between the header and the status bar:
    /// keeps the selection in view in the rows its list has there.
    func layout(body: Rect)
    /// Draws the screen's body into `body`; views that take input note where they were
    /// drawn in `regions`.
    func render(in body: Rect, buffer: inout Buffer, regions: RegionMap, now: Duration)
    /// Cancels every load of the screen: it leaves the stack, or the app ends.
    func cancelAll()
    /// Position (`3/40`) and state (`loading`, `refreshing`…) for the status bar.
    func status(now: Duration) -> StatusLine
}

/// Whether Enter (`.open`) or Right (`.drillIn`) does something for a row whose screen's
/// `open` gives `result` (nil: no row), for ``KeyedHost/offers(_:)``: Enter always chooses
/// in a picker; otherwise both open what the row leads to, and Right never chooses.
func offersOpening(_ command: Command, pickMode: PickMode, result: @autoclosure () -> OpenResult?) -> Bool {
    if command == .open, pickMode != .none { return true }
    switch result() {
    case nil, .nothing?: return false
    case .screen?: return true
    case .pick?: return command == .open
    }
}

/// What Enter (`.open`) or Right (`.drillIn`) does with `item` on any kind of screen: in a
/// picker Enter chooses it; otherwise what opening it gives (`opening`, asked only then): a
/// screen to push, a value that Enter chooses (Right only says so), or nothing to open.
func response(to command: Command, on item: any Sendable, pickMode: PickMode,
              opening: () -> OpenResult) -> HostResponse {
    if command == .open, pickMode != .none { return .pick([item]) }
    switch opening() {
    case .nothing: return .hint("Nothing to open here")
    case .screen(let next): return .push(next)
    case .pick(let value): return command == .open ? .pick([value]) : .hint("Enter chooses this row")
    }
}
