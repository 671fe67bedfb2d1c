/// Live lists: the feed's state and work are ``LiveHostState``'s (LiveHostState+Feed.swift);
/// the host lends it the model, the marks and a way to start the feed's task.
extension ListHost {
    /// The feed's loads: its messages come back as ``Message/live(_:)``.
    private var feedLoads: HostLoads<LiveMessage> {
        HostLoads(scheduler: scheduler, screen: id, reply: Reply(to: self).wrapping { .live($0) })
    }

    /// Starts the feed when the list has loaded and no feed runs for that load.
    func startFeedIfDue() { live?.startIfDue(model: &model, loads: feedLoads) }

    /// Cancels the running feed, if any: what it still sends is dropped.
    func stopFeed() { live?.stop(model: &model, loads: feedLoads) }

    /// Takes a message of the feed started as `generation`; true when the rows changed.
    func receive(_ message: LiveMessage, generation: Int, now: Duration) -> Bool {
        live?.take(message, generation: generation, now: now, model: &model, marks: &marks) ?? false
    }

    /// Applies what waits in the inbox if a frame has passed since the last batch.
    func applyFeedIfDue(now: Duration) -> Bool { live?.applyIfDue(now: now, model: &model, marks: &marks) ?? false }

    /// When the changes waiting may be applied.
    var feedDeadline: Duration? { live?.deadline }

    /// `r` starts an ended feed again (``LiveHostState/restart(on:canReload:model:loads:)``).
    func restartsFeed(on command: Command) -> Bool {
        live?.restart(on: command, canReload: screen.canReload, model: &model, loads: feedLoads) ?? false
    }

    /// The user reached the last row: nothing there is unseen any more.
    func noteSelectionMoved() {
        live?.selectionMoved(atEnd: model.count == 0 || model.selection == model.count - 1)
    }

    /// What the status bar adds to a live feed's word (``LiveHostState/say(_:on:)``).
    func sayLive(_ activity: ListActivity, on line: inout StatusLine) { live?.say(activity, on: &line) }
}
