/// The work on a live list's feed: starting its task after each load, taking its
/// messages, applying its changes to the model at most once a frame, `r` starting it
/// again. The host passes its model, its marks and a ``HostLoads`` for the feed's task;
/// the decisions are LiveHostState.swift's.
@MainActor
extension LiveHostState {
    /// Starts the feed when the list has loaded and no feed runs for that load; a list that
    /// follows its end opens on its last row the first time.
    mutating func startIfDue(model: inout ListModel<Item>, loads: HostLoads<LiveMessage>) {
        guard model.activity == .settled, !model.isLoadInFlight else { return }
        switch model.state {
        case .loaded, .empty: break
        case .idle, .loading, .error: return
        }
        guard case .starts(let selectsLast) = loadSettled(generation: model.generation, rowCount: model.count)
        else { return }
        if selectsLast { model.select(model.count - 1) }
        start(model: &model, loads: loads)
    }

    /// Starts the feed (again), cancelling one still running; the rows stay.
    mutating func start(model: inout ListModel<Item>, loads: HostLoads<LiveMessage>) {
        stop(model: &model, loads: loads)
        let (generation, inbox) = begin()
        let feed = self.feed
        model.live = (nil, nil)
        model.activity = .live
        let reply = loads.reply
        loads.start(.feed, generation: generation) { report in
            do {
                try await feed.read(inbox) { report(reply(.arrived)) }
                return reply(.ended(nil))
            } catch {
                return reply(.ended(ListError(error)))
            }
        }
    }

    /// Cancels the running feed, if any: what it still sends is dropped.
    mutating func stop(model: inout ListModel<Item>, loads: HostLoads<LiveMessage>) {
        guard stop(cancel: { loads.cancel(.feed, generation: $0) }) else { return }
        if model.activity == .live { model.activity = .settled }
    }

    /// Takes a message of the feed started as `generation`; true when the rows changed.
    mutating func take(_ message: LiveMessage, generation: Int, now: Duration, model: inout ListModel<Item>,
                       marks: inout ListMarks<Item.ID>) -> Bool {
        switch receive(message, generation: generation) {
        case nil: return false
        case .arrived?: return applyIfDue(now: now, model: &model, marks: &marks)
        case .ended(let error)?:
            _ = apply(now: now, model: &model, marks: &marks)
            feedEnded()
            model.activity = error.map { .liveStopped($0) } ?? .liveEnded
            return true
        }
    }

    /// Applies what waits in the inbox if a frame has passed since the last batch.
    mutating func applyIfDue(now: Duration, model: inout ListModel<Item>, marks: inout ListMarks<Item.ID>) -> Bool {
        guard isDue(now: now) else { return false }
        return apply(now: now, model: &model, marks: &marks)
    }

    /// Applies every change waiting in the inbox; the marks of rows it removed are dropped.
    private mutating func apply(now: Duration, model: inout ListModel<Item>, marks: inout ListMarks<Item.ID>) -> Bool {
        guard let changes = takeBatch() else { return false }
        let outcome = model.apply(changes, followsEnd: feed.followsEnd)
        noteApplied(unseen: outcome.unseen, note: outcome.note, now: now,
                    atEnd: model.count == 0 || model.selection == model.count - 1)
        if !marks.isEmpty { marks.unmarkGone(after: changes, remaining: model.state.items.lazy.map(\.id)) }
        return true
    }

    /// `r` on a list whose feed ended or failed starts the feed again, keeping the rows; so
    /// does `r` on a list that cannot load again while its feed runs
    /// (``restartsOnRefresh(activity:canReload:)``). True when it started.
    mutating func restart(on command: Command, canReload: Bool, model: inout ListModel<Item>,
                          loads: HostLoads<LiveMessage>) -> Bool {
        guard command == .refresh, restartsOnRefresh(activity: model.activity, canReload: canReload) else { return false }
        start(model: &model, loads: loads)
        return true
    }
}
