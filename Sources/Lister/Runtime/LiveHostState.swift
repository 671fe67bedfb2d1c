/// What a host keeps of its screen's feed (``LiveListScreen``).
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
