import Dispatch
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// The thread that serves a terminal's ``CursesSession``.
enum CursesDriver: Sendable {
    /// A thread of its own, joined on close.
    case thread(pthread_t)
    /// The main thread, through ``MainLoop``.
    case mainLoop(MainLoopCurses)
}

/// A ``CursesSession`` served by the main thread's ``MainLoop``: the loop polls the tty and
/// the wake pipe, and the session runs between the main actor's jobs on the same thread.
@MainActor
final class MainLoopCurses {
    private let session: CursesSession
    private var watch: MainLoop.Watch?
    /// Signalled once curses has ended, for a `close()` called off the main thread.
    nonisolated let closed = DispatchSemaphore(value: 0)

    /// Starts watching the session's descriptors; the session is already set up.
    init(_ session: CursesSession) {
        self.session = session
        watch = MainLoop.watch(session.descriptors) { [self] events in
            serve(tty: events[0], wake: events[1])
        }
    }

    /// Serves the close request just posted, without waiting for the loop's next turn.
    func serveClose() {
        serve(tty: 0, wake: Int16(POLLIN))
    }

    private func serve(tty: Int16, wake: Int16) {
        guard let watch else { return }
        switch session.service(tty: tty, wake: wake) {
        case .keepGoing:
            break
        case .ttyGone:
            watch.descriptors[0] = -1  // a tty that hung up would report POLLHUP for ever
        case .close:
            watch.cancel()
            self.watch = nil
            session.tearDown()
            closed.signal()
        }
    }
}
