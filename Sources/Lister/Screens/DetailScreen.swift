import TerminalCore

/// A screen that loads one value and shows it as lines of text that scroll: a spinner, the
/// error with a retry, then the content.
///
/// It can start from what the previous screen already knew: ``DetailScreenOptions/placeholder(width:)``
/// is shown at once, and the spinner appears under it while the rest loads.
///
/// ```swift
/// struct PostDetail: DetailScreen {
///     let post: PostSummary
///     var title: String { post.title }
///     nonisolated func load() async throws -> Post { try await api.post(post.id) }
///     func placeholder(width: Int) -> [Text] { [Text(post.title).bold()] }
///     func content(_ post: Post, width: Int) -> [Text] {
///         [Text(post.title).bold(), Text("")] + Text.wrapping(post.body, width: width)
///     }
/// }
/// ```
@MainActor
public protocol DetailScreen: Screen, DetailScreenOptions {
    /// The value shown.
    associatedtype Value: Sendable

    /// Loads the value, off the main actor. Throw a ``ListError`` to say whether retrying helps.
    nonisolated func load() async throws -> Value

    /// The lines of the loaded value for a width; they scroll when taller than the screen.
    func content(_ value: Value, width: Int) -> [Text]

    /// What Enter opens from the loaded value. Nothing by default.
    func open(_ value: Value) -> OpenResult

    /// Keys this screen handles itself, with their help; none by default. The screen an
    /// action returns replaces this one, and loads again behind what is shown.
    var actions: [ScreenAction<Self>] { get }
}

extension DetailScreen {
    public func open(_ value: Value) -> OpenResult { .nothing }

    public var actions: [ScreenAction<Self>] { [] }
}

/// What a ``DetailScreen`` may change beyond its content, each with a default that most
/// screens keep: what is known before the value loads, the views of its loading and failed
/// states, and whether it can load again. The same names as a list's
/// (``ListScreenOptions``) for the same things.
///
/// Conform to ``DetailScreen``, never to this protocol alone.
@MainActor
public protocol DetailScreenOptions: Screen {
    /// The view shown while loading, under the placeholder.
    associatedtype Loading: View = Spinner
    /// The view shown when loading failed, under the placeholder.
    associatedtype Failure: View = ErrorState

    /// Lines known before the value loads, shown at once. None by default.
    func placeholder(width: Int) -> [Text]

    /// The view while loading; by default a spinner saying "Loading <title>…".
    func loadingView(frame: Int) -> Loading

    /// The view of a failed load; by default the error with a retry hint.
    func errorView(_ error: ListError) -> Failure

    /// Whether the value can be loaded again (`r`, `R`). True by default.
    var canReload: Bool { get }
}

extension DetailScreenOptions {
    public func placeholder(width: Int) -> [Text] { [] }

    public func loadingView(frame: Int) -> Spinner {
        Spinner(frame: frame, label: "Loading \(title)…")
    }

    public func errorView(_ error: ListError) -> ErrorState {
        ErrorState(headline: "Could not load \(title)", error: error)
    }

    public var canReload: Bool { true }
}
