/// Everything a list screen shows, as a value with pure transitions.
///
/// The runtime owns one per screen. Each transition returns the effects to carry out
/// (start a load, cancel one); results come back tagged with the generation of the load
/// that produced them, and a result whose generation is not current is dropped.
///
/// One machine serves one-shot and paged lists: a one-shot list is a list of one page.
/// A paged list's first page comes from ``load(now:)`` or ``refresh(now:)`` like a one-shot
/// list; later pages come from ``loadMore(now:)`` (or ``loadMoreIfNeeded(now:)`` as the
/// selection nears the end), are appended without repeating an id, and fail on their own,
/// keeping every row. At most one load is in flight: a refresh or reload cancels a page
/// load, and each load has its own generation. The generations, the spinner and timeouts
/// are a ``LoadLifecycle``, the same as a detail screen's.
public struct ListModel<Item: Identifiable & Sendable> {
    /// What the list shows.
    public internal(set) var state: ListState<Item> = .idle {
        willSet { settleSelectedID() }  // the selected item's id, read while its rows are still there
        didSet { count = state.items.count }
    }
    /// Number of rows: kept beside ``state`` because every key asks for it, and reading it
    /// from the generic state costs metadata lookups when the host runs unspecialised.
    public private(set) var count = 0
    /// What runs behind the rows, or how it ended: one value for refresh, stream and page.
    public internal(set) var activity: ListActivity = .settled
    /// Whether a paged list has more pages after those loaded (false when not paged).
    var hasMore = false
    /// A refresh is in flight while the current rows stay visible.
    public var isRefreshing: Bool { activity == .refreshing }
    /// A refresh failed; the rows shown are from before it.
    public var refreshError: ListError? {
        if case .refreshFailed(let error) = activity { return error }
        return nil
    }
    /// Rows are still arriving from the load in flight (a stream being read): the rows
    /// shown are those that came so far, and more are appended as they come.
    public var isStreaming: Bool { activity == .streaming }
    /// A stream that failed (or timed out) after some of its rows came; they stay shown.
    public var streamError: ListError? {
        if case .streamStopped(let error) = activity { return error }
        return nil
    }
    /// Whether more can be loaded after the rows shown.
    public var paging: PagingStatus {
        switch activity {
        case .loadingPage: return .loadingMore
        case .pageFailed(_, let error): return .failed(error)
        default: return hasMore ? .more : .complete
        }
    }
    /// Whether the rows came as pages (a paged list shows "End of list" and its page).
    public internal(set) var isPaged = false
    /// Pages loaded since the list was last replaced (1 for a one-shot list).
    public internal(set) var pageCount = 0
    /// The selected row.
    public internal(set) var selection = 0
    /// The first visible row.
    public internal(set) var scrollOffset = 0
    /// Counts changes of the rows, so views built from them can be cached.
    public internal(set) var revision = 0
    /// The ``revision`` at which the rows were last replaced; later revisions only appended
    /// rows (pages, a stream), so a filter needs to look at the new rows only.
    public internal(set) var replacedRevision = 0
    /// The loads: generations, the spinner and timeouts.
    var loads: LoadLifecycle<Arrival>

    /// The generation of the newest load; results of older ones are dropped.
    public var generation: Int { loads.generation }
    /// Whether a load of the current generation is in flight.
    public var isLoadInFlight: Bool { loads.isInFlight }
    /// The timings of the spinner.
    public var timing: LoadTiming {
        get { loads.timing }
        set { loads.timing = newValue }
    }
    /// How long a load may go without an answer before it fails as timed out; nil waits
    /// for ever.
    public var timeout: Duration? {
        get { loads.timeout }
        set { loads.timeout = newValue }
    }
    /// Rows from the last loaded row within which the next page starts loading; nil means
    /// one screen (the height of the last ``layout(height:footerRows:)``).
    public var prefetchDistance: Int?

    /// The id of the selected item, kept to find it again when new rows replace the list.
    /// A move only marks it out of date (``selectedIDIsStale``): reading an item's id can
    /// mean building the item, too slow for every key, so it is read when the rows are
    /// about to change (see ``state``) or when it is asked for.
    var selectedID: Item.ID? {
        mutating get {
            settleSelectedID()
            return knownSelectedID
        }
        set {
            knownSelectedID = newValue
            selectedIDIsStale = false
        }
    }
    private var knownSelectedID: Item.ID?
    /// Whether the selection moved since ``knownSelectedID`` was read.
    private var selectedIDIsStale = false

    /// Reads the selected item's id if the selection moved since it was last read.
    mutating func settleSelectedID() {
        guard selectedIDIsStale else { return }
        selectedID = selectedItem?.id
    }

    /// Notes that the selection moved; its item's id is read when it is needed.
    mutating func markSelectedIDStale() {
        selectedIDIsStale = true
    }

    /// The id of the item that was selected when a stream replaced the rows, while the
    /// stream has not brought it back yet: it is selected again when it arrives, unless the
    /// user moved meanwhile.
    var pendingSelectionID: Item.ID?
    /// The rows of a paged list, and the ids among them.
    var pagedItems: [Item] = []
    var seenIDs: Set<Item.ID> = []
    var pagesWithoutNewItems = 0
    var viewportHeight = 0
    /// The rows of a live list as an array once single items changed, and the index of their
    /// ids (``apply(_:followsEnd:)``); nil while the rows are the storage a load or a
    /// snapshot brought.
    var live: (rows: [Item]?, index: [Item.ID: Int]?) = (nil, nil)

    /// What a load brought, before the model applies it.
    struct Arrival: Sendable {
        var items: ItemList<Item>
        /// Items that may repeat ids (a page): only the first of each id is kept.
        var isPage: Bool
        var hasMore: Bool
    }

    /// Creates a model in the `idle` state.
    public init(timing: LoadTiming = LoadTiming()) {
        loads = LoadLifecycle(timing: timing)
    }

    /// Creates a model that starts from items it already has (shown at once, before any load).
    public init(items: ItemList<Item>, timing: LoadTiming = LoadTiming()) {
        loads = LoadLifecycle(timing: timing)
        state = ListState(from: items)
        count = items.count  // an initialiser does not run `state`'s didSet
        pageCount = 1
        rememberSelection()
    }

    // MARK: - Effects

    /// What the runtime must do after a transition.
    public enum Effect: Hashable, Sendable {
        /// Start the load of this generation: the whole list, or the first page of a paged one.
        case startLoad(generation: Int)
        /// Start the load of page `page` (2 or later) of a paged list, as this generation.
        case loadPage(generation: Int, page: Int)
        /// Cancel the load of this generation.
        case cancelLoad(generation: Int)
    }

    // MARK: - Loading

    /// Starts a load that discards the rows and shows the spinner (after its delay).
    public mutating func load(now: Duration) -> [Effect] {
        let effects = begin(page: nil, now: now, background: false)
        if case .loaded = state {
            // The rows are gone: views and the filter built from them must look again.
            revision += 1
            replacedRevision = revision
        }
        state = .loading
        hasMore = false
        return effects
    }

    /// `r`: retries what failed, else refreshes in the background keeping the rows.
    ///
    /// A failed page is asked for again (the list does not restart from page 1). Otherwise
    /// the first page loads behind the rows and replaces them when it comes; a page load in
    /// flight is cancelled. With nothing shown yet (or an empty list) it loads with the
    /// spinner.
    public mutating func refresh(now: Duration) -> [Effect] {
        if case .pageFailed(let page, _) = activity, !isLoadInFlight { return startPage(page, now: now) }
        guard case .loaded = state else { return load(now: now) }
        let effects = begin(page: nil, now: now, background: true)
        activity = .refreshing
        return effects
    }

    /// Cancels whatever is in flight (the screen is going away).
    public mutating func cancel() -> [Effect] {
        if activity.isInFlight { activity = .settled }  // a page stopped before its answer leaves more to load
        let effects = loads.cancel()
        if state.isLoading { state = .idle }
        return effects.map { effect($0) }
    }

    /// Takes the result of the load of `generation`: the whole list, or the first page of a
    /// list that has no more. Returns false when it is stale (a newer load started, or the
    /// screen was left) and was dropped.
    @discardableResult
    public mutating func receive(_ result: Result<ItemList<Item>, ListError>, generation: Int, now: Duration) -> Bool {
        take(result.map { Arrival(items: $0, isPage: false, hasMore: false) }, generation: generation, now: now)
    }

    /// Starts a load of `page` (nil: the first page), cancelling the one in flight. The
    /// activity starts over: the caller says what the new load is.
    mutating func begin(page: Int?, now: Duration, background: Bool) -> [Effect] {
        activity = .settled
        if let pending = pendingSelectionID {
            selectedID = pending  // a load before the stream brought it back still looks for it
            pendingSelectionID = nil
        }
        return loads.start(now: now, background: background).map { effect($0, page: page) }
    }

    /// The model's effect for a lifecycle effect: a start names the page it loads (nil:
    /// the whole list or its first page).
    func effect(_ effect: LoadLifecycle<Arrival>.Effect, page: Int? = nil) -> Effect {
        switch effect {
        case .start(let generation):
            return page.map { .loadPage(generation: generation, page: $0) } ?? .startLoad(generation: generation)
        case .cancel(let generation):
            return .cancelLoad(generation: generation)
        }
    }

    /// Accepts a result of the current load, holding it while the spinner has its minimum.
    mutating func take(_ result: Result<Arrival, ListError>, generation: Int, now: Duration) -> Bool {
        switch loads.receive(result, generation: generation, now: now) {
        case .stale: return false
        case .held: return true  // keep the spinner up for its minimum
        case .apply(let result):
            apply(result)
            return true
        }
    }

    mutating func apply(_ result: Result<Arrival, ListError>) {
        switch (activity, result) {
        case (.streaming, _):
            finishStream(result)
        case (.loadingPage(let page), .success(let arrival)):
            append(arrival, page: page)
        case (.loadingPage(let page), .failure(let error)):
            activity = .pageFailed(page, error)  // keep every row; `r` asks for this page again
        case (.refreshing, .failure(let error)):
            activity = .refreshFailed(error)  // keep the rows; say the refresh failed
        case (_, .success(let arrival)):
            replace(with: arrival)
        case (_, .failure(let error)):
            state = .error(error)
            activity = .settled
            hasMore = false
        }
    }
}
