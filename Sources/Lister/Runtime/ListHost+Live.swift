/// Live lists: the host starts the screen's feed after each successful load, takes its
/// changes at most once a frame and applies them to the model.
extension ListHost {
    /// What the feed's task brings back.
    enum LiveMessage: Sendable {
        /// Changes wait in the inbox (sent only when it was empty).
        case arrived
        /// The feed ended: nil when its sequence finished, else its error.
        case ended(ListError?)
    }

    /// Starts the feed when the list has loaded and no feed runs for that load.
    func startFeedIfDue() {
        guard var live, live.startedAfterLoad != model.generation,
              model.activity == .settled, !model.isLoadInFlight
        else { return }
        switch model.state {
        case .loaded, .empty: break
        case .idle, .loading, .error: return
        }
        if !live.hasStarted, live.feed.followsEnd, model.count > 0 { model.select(model.count - 1) }
        live.hasStarted = true
        live.unseen = 0  // the load's rows replaced those counted
        live.startedAfterLoad = model.generation
        self.live = live
        startFeed()
    }

    /// Starts the feed (again), cancelling one still running; the rows stay.
    func startFeed() {
        guard var live else { return }
        stopFeed()
        live = self.live ?? live
        live.generation += 1
        let inbox = FeedInbox<S.Item>()
        live.inbox = inbox
        live.isPending = false
        self.live = live
        model.live = (nil, nil)
        model.activity = .live
        let feed = live.feed
        let reply = Reply(to: self)
        scheduler.startLoad(LoadID(screen: id, stream: .feed, generation: live.generation)) { report in
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
        guard var live, let inbox = live.inbox else { return }
        scheduler.cancelLoad(LoadID(screen: id, stream: .feed, generation: live.generation))
        inbox.close()
        live.generation += 1
        live.inbox = nil
        live.isPending = false
        self.live = live
        if model.activity == .live { model.activity = .settled }
    }

    /// Takes a message of the feed started as `generation`; true when the rows changed.
    func receive(_ message: LiveMessage, generation: Int, now: Duration) -> Bool {
        guard var live, generation == live.generation, live.inbox != nil else { return false }
        switch message {
        case .arrived:
            live.isPending = true
            self.live = live
            return applyFeedIfDue(now: now)
        case .ended(let error):
            _ = applyFeed(now: now)
            self.live?.inbox = nil
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
    /// does `r` on a list that cannot load again (its rows come only from its feed) while
    /// its feed runs: there is no load to run behind the rows.
    func restartsFeed(on command: Command) -> Bool {
        guard live != nil, command == .refresh else { return false }
        switch model.activity {
        case .liveEnded, .liveStopped:
            startFeed()
            return true
        case .live where !screen.canReload:
            startFeed()
            return true
        default:
            return false
        }
    }

    /// The user reached the last row: nothing there is unseen any more.
    func noteSelectionMoved() {
        guard live != nil, model.count == 0 || model.selection == model.count - 1 else { return }
        live?.unseen = 0
    }

    /// What the status bar adds to a live feed's word: the feed's note and the rows that
    /// came below the view.
    func sayLive(_ activity: ListActivity, on line: inout StatusLine) {
        live?.say(activity, on: &line)
    }
}
