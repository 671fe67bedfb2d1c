import TerminalCore

/// The lines the runtime draws around a screen's body: by default the breadcrumb above it
/// and the status bar below it.
///
/// Each line is an ordinary ``View`` made when the frame is drawn from a ``ChromeContext``
/// (the titles of the screens on the stack, the status of the screen shown). A screen
/// keeps the default (``standard``), moves the lines, drops them, or puts its own views
/// among them:
///
/// ```swift
/// struct Feed: ListScreen {
///     // The status bar on top, a line of our own at the bottom, no breadcrumb.
///     var chrome: ScreenChrome {
///         ScreenChrome(top: [.statusBar], bottom: [ChromeLine { _ in Text("Feed · read-only").dim() }])
///     }
///     …
/// }
/// ```
///
/// The body keeps at least one row: when the terminal is too short for every line, the
/// lines below the body are placed first (the lowest first), then those above it (the
/// highest first), each while the body keeps a row; the others are not drawn. With the
/// standard chrome that is the status bar from two rows up and the breadcrumb from three.
public struct ScreenChrome: Sendable {
    /// The lines above the body, top first.
    public var top: [ChromeLine]
    /// The lines below the body, top first.
    public var bottom: [ChromeLine]

    /// Chrome of `top` lines above the body and `bottom` lines below it.
    public init(top: [ChromeLine] = [], bottom: [ChromeLine] = []) {
        self.top = top
        self.bottom = bottom
    }

    /// The breadcrumb above the body and the status bar below it.
    public static let standard = ScreenChrome(top: [.breadcrumb], bottom: [.statusBar])

    /// No lines: the body takes the whole terminal.
    public static let none = ScreenChrome()
}

/// One line (or a few) of a screen's chrome: a view made from a ``ChromeContext``.
public struct ChromeLine: Sendable {
    /// What the line shows.
    enum Kind: Sendable {
        case breadcrumb
        case statusBar
        case custom(@MainActor @Sendable (ChromeContext) -> any View)
    }

    let kind: Kind
    /// The rows the line takes.
    public let height: Int

    private init(kind: Kind, height: Int) {
        self.kind = kind
        self.height = max(1, height)
    }

    /// A line of `height` rows (at least one) showing the view `make` returns for the frame
    /// being drawn.
    public init(height: Int = 1, _ make: @escaping @MainActor @Sendable (ChromeContext) -> any View) {
        self.init(kind: .custom(make), height: height)
    }

    /// The titles of the screens on the stack (``ChromeContext/breadcrumb``).
    public static let breadcrumb = ChromeLine(kind: .breadcrumb, height: 1)

    /// The status bar: the position, the state and the help key
    /// (``ChromeContext/statusBar``).
    public static let statusBar = ChromeLine(kind: .statusBar, height: 1)
}

/// What a line of chrome can show, as the runtime knows it when a frame is drawn.
@MainActor
public struct ChromeContext {
    /// The titles of the screens on the stack, root first.
    public let titles: [String]
    /// The position of the screen shown (`3/40`), as the status bar's left part.
    public let position: String
    /// What is going on (`loading`, `refreshing`, a hint the runtime shows), as the
    /// status bar's middle part; may be empty.
    public let state: String
    /// The key that shows help, as the status bar's right part (`? help`).
    public let helpHint: String
    /// The moment drawn.
    public let now: Duration

    /// The standard header: the titles as a ``Breadcrumb``.
    public var breadcrumb: Breadcrumb { Breadcrumb(titles) }

    /// The standard status line: a ``StatusBar`` of the position, state and help hint.
    public var statusBar: StatusBar { StatusBar(position: position, state: state, hint: helpHint) }
}
