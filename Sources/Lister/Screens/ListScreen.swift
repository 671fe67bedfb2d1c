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
public protocol ListScreen: Screen, ListScreenOptions, _ListScreenRefinements {
    /// The items of the list; identity keeps the selection across refreshes.
    associatedtype Item: Identifiable & Sendable
    /// The collection `load` returns: an array, or compact storage with integer indices.
    associatedtype Items: RandomAccessCollection & Sendable where Items.Element == Item, Items.Index == Int
    /// The view of one row.
    associatedtype Row: View
    /// The view of the footer row.
    associatedtype Footer: View = Text

    /// Loads the items. Throw a ``ListError`` to say whether retrying can help.
    nonisolated func load() async throws -> Items

    /// Draws one row: one line, or as many as ``ListScreenOptions/rowHeight`` allows.
    ///
    /// The row must depend only on `item`, `context` and the screen's own properties: the
    /// default ``body(_:)`` reuses the cells of a row drawn in the last frame while none of
    /// these has changed (a new load, a marked row, a filter query draw it again).
    func row(_ item: Item, context: RowContext) -> Row

    /// What Enter on `item` opens. By default nothing.
    func open(_ item: Item) -> OpenResult

    /// Keys this screen handles itself (they win over the app's keys). None by default.
    var actions: [ScreenAction<Self>] { get }

    /// The list area for the current state. The default draws the loading view (once the
    /// spinner delay has passed), the empty view, the error view, or the rows and footer.
    /// It may be called for frames that are never shown (frames drawn ahead of a key, a
    /// frame laid out again), so it must depend only on the context and act on nothing.
    @ViewBuilder func body(_ context: ListContext<Self>) -> Group

    /// The row after the last one, if any: "Loading more…", an inline error, "End of list".
    func footer(_ context: ListContext<Self>) -> Footer?

    /// A word of the screen's own for the status bar ("file.txt shrank"), shown when the
    /// list has nothing to say there (no load, refresh or failure); nil by default.
    func statusNote(_ context: ListContext<Self>) -> String?

    /// What the status bar says after `reading…` while a stream is read; nil (the default)
    /// says the number of rows so far. A screen that knows more says it (`lister json`:
    /// the rows and the megabytes read, `reading… 1200 · 3.5 MB`).
    func progressNote(_ context: ListContext<Self>) -> String?

    /// Where the preview pane goes, beside or under the list; nil (the default) for a list
    /// without one. The preview key (`p`) shows and hides it.
    var previewPlacement: PreviewPlacement? { get }

    /// What the preview pane shows for `item`, loaded off the main actor when the
    /// selection rests on it; nil says "No preview". The context has the filter's query
    /// and the marks. Only asked when ``previewPlacement`` is set, once per frame: make
    /// the ``Preview`` (its key and loader), and leave the work to its loader.
    func preview(_ item: Item, context: ListContext<Self>) -> Preview?

    // MARK: Rarely changed, each with a default (the others are in ListScreenOptions)

    /// Loads the items, reporting the rows that came so far while it goes on (a stream
    /// being read): the list shows them at once and stays navigable while it grows. By
    /// default it calls ``load()`` and reports nothing. Each report must begin with the
    /// rows of the one before, and the result with those of the last report.
    nonisolated func load(progress: LoadProgress<Items>) async throws -> Items

    /// Items to show at once, before the first load finishes (what the previous screen
    /// already knew, or a cache).
    /// Nil by default: the screen starts loading with nothing shown.
    var initialItems: Items? { get }

    /// Whether the first load continues ``initialItems`` instead of refreshing behind them:
    /// true when they are the start of what the load reads (`lister lines FILE` reads its
    /// first screenful before the terminal starts). The load's reports then begin with
    /// them and grow the list at once, as a stream's do. False by default.
    var continuesInitialItems: Bool { get }

    /// What Right (`l`) on `item` opens: by default what Enter opens, but it never picks.
    /// A screen whose Enter picks a row can show it here instead (`lister dir --pick`
    /// previews a file on Right and prints it on Enter).
    func drillIn(_ item: Item) -> OpenResult

    /// The text the filter searches for `item`. By default the row's text when rows are
    /// ``Text``, else the item's description.
    func filterText(_ item: Item) -> String

    /// The rows' text in a form the filter reads without building strings (compact sources
    /// such as `lister lines`); nil by default: the filter builds it from ``filterText(_:)``.
    func filterSource(for items: ItemList<Item>) -> (any FilterableText)?

    /// Whether `item` can take the selection. True by default; false for rows that only
    /// show something (a heading, a separator, a note in a list of mixed kinds): the move
    /// keys, clicks and the filter pass over them.
    func isSelectable(_ item: Item) -> Bool
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

    public func open(_ item: Item) -> OpenResult { .nothing }

    public func drillIn(_ item: Item) -> OpenResult { open(item) }

    public var initialItems: Items? { nil }

    public var continuesInitialItems: Bool { false }

    public func filterText(_ item: Item) -> String { String(describing: item) }

    public func filterSource(for items: ItemList<Item>) -> (any FilterableText)? { nil }

    public func isSelectable(_ item: Item) -> Bool { true }

    public var previewPlacement: PreviewPlacement? { nil }

    public func preview(_ item: Item, context: ListContext<Self>) -> Preview? { nil }

    public var actions: [ScreenAction<Self>] { [] }

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
