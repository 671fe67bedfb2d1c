import TerminalCore

/// The changes a feed has sent and its list has not taken yet: the task reading the feed
/// puts them in, the host takes them all at once, at most once a frame.
///
/// Bounded: while ``capacity`` changes wait, the reading task waits for the host to take
/// them (one frame at most), so a feed faster than the screen cannot grow memory here.
/// Consecutive ``ListChange/grow(_:)`` snapshots are kept as the newest alone.
final class FeedInbox<Item: Identifiable & Sendable>: Sendable {
    /// How many changes may wait before the reading task pauses.
    static var capacity: Int { 65_536 }

    private struct State {
        var changes: [ListChange<Item>] = []
        var waiting: CheckedContinuation<Void, Never>?
        var isClosed = false
    }

    private let state = Locked(State())

    /// Adds `change`. `wasEmpty`: the host must hear of it; `isFull`: the reader should
    /// ``waitForRoom()`` before the next.
    func put(_ change: ListChange<Item>) -> (wasEmpty: Bool, isFull: Bool) {
        state.withLock { state in
            let wasEmpty = state.changes.isEmpty
            if case .grow = change, case .grow? = state.changes.last {
                state.changes[state.changes.count - 1] = change  // the newer snapshot holds the older
            } else {
                state.changes.append(change)
            }
            return (wasEmpty, state.changes.count >= Self.capacity)
        }
    }

    /// Returns once fewer than ``capacity`` changes wait (at once, usually), or the inbox
    /// was closed, or the task is cancelled.
    func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if state.isClosed || state.changes.count < Self.capacity { return true }
                    state.waiting = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            close()
        }
    }

    /// Takes every change waiting, in the order they were sent.
    func take() -> [ListChange<Item>] {
        let (changes, waiting) = state.withLock { state in
            defer {
                state.changes = []
                state.waiting = nil
            }
            return (state.changes, state.waiting)
        }
        waiting?.resume()
        return changes
    }

    /// Stops the waiting for good (the feed was cancelled).
    func close() {
        let waiting = state.withLock { state in
            state.isClosed = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }
}

/// A screen's feed, typed for a host of `Item`s.
struct LiveFeed<Item: Identifiable & Sendable>: Sendable {
    /// Reads the feed into `inbox`, calling `arrived` when the inbox was empty.
    let read: @Sendable (_ inbox: FeedInbox<Item>, _ arrived: @escaping @Sendable () -> Void) async throws -> Void
    /// ``LiveListScreen/followsEnd``.
    let followsEnd: Bool
    /// ``LiveListScreen/frameInterval``.
    let frameInterval: Duration

    /// The feed of `screen` if it is a ``LiveListScreen`` (nil if the types differ, which
    /// they never do: the host's screen is `screen`).
    @MainActor
    static func of<S: ListScreen>(_ screen: S) -> LiveFeed<Item>? {
        guard let live = screen.asLive else { return nil }
        return make(live)
    }

    @MainActor
    private static func make<L: LiveListScreen>(_ screen: L) -> LiveFeed<Item>? {
        let feed = LiveFeed<L.Item>(read: { inbox, arrived in
            for try await change in screen.changes() {
                let (wasEmpty, isFull) = inbox.put(change)
                if wasEmpty { arrived() }
                if isFull { await inbox.waitForRoom() }
            }
        }, followsEnd: screen.followsEnd, frameInterval: screen.frameInterval)
        return feed as? LiveFeed<Item>
    }
}
