@_spi(Testing) @testable import Lister
import ListerTestSupport

/// Takes the messages of a concern's loads in place of a host (``Reply`` needs one).
@MainActor
final class MessageLog<Message: Sendable>: MessageReceiver {
    private(set) var received: [Message] = []

    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool {
        received.append(message)
        return true
    }
}

/// A ``HostLoads`` on a headless runtime that is not running: a load starts at once and
/// stays among the runtime's loads in flight (``LoadBook/inFlight``) until the loop takes its
/// delivery, which no test here lets it do, so a test reads what started and what was
/// cancelled from there.
@MainActor
struct LoadsProbe<Message: Sendable> {
    let app = HeadlessApp(root: FruitScreen(loader: ScriptedLoader()))
    let log = MessageLog<Message>()
    let screen = 7

    var loads: HostLoads<Message> { HostLoads(scheduler: app.runtime, screen: screen, reply: Reply(to: log)) }

    /// The load `generation` of `stream`, if it was started: whether its task was cancelled.
    func cancelled(_ stream: LoadStream, generation: Int) -> Bool? {
        app.runtime.loadBook.inFlight[LoadID(screen: screen, stream: stream, generation: generation)]?.task.isCancelled
    }
}
