import TerminalCore

// The roles a host plays beyond ``ScreenHost``'s core. Each is asked for only where the
// runtime needs it (a key, a click, Left, a frame drawn ahead); a host that does not play
// one leaves it out of its ``StackEntry``, and the runtime does what the role's absence
// means (the key goes to the key table, the click does nothing…).

/// A host with keys of its own: actions, a line open for typing, layers that Esc closes,
/// and which of the key table's commands do something on it now (for the help overlay).
@MainActor
protocol KeyedHost: ScreenHost {
    /// Whether the screen takes `key` before the key table does (its own actions, a line
    /// open for typing).
    func takesKey(_ key: Key) -> Bool
    /// Offers `key` to the screen before the key table: the line open for typing (the
    /// filter) takes it as text, else one of the screen's own actions runs. Nil when the
    /// screen does not take it and the key's command should run.
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse?
    /// Closes the screen's topmost layer (the filter, the marks) for Esc; false when there
    /// is none and Esc should go back.
    func closeLayer() -> Bool
    /// The screen's own keys and their help, for the help overlay.
    var actionHelp: [(keys: String, help: String)] { get }
    /// Whether `command` does something on this screen now, so that the help overlay
    /// lists only keys that work here: no filter on a detail, no marks outside a multiple
    /// picker, Enter and Right only when the selected row opens something (or, for Enter,
    /// in a picker). The runtime's own commands (help, back, quit…) are not asked about.
    func offers(_ command: Command) -> Bool
}

extension KeyedHost {
    func takesKey(_ key: Key) -> Bool { false }
    func handleOwnKey(_ key: Key, now: Duration) -> HostResponse? { nil }
    func closeLayer() -> Bool { false }
    var actionHelp: [(keys: String, help: String)] { [] }
}

/// A host whose body holds a list that takes clicks and the wheel.
@MainActor
protocol ClickableHost: ScreenHost {
    /// A click on `line` of the list area: selects the row there (a footer error row
    /// retries). Returns whether a row was selected, and what to do.
    func click(line: Int, now: Duration) -> (selectedRow: Int?, response: HostResponse)
    /// Whether the list draws its first row at the bottom (``FilterPrompt/growsUpward``):
    /// the wheel then moves the other way, as what is shown does.
    var listGrowsUpward: Bool { get }
    /// Takes where the list was drawn in the frame just rendered into `body`. True when its
    /// height differs from the one it was laid out in: the runtime lays out and draws again.
    func listDrawn(_ regions: RegionMap, body: Rect) -> Bool
}

extension ClickableHost {
    var listGrowsUpward: Bool { false }
    func listDrawn(_ regions: RegionMap, body: Rect) -> Bool { false }
}

/// A host that may show a table: its header line takes clicks and its columns scroll.
@MainActor
protocol TableHost: ScreenHost {
    /// A click at `x` (columns from its left edge) on a table's header line: sorts by the
    /// column there.
    func clickHeader(x: Int, now: Duration) -> HostResponse
    /// Left on a table scrolled sideways: scrolls it back a column (true) instead of going
    /// back a screen.
    func scrollsColumnsBack() -> Bool
}

/// A host whose frames can be drawn ahead (``PreparedFrame``).
@MainActor
protocol DrawingAheadHost: ScreenHost {
    /// Runs `body`, which may perform commands and draw, and then puts the screen's state
    /// back as it was, with no load started or cancelled: how frames are drawn ahead. Nil,
    /// without running `body`, when the screen cannot promise that (a load in flight or
    /// due, a filter open).
    func drawingAhead<Result>(_ body: () -> Result) -> Result?
}

/// A host whose frames reuse the rows of the last one (see ``RowCache``).
@MainActor
protocol RowReusingHost: AnyObject {
    /// Whether frames reuse rows; when false every row is drawn and nothing is kept.
    var reusesRows: Bool { get set }
    /// Drops the rows kept from the last frame, so the next one draws every row (Ctrl-L).
    func forgetDrawnRows()
}

/// A host that can be a picker with fzf's extras: events that run commands, a chain of
/// commands (`a+b`), a frame around it and the count on its prompt line.
@MainActor
protocol PromptHost: ScreenHost {
    /// The commands of the picker's events (``FilterPrompt/eventCommands``) that happened
    /// since the last call, in order; none for other screens.
    func eventCommands() -> [Command]
    /// What surrounds a picker (``FilterPrompt/frame``); nil when nothing does.
    var promptFrame: PromptFrame? { get }
    /// The picker's prompt, for what the runtime draws on its line: the count when not in
    /// the status bar (``FilterPrompt/info``), in the prompt's ``FilterPrompt/theme``; nil
    /// for other screens.
    var drawnPrompt: FilterPrompt? { get }
    /// A chain of commands (``Command/sequence(_:)``) begins.
    func beginChain()
    /// The chain of commands begun last ends; with `applying`, what it changed (the query,
    /// the rows) is applied, else dropped (the app is ending).
    func endChain(applying: Bool)
}

/// A host whose rows can be selected by their items' ids (``ScreenHandle/select(_:)``).
@MainActor
protocol SelectingHost: ScreenHost {
    /// Selects the item whose id is `id`; false when there is none (or ids of another type).
    func select(id: any Hashable & Sendable) -> Bool
}

/// Tells tests which source the filter reads (``Runtime/filterSourceDescription``); no
/// path of the app asks.
@MainActor
protocol FilterSourceDescribing: AnyObject {
    /// The type of the source the filter reads, once it has read one.
    var filterSourceDescription: String? { get }
}

/// A host on the runtime's stack together with the roles it plays, taken when it is made,
/// where its type is known. (A failing `as?` to a protocol scans every conformance record
/// of the process the first time it is made; see `_ScreenKind`.)
@MainActor
struct StackEntry {
    /// The host itself.
    let host: any ScreenHost
    /// Its own keys, layers and the commands it offers; nil: none, and every command works.
    var keys: (any KeyedHost)? = nil
    /// Its list, for clicks and the wheel; nil: clicks do nothing.
    var clicks: (any ClickableHost)? = nil
    /// Its table header and columns; nil: no table.
    var table: (any TableHost)? = nil
    /// Drawing its frames ahead; nil: never drawn ahead.
    var drawingAhead: (any DrawingAheadHost)? = nil
    /// Its reused rows; nil: every frame draws every row.
    var rows: (any RowReusingHost)? = nil
    /// Its picker's events, chains, frame and inline count; nil: none of them.
    var prompt: (any PromptHost)? = nil
    /// Its rows selected by id for a handle; nil: ``ScreenHandle/select(_:)`` does nothing.
    var selecting: (any SelectingHost)? = nil
    /// Reads the chrome of the host's screen as it is now.
    var screenChrome: @MainActor () -> ScreenChrome = { .standard }

    /// The lines drawn around its body: its screen's ``Screen/chrome``, read for each frame,
    /// so a screen that an action or a ``ScreenChange`` replaces with one of other chrome
    /// is drawn with the new one.
    var chrome: ScreenChrome { screenChrome() }
}
