/// Which of a screen's loads a load is: each stream counts its own generations and is
/// started and cancelled on its own, so one screen can have several loads in flight (its
/// list, a filter run, each of its sections; later a preview or a feed).
@_spi(Testing)
public enum LoadStream: Hashable, Sendable, CustomStringConvertible {
    /// The list's load: the whole list, its first page or a later one.
    case list
    /// A filter run over the rows, off the main actor.
    case filter
    /// One section of a sectioned list.
    case section(Int)
    /// The async content of a region of the body (a preview pane).
    case content(RegionID)
    /// The load ahead of a region's content: the value of a key next to the one shown
    /// (the preview of the item Down would select), kept for when it is shown.
    case prefetch(RegionID)
    /// The feed of a live list (``LiveListScreen``).
    case feed
    /// A table's sort of its loaded rows, off the main actor.
    case sort

    public var description: String {
        switch self {
        case .list: return "list"
        case .filter: return "filter"
        case .section(let index): return "section \(index)"
        case .content(let region): return "content \(region)"
        case .prefetch(let region): return "prefetch \(region)"
        case .feed: return "feed"
        case .sort: return "sort"
        }
    }

    /// Whether the log hears of this stream's loads (a filter run is not a load of data).
    var isLogged: Bool { self != .filter && self != .sort }
}

/// One load: the screen that started it, its stream and its generation there.
@_spi(Testing)
public struct LoadID: Hashable, Sendable {
    var screen: Int
    var stream: LoadStream
    var generation: Int
}

/// A host that takes typed messages from its loads: what a load brings back is a value of
/// the host's own `Message` enum, so no result is ever told apart by a cast.
@MainActor
protocol MessageReceiver: AnyObject, Sendable {
    /// Everything this host's loads can bring back.
    associatedtype Message: Sendable
    /// Takes `message` from `load`; true when it changed the screen. A stale message (an
    /// older generation than the stream's current one) is dropped and returns false.
    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool
}

/// What a load hands back to the runtime: its message bound to the host that started it,
/// to be applied on the main actor, and what the log says of it.
@_spi(Testing)
public struct Delivery: Sendable {
    /// Applies the message; false when the host is gone or dropped it as stale.
    let apply: @MainActor @Sendable (_ load: LoadID, _ now: Duration) -> Bool
    /// Item count or error, for the log; nil when there is nothing to say.
    let summary: LoadSummary?
}

/// How a host's load sends its messages back: made on the main actor when the load
/// starts, called off it when the load reports or ends. It holds the host weakly, so a
/// load still running never keeps a screen that was left.
///
/// Generic over the message, not the host: a `Reply<Host>` found `Host.Message` through the
/// conformance's associated type, which the runtime resolves from a mangled name on the
/// load's thread, checking the host's screen against its protocol by two scans of every
/// conformance record before the load's first rows could go back (docs/PERFORMANCE.md,
/// "Start-up: conformance scans"). Made in the host's own code, the message type is known
/// there.
struct Reply<Message: Sendable>: Sendable {
    private let receive: @MainActor @Sendable (Message, LoadID, Duration) -> Bool

    /// A reply to `host`.
    init<Host: MessageReceiver>(to host: Host) where Host.Message == Message {
        receive = { [weak host] message, load, now in
            host?.receive(message, from: load, now: now) ?? false
        }
    }

    /// A reply for a collaborator's messages: each is wrapped (`wrap`) into one of this
    /// reply's before it goes to the host, so a host's concern can start its own loads
    /// and they still come back through the host's ``MessageReceiver/receive(_:from:now:)``.
    func wrapping<Inner: Sendable>(_ wrap: @escaping @Sendable (Inner) -> Message) -> Reply<Inner> {
        let receive = self.receive
        return Reply<Inner>(receive: { message, load, now in receive(wrap(message), load, now) })
    }

    private init(receive: @escaping @MainActor @Sendable (Message, LoadID, Duration) -> Bool) {
        self.receive = receive
    }

    /// The delivery of `message`, with what the log says of it.
    func callAsFunction(_ message: Message, summary: LoadSummary? = nil) -> Delivery {
        let receive = self.receive
        return Delivery(apply: { load, now in receive(message, load, now) }, summary: summary)
    }
}

/// What a finished load says in the log: how many items, or the error.
enum LoadSummary: Sendable {
    case success(count: Int?)
    case failure(String)

    /// The summary of a load's result; `count` says how many items a value holds.
    init<Value>(_ result: Result<Value, ListError>, count: (Value) -> Int? = { _ in nil }) {
        switch result {
        case .success(let value): self = .success(count: count(value))
        case .failure(let error): self = .failure(error.message)
        }
    }
}
