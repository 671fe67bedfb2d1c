import TerminalCore

/// A screen of an app: something with a title that the runtime shows full-size, between a
/// header line and a status bar.
///
/// Lister ships ``ListScreen``; later kinds (detail screens) conform to this protocol too.
@MainActor
public protocol Screen: Sendable, _ScreenRefinements {
    /// Shown in the header line (and later in the breadcrumb).
    var title: String { get }

    /// The handle the app steers this screen with (refresh, select, messages); nil by
    /// default. The runtime attaches it when the screen is shown.
    var handle: ScreenHandle? { get }

    /// The lines drawn around the screen's body: ``ScreenChrome/standard`` (the breadcrumb
    /// above, the status bar below) by default.
    var chrome: ScreenChrome { get }
}

extension Screen {
    public var handle: ScreenHandle? { nil }

    public var chrome: ScreenChrome { .standard }
}

/// Context for drawing one row.
public struct RowContext: Hashable, Sendable {
    /// The row's position in the list.
    public var index: Int
    /// Whether the row is selected (the highlight is added by the list; this is for rows
    /// that want to draw more, such as a marker).
    public var isSelected: Bool

    /// Creates a row context.
    public init(index: Int, isSelected: Bool) {
        self.index = index
        self.isSelected = isSelected
    }
}

/// What Enter on a row leads to.
public enum OpenResult {
    /// Nothing to open: the status bar says so.
    case nothing
    /// Push this screen.
    case screen(any Screen)
    /// End the app with this value picked, as a picker's Enter does: for a browser whose
    /// rows either open (a directory) or choose (a file).
    case pick(any Sendable)
}

/// Whether Enter on a row ends the app with the row as its result.
public enum PickMode: Hashable, Sendable {
    /// A browser: Enter opens what the row leads to.
    case none
    /// A picker: Enter ends the app and returns the row (`q` and Esc cancel).
    case single
    /// A picker of several rows: Tab marks rows, Enter returns the marked ones in list order
    /// (in the order marked on a prompt-first screen, as fzf; or the selected one when none
    /// is marked).
    case multiple
}
