/// Everything a list screen shows, as a value with pure transitions.
///
/// The runtime owns one per screen. Each transition returns the effects to carry out
/// (start a load, cancel one); results come back tagged with the generation of the load
/// that produced them, and a result whose generation is not current is dropped.
public struct ListModel<Item: Identifiable & Sendable> {
    /// What the list shows.
    public private(set) var state: ListState<Item> = .idle
    /// A refresh is in flight while the current rows stay visible.
    public private(set) var isRefreshing = false
    /// A refresh failed; the rows shown are from before it.
    public private(set) var refreshError: ListError?
    /// Whether more can be loaded after the rows shown.
    public private(set) var paging: PagingStatus = .complete
    /// The selected row.
    public private(set) var selection = 0
    /// The first visible row.
    public private(set) var scrollOffset = 0
    /// The generation of the newest load; results of older ones are dropped.
    public private(set) var generation = 0
    /// Whether a load of the current generation is in flight.
    public private(set) var isLoadInFlight = false

    /// The timings of the spinner.
    public var timing: LoadTiming

    private var selectedID: Item.ID?
    private var loadStartedAt: Duration?
    private var spinnerShownAt: Duration?
    private var heldResult: Result<ItemList<Item>, ListError>?

    /// Creates a model in the `idle` state.
    public init(timing: LoadTiming = LoadTiming()) {
        self.timing = timing
    }

    /// Creates a model that starts from items it already has (seed 004's initial data).
    public init(items: ItemList<Item>, timing: LoadTiming = LoadTiming()) {
        self.timing = timing
        state = ListState(from: items)
        rememberSelection()
    }

    // MARK: - Effects

    /// What the runtime must do after a transition.
    public enum Effect: Hashable, Sendable {
        /// Start the load of this generation.
        case startLoad(generation: Int)
        /// Cancel the load of this generation.
        case cancelLoad(generation: Int)
    }

    // MARK: - Loading

    /// Starts a load that discards the rows and shows the spinner (after its delay).
    public mutating func load(now: Duration) -> [Effect] {
        let cancel = cancelInFlight()
        generation += 1
        isLoadInFlight = true
        isRefreshing = false
        refreshError = nil
        heldResult = nil
        state = .loading
        loadStartedAt = now
        spinnerShownAt = nil
        return cancel + [.startLoad(generation: generation)]
    }

    /// `r`: retries what failed, else refreshes in the background keeping the rows.
    /// With nothing shown yet (or an empty list) it loads with the spinner.
    public mutating func refresh(now: Duration) -> [Effect] {
        guard case .loaded = state else { return load(now: now) }
        let cancel = cancelInFlight()
        generation += 1
        isLoadInFlight = true
        isRefreshing = true
        refreshError = nil
        heldResult = nil
        loadStartedAt = nil
        spinnerShownAt = nil
        return cancel + [.startLoad(generation: generation)]
    }

    /// Cancels whatever is in flight (the screen is going away).
    public mutating func cancel() -> [Effect] {
        let effects = cancelInFlight()
        generation += 1
        if state.isLoading { state = .idle }
        isRefreshing = false
        loadStartedAt = nil
        spinnerShownAt = nil
        heldResult = nil
        return effects
    }

    private mutating func cancelInFlight() -> [Effect] {
        guard isLoadInFlight else { return [] }
        isLoadInFlight = false
        return [.cancelLoad(generation: generation)]
    }

    /// Takes the result of the load of `generation`. Returns false when it is stale (a newer
    /// load started, or the screen was left) and was dropped.
    @discardableResult
    public mutating func receive(_ result: Result<ItemList<Item>, ListError>, generation: Int, now: Duration) -> Bool {
        guard generation == self.generation, isLoadInFlight else { return false }
        isLoadInFlight = false
        if let shown = spinnerShownAt, now < shown + timing.spinnerMinimum {
            heldResult = result  // keep the spinner up for its minimum
            return true
        }
        apply(result)
        return true
    }

    private mutating func apply(_ result: Result<ItemList<Item>, ListError>) {
        loadStartedAt = nil
        spinnerShownAt = nil
        heldResult = nil
        switch result {
        case .success(let items):
            state = ListState(from: items)
            isRefreshing = false
            restoreSelection(in: items)
        case .failure(let error):
            if isRefreshing {
                refreshError = error  // keep the rows; say the refresh failed
                isRefreshing = false
            } else {
                state = .error(error)
            }
        }
    }

    // MARK: - Time

    /// Whether the spinner is showing at `now` (call ``advance(to:)`` first).
    public var isSpinnerVisible: Bool { spinnerShownAt != nil }

    /// The spinner frame to draw at `now`.
    public func spinnerFrame(at now: Duration) -> Int {
        guard let shown = spinnerShownAt, timing.frameInterval > .zero else { return 0 }
        return Int((now - shown) / timing.frameInterval)
    }

    /// Moves time forward: shows the spinner when its delay has passed and applies a held
    /// result when the spinner's minimum has passed. Returns whether anything changed.
    @discardableResult
    public mutating func advance(to now: Duration) -> Bool {
        var changed = false
        if spinnerShownAt == nil, let started = loadStartedAt, state.isLoading, now >= started + timing.spinnerDelay {
            spinnerShownAt = started + timing.spinnerDelay
            changed = true
        }
        if let held = heldResult, let shown = spinnerShownAt, now >= shown + timing.spinnerMinimum {
            apply(held)
            changed = true
        }
        return changed
    }

    /// The next moment something changes on its own (spinner appears, frame turns, held
    /// result applies), or nil when nothing will: the app then sleeps until an event.
    public func nextDeadline(after now: Duration) -> Duration? {
        if spinnerShownAt == nil, let started = loadStartedAt, state.isLoading {
            return started + timing.spinnerDelay
        }
        guard let shown = spinnerShownAt else { return nil }
        var deadline = shown + timing.frameInterval * (spinnerFrame(at: now) + 1)
        if heldResult != nil { deadline = min(deadline, shown + timing.spinnerMinimum) }
        return deadline
    }

    // MARK: - Selection

    /// Number of rows.
    public var count: Int { state.items.count }

    /// The selected item, if any.
    public var selectedItem: Item? {
        let items = state.items
        return items.indices.contains(selection) ? items[selection] : nil
    }

    /// Selects row `index`, clamped to the rows.
    public mutating func select(_ index: Int) {
        selection = max(0, min(index, count - 1))
        rememberSelection()
    }

    /// Moves the selection by `delta` rows, clamped.
    public mutating func move(by delta: Int) { select(selection + delta) }

    /// Keeps the selected row visible in `height` rows; call on layout.
    public mutating func layout(height: Int, footerRows: Int = 0) {
        scrollOffset = ListView.scrollOffset(keeping: selection, visibleIn: height, from: scrollOffset, rows: count + footerRows)
    }

    private mutating func rememberSelection() {
        selection = max(0, min(selection, count - 1))
        selectedID = selectedItem?.id
    }

    /// After new items arrive: the same item stays selected if it is still there, else the
    /// nearest position.
    private mutating func restoreSelection(in items: ItemList<Item>) {
        if let id = selectedID {
            if items.indices.contains(selection), items[selection].id == id {
                // Same place: the common case, found without a search.
            } else if let index = items.firstIndex(where: { $0.id == id }) {
                selection = index
            }
        }
        rememberSelection()
    }
}
