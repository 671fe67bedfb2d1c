/// The filter of one list as a value: the query typed, the matches shown, and the run to
/// start next.
///
/// Every transition is a pure value change that returns a ``FilterAction``; the runtime
/// carries it out (cancel the task in flight, start a task that runs the ``FilterRun`` off
/// the main actor) and hands the result back to ``receive(_:)``. At most one run is in
/// flight; a result of any other run is dropped by its id.
///
/// The engine saves work: a query that narrows an earlier one searches only that one's
/// matches; going back to a recent query (Backspace) reuses its matches at once; rows
/// appended to the list are searched alone, and their matches added.
///
/// ```swift
/// switch filter.setQuery(FilterQuery(line)) {
/// case .none: break
/// case .cancel: task?.cancel()
/// case .start(let run):
///     task?.cancel()
///     task = Task { [store] in
///         if let result = try? await run.run(over: store) { events.send(.filtered(result)) }
///     }
/// }
/// ```
public struct FilterEngine: Sendable {
    /// The query typed.
    public private(set) var query: FilterQuery = .empty
    /// The newest matches; `nil` when the list is not filtered.
    ///
    /// While a run is in flight they can be for an earlier query, or cover fewer rows than
    /// the list has: the list keeps showing them until the run's result arrives.
    public private(set) var matches: FilterMatches?
    /// The number of rows of the list.
    public private(set) var rowCount: Int
    /// The run in flight, if any.
    public private(set) var running: FilterRun?

    private var lastID = 0
    /// Recent matches of other queries, oldest first.
    private var history: [FilterMatches] = []
    /// How many recent results are kept.
    private static let historyLimit = 8

    /// An unfiltered list of `rowCount` rows.
    public init(rowCount: Int = 0) {
        precondition(rowCount >= 0, "negative row count")
        self.rowCount = rowCount
    }

    /// Whether a query is active (the list is filtered or about to be).
    public var isFiltering: Bool { !query.isEmpty }

    /// Whether the matches are for the query typed and cover every row.
    public var isUpToDate: Bool {
        guard let matches else { return query.isEmpty }
        return matches.query == query && matches.isComplete(rowCount: rowCount)
    }

    // MARK: - Transitions

    /// The user changed the query. Returns what to do with the run in flight.
    public mutating func setQuery(_ newQuery: FilterQuery) -> FilterAction {
        guard newQuery != query else { return .none }
        query = newQuery
        if let matches { remember(matches) }
        if newQuery.isEmpty {
            matches = nil
        } else if let index = history.lastIndex(where: { $0.query == newQuery }) {
            matches = history.remove(at: index)
        }
        return replacingRun(with: nextRun())
    }

    /// Rows were appended: the list now has `count` rows. Their matches are searched for
    /// once no run is in flight.
    public mutating func rowsAppended(count: Int) -> FilterAction {
        precondition(count >= rowCount, "rows appended, yet the count went from \(rowCount) to \(count)")
        rowCount = count
        guard running == nil, let run = nextRun() else { return .none }
        running = run
        return .start(run)
    }

    /// The list was replaced (reloaded) by one of `count` rows: every result is forgotten,
    /// and the query is searched again. Until then no row is shown as matching.
    public mutating func rowsReplaced(count: Int) -> FilterAction {
        precondition(count >= 0, "negative row count")
        rowCount = count
        history = []
        matches = query.isEmpty ? nil : FilterMatches(nothingFor: query)
        return replacingRun(with: nextRun())
    }

    /// A run finished. Its matches are shown if it is the run in flight; otherwise they
    /// are dropped. Returns the run for rows appended meanwhile, if any.
    public mutating func receive(_ result: FilterResult) -> FilterAction {
        guard let running, running.id == result.id else { return .none }
        self.running = nil
        matches = result.matches
        guard let run = nextRun() else { return .none }
        self.running = run
        return .start(run)
    }

    /// The run with this id was stopped by someone else (its screen was left, say); call
    /// ``resume()`` to start what is still needed.
    public mutating func runStopped(id: Int) {
        if running?.id == id { running = nil }
    }

    /// Starts the run that brings the matches up to date, if one is needed and none is in
    /// flight.
    public mutating func resume() -> FilterAction {
        guard running == nil, let run = nextRun() else { return .none }
        running = run
        return .start(run)
    }

    // MARK: - Positions

    /// The number of rows shown: the matches, or every row when unfiltered.
    public var visibleCount: Int { matches?.count ?? rowCount }

    /// The row of the full list shown at `position`.
    public func row(atVisible position: Int) -> Int {
        matches.map { $0[position] } ?? position
    }

    /// Where `row` is shown, or `nil` when it is filtered out.
    public func visiblePosition(ofRow row: Int) -> Int? {
        guard let matches else { return row >= 0 && row < rowCount ? row : nil }
        return matches.position(ofRow: row)
    }

    /// Where `row` is shown, or else the nearest shown row after it (before it, at the
    /// end); `nil` when nothing is shown. Keeps the selection in place when its row goes.
    public func visiblePosition(nearestRow row: Int) -> Int? {
        guard visibleCount > 0 else { return nil }
        guard let matches else { return min(max(row, 0), rowCount - 1) }
        return min(matches.insertionPosition(ofRow: row), matches.count - 1)
    }

    // MARK: - Planning

    /// Makes `run` the run in flight, telling the runtime to cancel the one before.
    private mutating func replacingRun(with run: FilterRun?) -> FilterAction {
        let hadRun = running != nil
        running = run
        if let run { return .start(run) }
        return hadRun ? .cancel : .none
    }

    /// The cheapest run that brings the matches up to date, or `nil` when they are.
    private mutating func nextRun() -> FilterRun? {
        guard !query.isEmpty, !isUpToDate else { return nil }
        var prior: FilterMatches?
        var cost = rowCount
        for candidate in history + (matches.map { [$0] } ?? [])
        where candidate.coveredRows <= rowCount && query.isRefinement(of: candidate.query) {
            let candidateCost = (candidate.query == query ? 0 : candidate.count) + rowCount - candidate.coveredRows
            if candidateCost < cost || (candidateCost == cost && candidate.query == query) {
                prior = candidate
                cost = candidateCost
            }
        }
        lastID += 1
        return FilterRun(id: lastID, query: query, rowCount: rowCount, startingFrom: prior)
    }

    /// Keeps `matches` for later queries, within a bound: at most ``historyLimit`` results
    /// and, beyond the newest, about two rows' worth of matches per list row.
    private mutating func remember(_ matches: FilterMatches) {
        guard !matches.query.isEmpty, matches.coveredRows > 0 else { return }
        history.removeAll { $0.query == matches.query }
        history.append(matches)
        let budget = max(2 * rowCount, 1 << 16)
        var total = history.reduce(0) { $0 + $1.count }
        while history.count > Self.historyLimit || (history.count > 1 && total > budget) {
            total -= history.removeFirst().count
        }
    }
}

/// What the runtime should do after a ``FilterEngine`` transition.
public enum FilterAction: Sendable {
    /// Nothing: keep the run in flight, if any.
    case none
    /// Cancel the run in flight; nothing replaces it.
    case cancel
    /// Cancel the run in flight, if any, and start this one off the main actor.
    case start(FilterRun)

    /// The run to start, if any.
    public var run: FilterRun? {
        if case .start(let run) = self { return run }
        return nil
    }
}
