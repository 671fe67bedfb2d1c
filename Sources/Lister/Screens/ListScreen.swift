import TerminalCore

/// A screen that loads a list and draws one row per item. Everything else (spinner, empty
/// message, error with retry, navigation, refresh, help) comes from the default
/// implementation, and each piece can be replaced.
///
/// ```swift
/// struct Feed: ListScreen {
///     let title = "Feed"
///     nonisolated func load() async throws -> [Post] { try await api.posts() }
///     func row(_ post: Post, context: RowContext) -> Text { Text(post.title) }
/// }
/// ```
///
/// `load()` runs off the main actor, on a task that is cancelled when its result is no
/// longer wanted (a newer load started or the screen went away). Mark it `nonisolated`
/// so that it does not hop to the main actor.
@MainActor
public protocol ListScreen: Screen {
    /// The items of the list; identity keeps the selection across refreshes.
    associatedtype Item: Identifiable & Sendable
    /// The collection `load` returns: an array, or compact storage with integer indices.
    associatedtype Items: RandomAccessCollection & Sendable where Items.Element == Item, Items.Index == Int
    /// The view of one row.
    associatedtype Row: View
    /// The view of the footer row.
    associatedtype Footer: View = Text
    /// The view shown while loading.
    associatedtype Loading: View = Spinner
    /// The view shown when the list is empty.
    associatedtype Empty: View = EmptyState
    /// The view shown when loading failed.
    associatedtype Failure: View = ErrorState

    /// Loads the items. Throw a ``ListError`` to say whether retrying can help.
    nonisolated func load() async throws -> Items

    /// Loads the items, reporting the rows that came so far while it goes on (a stream
    /// being read): the list shows them at once and stays navigable while it grows. By
    /// default it calls ``load()`` and reports nothing. Each report must begin with the
    /// rows of the one before, and the result with those of the last report.
    nonisolated func load(progress: LoadProgress<Items>) async throws -> Items

    /// The list area for the current state. The default draws the loading view (once the
    /// spinner delay has passed), the empty view, the error view, or the rows and footer.
    /// It may be called for frames that are never shown (frames drawn ahead of a key, a
    /// frame laid out again), so it must depend only on the context and act on nothing.
    @ViewBuilder func body(_ context: ListContext<Self>) -> Group

    /// The row after the last one, if any: "Loading more…", an inline error, "End of list".
    func footer(_ context: ListContext<Self>) -> Footer?

    /// Draws one row: one line, or as many as ``rowHeight`` allows.
    ///
    /// The row must depend only on `item`, `context` and the screen's own properties: the
    /// default ``body(_:)`` reuses the cells of a row drawn in the last frame while none of
    /// these has changed (a new load, a marked row, a filter query draw it again).
    func row(_ item: Item, context: RowContext) -> Row

    /// How many lines each row takes: one by default. With ``RowHeight/measured(limit:)``
    /// a row takes the lines its view asks for (a `VStack` of two `Text`s takes two); the
    /// selection highlights all of them, Down and Up move by row, and a page moves by the
    /// rows that fit. Lists grouped into sections draw one line per row.
    var rowHeight: RowHeight { get }

    /// The view while loading; by default a spinner saying "Loading <title>…".
    func loadingView(frame: Int) -> Loading

    /// The view of an empty list; by default ``emptyMessage`` dimmed.
    func emptyView() -> Empty

    /// The view of a failed load; by default the error with a retry hint.
    func errorView(_ error: ListError) -> Failure

    /// The message of an empty list.
    var emptyMessage: String { get }

    /// What Enter on `item` opens. By default nothing.
    func open(_ item: Item) -> OpenResult

    /// What Right (`l`) on `item` opens: by default what Enter opens, but it never picks.
    /// A screen whose Enter picks a row can show it here instead (`lister dir --pick`
    /// previews a file on Right and prints it on Enter).
    func drillIn(_ item: Item) -> OpenResult

    /// Where the preview pane goes, beside or under the list; nil (the default) for a list
    /// without one. The preview key (`p`) shows and hides it.
    var previewPlacement: PreviewPlacement? { get }

    /// What the preview pane shows for `item`, loaded off the main actor when the
    /// selection rests on it; nil says "No preview". The context has the filter's query
    /// and the marks. Only asked when ``previewPlacement`` is set, once per frame: make
    /// the ``Preview`` (its key and loader), and leave the work to its loader.
    func preview(_ item: Item, context: ListContext<Self>) -> Preview?

    /// The text the filter searches for `item`. By default the row's text when rows are
    /// ``Text``, else the item's description.
    func filterText(_ item: Item) -> String

    /// The rows' text in a form the filter reads without building strings (compact sources
    /// such as `lister lines`); nil by default: the filter builds it from ``filterText(_:)``.
    func filterSource(for items: ItemList<Item>) -> (any FilterableText)?

    /// The query the filter line's `text` stands for. By default plain substring terms
    /// (``FilterQuery/init(_:)``); a screen can take fzf's extended syntax with
    /// ``FilterQuery/init(extended:options:)``.
    func filterQuery(_ text: String) -> FilterQuery

    /// A prompt that makes the screen prompt-first, as a fuzzy finder is: the filter line is
    /// always open and takes every printable key (so `q`, `r`, `/` and `?` are text),
    /// Enter chooses the selected match (nothing when none matches), and Esc goes on to
    /// the key table. Nil by default: `/` opens the filter.
    var filterPrompt: FilterPrompt? { get }

    /// Keys this screen handles itself (they win over the app's keys). None by default.
    var actions: [ScreenAction<Self>] { get }

    /// Whether Enter picks the item and ends the app. By default `.none`.
    var pickMode: PickMode { get }

    /// Whether the source can be read again (a pipe cannot): `r` and `R` say so instead
    /// of refreshing when false.
    var canReload: Bool { get }

    /// Items to show at once, before the first load finishes (seed 004's initial data).
    /// Nil by default: the screen starts loading with nothing shown.
    var initialItems: Items? { get }

    /// A word of the screen's own for the status bar ("file.txt shrank"), shown when the
    /// list has nothing to say there (no load, refresh or failure); nil by default.
    func statusNote(_ context: ListContext<Self>) -> String?

    /// What the status bar says after `reading…` while a stream is read; nil (the default)
    /// says the number of rows so far. A screen that knows more says it (`lister json`:
    /// the rows and the megabytes read, `reading… 1200 · 3.5 MB`).
    func progressNote(_ context: ListContext<Self>) -> String?

    /// How long a load may bring nothing before it fails as "timed out after …" (which `r`
    /// retries). Nil by default for a one-shot screen, whose load may read a slow stream;
    /// a ``PagedListScreen`` waits 30 s for a page.
    var timeout: Duration? { get }
}

extension ListScreen {
    public func body(_ context: ListContext<Self>) -> Group {
        return standardBody(context)  // `return`: the result, not a group around it
    }

    /// What the default ``body(_:)`` draws: the loading view once the spinner delay has
    /// passed, the empty view, the error view, or the rows (with the footer).
    ///
    /// An override cannot call a protocol's default, so a screen whose `body` adds to the
    /// usual one (draws around it, records it) calls this:
    ///
    /// ```swift
    /// @ViewBuilder
    /// func body(_ context: ListContext<Self>) -> Group {
    ///     Text("Pinned: \(pinned)").dim()
    ///     standardBody(context)
    /// }
    /// ```
    @ViewBuilder
    public func standardBody(_ context: ListContext<Self>) -> Group {
        switch context.state {
        case .idle:
            Nothing()
        case .loading:
            if context.isSpinnerVisible { loadingView(frame: context.spinnerFrame) }
        case .empty:
            emptyView()
        case .error(let error):
            errorView(error)
        case .loaded(let items):
            context.rowReusingListView { index, rowContext in row(items[index], context: rowContext) }
        }
    }

    public func footer(_ context: ListContext<Self>) -> Text? {
        switch context.paging {
        case .complete:
            guard context.model.isPaged else { return nil }
            let count = context.model.count
            return Text("End of list · \(count) \(count == 1 ? "item" : "items")").dim()
        case .more: return nil
        case .loadingMore: return Text("Loading more…").dim()
        case .failed(let error):
            return Text("✗ ", style: Style(foreground: .red)) + Text(error.message) + Text(error.isRetryable ? KeyHints.retry.map { " · \($0) to retry" } ?? "" : "").dim()
        }
    }

    public nonisolated func load(progress: LoadProgress<Items>) async throws -> Items { try await load() }

    public func loadingView(frame: Int) -> Spinner {
        Spinner(frame: frame, label: "Loading \(title)…")
    }

    public func emptyView() -> EmptyState { EmptyState(emptyMessage) }

    public func errorView(_ error: ListError) -> ErrorState {
        ErrorState(headline: "Could not load \(title)", error: error)
    }

    public var emptyMessage: String { "Nothing here" }

    public var rowHeight: RowHeight { .uniform(1) }

    public func open(_ item: Item) -> OpenResult { .nothing }

    public func drillIn(_ item: Item) -> OpenResult { open(item) }

    public var previewPlacement: PreviewPlacement? { nil }

    public func preview(_ item: Item, context: ListContext<Self>) -> Preview? { nil }

    public var pickMode: PickMode { .none }

    public var actions: [ScreenAction<Self>] { [] }

    public func filterText(_ item: Item) -> String { String(describing: item) }

    public func filterSource(for items: ItemList<Item>) -> (any FilterableText)? { nil }

    public func filterQuery(_ text: String) -> FilterQuery { FilterQuery(text) }

    public var filterPrompt: FilterPrompt? { nil }

    public var canReload: Bool { true }

    public var initialItems: Items? { nil }

    public var timeout: Duration? { nil }

    public func statusNote(_ context: ListContext<Self>) -> String? { nil }

    public func progressNote(_ context: ListContext<Self>) -> String? { nil }
}

extension ListScreen where Item: CustomStringConvertible {
    /// Rows show the item's description when a screen does not say otherwise.
    public func row(_ item: Item, context: RowContext) -> Text { Text(item.description) }
}

extension ListScreen where Row == Text {
    /// The filter searches the row's text.
    public func filterText(_ item: Item) -> String {
        row(item, context: RowContext(index: 0, isSelected: false)).plainText
    }
}
