/// What a filter run off the main actor came back with.
enum FilterOutcome: Sendable {
    case finished(FilterResult)
    case stopped(id: Int)
}

/// A host whose rows are filtered by a ``FilterEngine``: every list kind (plain, paged,
/// table, live, `lister lines`, `lister pick` and sectioned lists).
///
/// The one place where a ``FilterRun`` is carried out: small runs at once on the main
/// actor, bigger ones off it as the screen's `.filter` load, the run before cancelled by
/// the next key; the result comes back as the host's own message and goes to
/// ``receiveFilter(_:)``. A host says only what its rows' text is, how a run's outcome
/// is wrapped in its message, and what to do once the matches changed.
@MainActor
protocol FilterHosting: MessageReceiver {
    /// The screen's id, for the filter run's ``LoadID``.
    var id: Int { get }
    /// Starts and cancels the runs off the main actor.
    var scheduler: any LoadScheduler { get }
    /// The filter: its line, engine, rows' text and run in flight.
    var filter: ListFilter { get set }
    /// The text of the rows as the filter reads it (made again after the rows changed).
    func makeFilterSource() -> any FilterableText
    /// The host's message for a run's outcome.
    nonisolated static func filterMessage(_ outcome: FilterOutcome) -> Message
    /// The matches changed: keep the selection among them, rebuild the rows.
    func filterMatchesChanged()
}

extension FilterHosting {
    /// Runs at most this many row checks on the main actor at once; bigger runs go off it.
    static var inlineFilterWorkload: Int { 50_000 }

    /// The rows' text, made once after each change of the rows (``ListFilter/source``).
    var filterSource: any FilterableText {
        if let source = filter.source { return source }
        let made = makeFilterSource()
        filter.source = made
        return made
    }

    /// Carries out what the engine asks: the run in flight off the main actor is cancelled
    /// (the next key's run replaces it); a small run (every run with `inline`) is done at
    /// once, a big one started off the main actor.
    func executeFilter(_ action: FilterAction, inline: Bool = false) {
        var action = action
        while true {
            if case .none = action { return }
            if let running = filter.asyncRunID {
                scheduler.cancelLoad(LoadID(screen: id, stream: .filter, generation: running))
                filter.asyncRunID = nil
            }
            guard case .start(let run) = action else { return }
            let source = filterSource
            if inline || run.workload <= Self.inlineFilterWorkload {
                action = filter.engine.receive(run.perform(over: source))
                continue
            }
            filter.asyncRunID = run.id
            let reply = Reply(to: self)
            scheduler.startLoad(LoadID(screen: id, stream: .filter, generation: run.id)) {
                do {
                    return reply(Self.filterMessage(.finished(try await run.run(over: source))))
                } catch {
                    return reply(Self.filterMessage(.stopped(id: run.id)))
                }
            }
            return
        }
    }

    /// A run off the main actor ended: its matches are shown if it is still the run in
    /// flight (a cancelled one's are dropped by the engine).
    func receiveFilter(_ outcome: FilterOutcome) {
        switch outcome {
        case .finished(let result):
            if filter.asyncRunID == result.id { filter.asyncRunID = nil }
            executeFilter(filter.engine.receive(result))
        case .stopped(let id):
            if filter.asyncRunID == id { filter.asyncRunID = nil }
            filter.engine.runStopped(id: id)
        }
        filterMatchesChanged()
    }

    /// Completes here and now a filter run still going off the main actor, so that a key
    /// acting on the selection (Enter, Tab) acts on a match of the query as typed, not of
    /// the one before it.
    func finishFilterNow() {
        guard filter.asyncRunID != nil, let run = filter.engine.running else { return }
        executeFilter(.start(run), inline: true)
        filterMatchesChanged()
    }
}
