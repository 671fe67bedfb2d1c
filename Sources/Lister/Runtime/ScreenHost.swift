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

/// A screen together with its state, as the runtime keeps it on the stack.
@MainActor
protocol ScreenHost: AnyObject {
    var id: Int { get }
    var title: String { get }
    var isPicker: Bool { get }
    /// Whether the list draws its first row at the bottom (``FilterPrompt/growsUpward``):
    /// the wheel then moves the other way, as what is shown does.
    var listGrowsUpward: Bool { get }
    /// The type of the source the filter reads, once it has read one (tests).
    var filterSourceDescription: String? { get }
    func appear(now: Duration)
    /// The commands of the picker's events (``FilterPrompt/eventCommands``) that happened
    /// since the last call, in order; none for other screens.
    func eventCommands() -> [Command]
    /// What surrounds a picker (``FilterPrompt/frame``); nil when nothing does.
    var promptFrame: PromptFrame? { get }
    /// Where a picker's count goes when not in the status bar (``FilterPrompt/info``), and
    /// whether its prompt is on top; nil for the status bar.
    var promptInfo: (kind: PromptInfo, onTop: Bool)? { get }
    /// A chain of commands (``Command/sequence(_:)``) begins or ends.
    func beginChain()
    func endChain()
    /// Carries out `command` on the screen; page keys move by the screen's own
    /// ``pageHeight``.
    func perform(_ command: Command, now: Duration) -> HostResponse
    func advance(to now: Duration) -> Bool
    func nextDeadline(after now: Duration) -> Duration?
    /// Lays the screen out in `body`, the room between the header and the status bar:
    /// keeps the selection in view in the rows its list has there.
    func layout(body: Rect)
    /// Draws the screen's body into `body`; views that take input note where they were
    /// drawn in `regions`.
    func render(in body: Rect, buffer: inout Buffer, regions: RegionMap, now: Duration)
    /// Takes where the list was drawn in the frame just rendered into `body`. True when its
    /// height differs from the one it was laid out in: the runtime lays out and draws again.
    func listDrawn(_ regions: RegionMap, body: Rect) -> Bool
    /// The rows a page key moves by: the height of the list as last laid out.
    var pageHeight: Int { get }
    func cancelAll()
    /// Whether a load of this screen is in flight (for invariants and tests).
    var isLoading: Bool { get }
    /// Offers `key` to the screen before the key table: the line open for typing (the
    /// filter) takes it as text, else one of the screen's own actions runs. Nil when the
    /// screen does not take it and the key's command should run.
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse?
    /// Closes the screen's topmost layer (the filter, the marks) for Esc; false when there
    /// is none and Esc should go back.
    func closeLayer() -> Bool
    /// A click on `line` of the list area: selects the row there (a footer error row
    /// retries). Returns whether a row was selected, and what to do.
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse)
    /// A click at `x` (columns from its left edge) on a table's header line: sorts by the
    /// column there.
    func clickHeader(x: Int, now: Duration) -> HostResponse
    /// Left on a table scrolled sideways: scrolls it back a column (true) instead of going
    /// back a screen.
    func scrollsColumnsBack() -> Bool
    /// The screen's own keys and their help, for the help overlay.
    var actionHelp: [(keys: String, help: String)] { get }
    /// Whether `command` does something on this screen now, so that the help overlay
    /// lists only keys that work here: no filter on a detail, no marks outside a multiple
    /// picker, Enter and Right only when the selected row opens something (or, for Enter,
    /// in a picker). The runtime's own commands (help, back, quit…) are not asked about.
    func offers(_ command: Command) -> Bool
    /// Position (`3/40`) and state (`loading`, `refreshing`…) for the status bar.
    func status(now: Duration) -> StatusLine
    /// Drops the rows kept from the last frame, so the next one draws every row.
    func forgetDrawnRows()
    /// Whether the screen takes `key` before the key table does (its own actions, a line
    /// open for typing).
    func takesKey(_ key: Key) -> Bool
    /// Runs `body`, which may perform commands and draw, and then puts the screen's state
    /// back as it was, with no load started or cancelled: how frames are drawn ahead
    /// (``PreparedFrame``). Nil, without running `body`, when the screen cannot promise
    /// that (a load in flight or due, a filter open, a kind of screen that does not draw
    /// ahead).
    func speculating<Result>(_ body: () -> Result) -> Result?
}

extension ScreenHost {
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse? { nil }
    func closeLayer() -> Bool { false }
    var actionHelp: [(keys: String, help: String)] { [] }
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse) { (nil, .handled(changed: false)) }
    func forgetDrawnRows() {}
    func clickHeader(x: Int, now: Duration) -> HostResponse { .handled(changed: false) }
    func scrollsColumnsBack() -> Bool { false }
    func listDrawn(_ regions: RegionMap, body: Rect) -> Bool { false }
    func takesKey(_ key: Key) -> Bool { false }
    func speculating<Result>(_ body: () -> Result) -> Result? { nil }
}

/// A host whose frames reuse the rows of the last one (see ``RowCache``).
@MainActor
protocol RowReusingHost: AnyObject {
    /// Whether frames reuse rows; when false every row is drawn and nothing is kept.
    var reusesRows: Bool { get set }
}

/// Whether Enter (`.open`) or Right (`.drillIn`) does something for a row whose screen's
/// `open` gives `result` (nil: no row), for ``ScreenHost/offers(_:)``: Enter always chooses
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

extension ScreenHost {
    var listGrowsUpward: Bool { false }
    var filterSourceDescription: String? { nil }
}

extension ScreenHost {
    func eventCommands() -> [Command] { [] }
    var promptFrame: PromptFrame? { nil }
    var promptInfo: (kind: PromptInfo, onTop: Bool)? { nil }
    func beginChain() {}
    func endChain() {}
}
