/// What a live list's feed task brings back.
enum LiveMessage: Equatable, Sendable {
    /// Changes wait in the inbox (sent only when it was empty).
    case arrived
    /// The feed ended: nil when its sequence finished, else its error.
    case ended(ListError?)
}

/// What a host keeps of its screen's feed (``LiveListScreen``), and the feed's decisions:
/// when it starts after a load, which start a message belongs to, when `r` starts it
/// again. The host carries them out (the task, the model's rows and activity).
struct LiveHostState<Item: Identifiable & Sendable> {
    let feed: LiveFeed<Item>
    /// Counts the feed's starts; messages of an older start are dropped.
    var generation = 0
    /// Where the running feed puts its changes; nil while no feed runs.
    var inbox: FeedInbox<Item>?
    /// The list load whose result the feed last started after.
    var startedAfterLoad: Int?
    /// Changes wait in the inbox.
    var isPending = false
    /// When changes were last applied: the next batch waits for a frame after it.
    var appliedAt: Duration?
    /// Rows added at the end since the user was last on the last row.
    var unseen = 0
    /// The feed's last word for the status bar.
    var note: String?
    /// Whether the feed has started once (a list that follows its end opens on its last row).
    var hasStarted = false

    init(feed: LiveFeed<Item>) { self.feed = feed }

    /// When the changes waiting may be applied: a frame after the last batch; nil when
    /// none wait.
    var deadline: Duration? {
        guard isPending else { return nil }
        return (appliedAt ?? .zero) + feed.frameInterval
    }

    /// Whether changes wait and a frame has passed since the last batch.
    func isDue(now: Duration) -> Bool {
        guard let deadline else { return false }
        return appliedAt == nil || now >= deadline
    }

    /// Takes every change waiting in the inbox; nil when there are none (or no feed runs).
    mutating func takeBatch() -> [ListChange<Item>]? {
        guard let inbox else { return nil }
        isPending = false
        let changes = inbox.take()
        return changes.isEmpty ? nil : changes
    }

    /// Notes a batch applied at `now`: the rows it added below the view, and its note. The
    /// user on the last row (`atEnd`) has seen them.
    mutating func noteApplied(unseen added: Int, note: String??, now: Duration, atEnd: Bool) {
        appliedAt = now
        unseen = atEnd ? 0 : unseen + added
        if let note { self.note = note }
    }

    /// What a load that settled at `generation` with `rowCount` rows (loaded or empty,
    /// nothing else in flight) means for the feed.
    enum LoadSettled: Equatable {
        /// The feed runs after that load already.
        case keepsRunning
        /// The feed starts; a list that follows its end opens on its last row the first
        /// time (`selectsLast`).
        case starts(selectsLast: Bool)
    }

    /// A load settled at `generation` with `rowCount` rows: the feed starts once per load;
    /// the rows the load brought replace those counted as unseen.
    mutating func loadSettled(generation: Int, rowCount: Int) -> LoadSettled {
        guard startedAfterLoad != generation else { return .keepsRunning }
        let selectsLast = !hasStarted && feed.followsEnd && rowCount > 0
        hasStarted = true
        unseen = 0  // the load's rows replaced those counted
        startedAfterLoad = generation
        return .starts(selectsLast: selectsLast)
    }

    /// Starts the feed anew: a new generation (what an older start sends is dropped) and
    /// a new inbox, returned for the feed's task.
    mutating func begin() -> (generation: Int, inbox: FeedInbox<Item>) {
        generation += 1
        let inbox = FeedInbox<Item>()
        self.inbox = inbox
        isPending = false
        return (generation, inbox)
    }

    /// Stops the running feed: `cancel` is called with its generation (to cancel its task),
    /// then its inbox closes and what it still sends is dropped. False when no feed runs.
    mutating func stop(cancel: (_ generation: Int) -> Void) -> Bool {
        guard let inbox else { return false }
        cancel(generation)
        inbox.close()
        generation += 1
        self.inbox = nil
        isPending = false
        return true
    }

    /// Takes a message of the feed started as `generation`: nil when it is from an older
    /// start or no feed runs (dropped), else the message to act on (changes that arrived
    /// wait in the inbox until they are due; an end closes the feed once its last changes
    /// are taken: ``feedEnded()``).
    mutating func receive(_ message: LiveMessage, generation: Int) -> LiveMessage? {
        guard generation == self.generation, inbox != nil else { return nil }
        if case .arrived = message { isPending = true }
        return message
    }

    /// The feed ended and its last changes are applied: no feed runs.
    mutating func feedEnded() { inbox = nil }

    /// Whether `r` starts the feed again, keeping the rows: after it ended or failed, or
    /// while it runs on a list that cannot load again (`canReload` false: its rows come
    /// only from its feed, and there is no load to run behind them).
    func restartsOnRefresh(activity: ListActivity, canReload: Bool) -> Bool {
        switch activity {
        case .liveEnded, .liveStopped: true
        case .live: !canReload
        default: false
        }
    }

    /// The user is on the last row (`atEnd`): nothing there is unseen any more.
    mutating func selectionMoved(atEnd: Bool) {
        if atEnd { unseen = 0 }
    }

    /// What the status bar adds to a live feed's word: the feed's note and the rows that
    /// came below the view.
    func say(_ activity: ListActivity, on line: inout StatusLine) {
        switch activity {
        case .live, .liveEnded, .liveStopped:
            line.say(note)
            if unseen > 0 { line.say("\(unseen) new ↓") }
        default:
            break
        }
    }
}
