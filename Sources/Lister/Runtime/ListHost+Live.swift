/// Live lists: the host starts the screen's feed after each successful load, takes its
/// changes at most once a frame and applies them to the model. When to start, which start
/// a message belongs to and when `r` starts the feed again are ``LiveHostState``'s
/// answers; the host runs the feed's task and changes the model.
extension ListHost {
    /// Starts the feed when the list has loaded and no feed runs for that load.
    func startFeedIfDue() {
        guard live != nil, model.activity == .settled, !model.isLoadInFlight else { return }
        switch model.state {
        case .loaded, .empty: break
        case .idle, .loading, .error: return
        }
        guard case .starts(let selectsLast)? = live?.loadSettled(generation: model.generation, rowCount: model.count)
        else { return }
        if selectsLast { model.select(model.count - 1) }
        startFeed()
    }

    /// Starts the feed (again), cancelling one still running; the rows stay.
    func startFeed() {
        guard live != nil else { return }
        stopFeed()
        guard let (generation, inbox) = live?.begin(), let feed = live?.feed else { return }
        model.live = (nil, nil)
        model.activity = .live
        let reply = Reply(to: self)
        scheduler.startLoad(LoadID(screen: id, stream: .feed, generation: generation)) { report in
            do {
                try await feed.read(inbox) { report(reply(.live(.arrived))) }
                return reply(.live(.ended(nil)))
            } catch {
                return reply(.live(.ended(ListError(error))))
            }
        }
    }

    /// Cancels the running feed, if any: what it still sends is dropped.
    func stopFeed() {
        let stopped = live?.stop { generation in
            scheduler.cancelLoad(LoadID(screen: id, stream: .feed, generation: generation))
        }
        guard stopped == true else { return }
        if model.activity == .live { model.activity = .settled }
    }

    /// Takes a message of the feed started as `generation`; true when the rows changed.
    func receive(_ message: LiveMessage, generation: Int, now: Duration) -> Bool {
        switch live?.receive(message, generation: generation) {
        case nil: return false
        case .arrived?: return applyFeedIfDue(now: now)
        case .ended(let error)?:
            _ = applyFeed(now: now)
            live?.feedEnded()
            model.activity = error.map { .liveStopped($0) } ?? .liveEnded
            return true
        }
    }

    /// Applies what waits in the inbox if a frame has passed since the last batch.
    func applyFeedIfDue(now: Duration) -> Bool {
        guard live?.isDue(now: now) == true else { return false }
        return applyFeed(now: now)
    }

    /// Applies every change waiting in the inbox.
    private func applyFeed(now: Duration) -> Bool {
        guard var live else { return false }
        guard let changes = live.takeBatch() else {
            self.live = live
            return false
        }
        let outcome = model.apply(changes, followsEnd: live.feed.followsEnd)
        live.noteApplied(unseen: outcome.unseen, note: outcome.note, now: now,
                         atEnd: model.count == 0 || model.selection == model.count - 1)
        self.live = live
        if !marks.isEmpty { marks.unmarkGone(after: changes, remaining: model.state.items.lazy.map(\.id)) }
        return true
    }

    /// When the changes waiting may be applied.
    var feedDeadline: Duration? { live?.deadline }

    /// `r` on a list whose feed ended or failed starts the feed again, keeping the rows; so
    /// does `r` on a list that cannot load again while its feed runs
    /// (``LiveHostState/restartsOnRefresh(activity:canReload:)``).
    func restartsFeed(on command: Command) -> Bool {
        guard command == .refresh, live?.restartsOnRefresh(activity: model.activity, canReload: screen.canReload) == true
        else { return false }
        startFeed()
        return true
    }

    /// The user reached the last row: nothing there is unseen any more.
    func noteSelectionMoved() {
        live?.selectionMoved(atEnd: model.count == 0 || model.selection == model.count - 1)
    }

    /// What the status bar adds to a live feed's word: the feed's note and the rows that
    /// came below the view.
    func sayLive(_ activity: ListActivity, on line: inout StatusLine) {
        live?.say(activity, on: &line)
    }
}
