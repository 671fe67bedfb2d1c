import TerminalCore

/// What a ``ListScreen`` may change beyond its rows and items, each with a default that
/// most screens keep: the views of its loading, empty and failed states, the timeout,
/// whether it can reload, whether Enter picks, the filter's query syntax and prompt, and
/// how tall a row is.
///
/// Conform to ``ListScreen``, never to this protocol alone: a list screen is one, and
/// implements a requirement from here only to change it. None of these names the screen's
/// items, so that a screen's `Item` is always found from its own `load()` and `row`; the
/// few rarely changed requirements that do name them are at the end of ``ListScreen``.
///
/// ```swift
/// struct Choices: ListScreen {
///     let title = "Pick a planet"
///     var pickMode: PickMode { .single }          // Enter ends the app with the row
///     var emptyMessage: String { "No planets" }
///     nonisolated func load() async throws -> [Planet] { try await observatory.planets() }
///     func row(_ planet: Planet, context: RowContext) -> Text { Text(planet.name) }
/// }
/// ```
@MainActor
public protocol ListScreenOptions: Screen {
    /// The view shown while loading.
    associatedtype Loading: View = Spinner
    /// The view shown when the list is empty.
    associatedtype Empty: View = EmptyState
    /// The view shown when loading failed.
    associatedtype Failure: View = ErrorState

    // MARK: The views of the list's states

    /// The view while loading; by default a spinner saying "Loading <title>…".
    func loadingView(frame: Int) -> Loading

    /// The view of an empty list; by default ``emptyMessage`` dimmed.
    func emptyView() -> Empty

    /// The message of an empty list.
    var emptyMessage: String { get }

    /// The view of a failed load; by default the error with a retry hint.
    func errorView(_ error: ListError) -> Failure

    // MARK: Loading

    /// How long a load may bring nothing before it fails as "timed out after …" (which `r`
    /// retries). Nil by default for a one-shot screen, whose load may read a slow stream;
    /// a ``PagedListScreen`` waits 30 s for a page.
    var timeout: Duration? { get }

    /// Whether the source can be read again (a pipe cannot): `r` and `R` say so instead
    /// of refreshing when false. True by default.
    var canReload: Bool { get }

    // MARK: Enter

    /// Whether Enter picks the item and ends the app. By default `.none`.
    var pickMode: PickMode { get }

    // MARK: The filter

    /// The query the filter line's `text` stands for. By default plain substring terms
    /// (``FilterQuery/init(_:)``); a screen can take fzf's extended syntax with
    /// ``FilterQuery/init(extended:options:)``.
    func filterQuery(_ text: String) -> FilterQuery

    /// A prompt that makes the screen prompt-first, as a fuzzy finder is: the filter line is
    /// always open and takes every printable key (so `q`, `r`, `/` and `?` are text),
    /// Enter chooses the selected match (nothing when none matches), and Esc goes on to
    /// the key table. Nil by default: `/` opens the filter.
    var filterPrompt: FilterPrompt? { get }

    // MARK: Rows

    /// How many lines each row takes: one by default. With ``RowHeight/measured(limit:)``
    /// a row takes the lines its view asks for (a `VStack` of two `Text`s takes two); the
    /// selection highlights all of them, Down and Up move by row, and a page moves by the
    /// rows that fit. In a grouped list the headers take one line each, and the sticky
    /// header a line of its own above rows of several lines.
    var rowHeight: RowHeight { get }
}

extension ListScreenOptions {
    public func loadingView(frame: Int) -> Spinner {
        Spinner(frame: frame, label: "Loading \(title)…")
    }

    public func emptyView() -> EmptyState { EmptyState(emptyMessage) }

    public var emptyMessage: String { "Nothing here" }

    public func errorView(_ error: ListError) -> ErrorState {
        ErrorState(headline: "Could not load \(title)", error: error)
    }

    public var timeout: Duration? { nil }

    public var canReload: Bool { true }

    public var pickMode: PickMode { .none }

    public func filterQuery(_ text: String) -> FilterQuery { FilterQuery(text) }

    public var filterPrompt: FilterPrompt? { nil }

    public var rowHeight: RowHeight { .uniform(1) }
}
