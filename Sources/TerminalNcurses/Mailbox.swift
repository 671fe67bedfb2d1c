import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// What callers hand to the curses thread, and what it reports back: kept under a lock.
///
/// The newest frame replaces any frame not drawn yet. A request sets a flag and writes one
/// byte to the wake pipe, unless a wake-up is already on its way.
struct Mailbox {
    /// The screen size as last seen by the curses thread.
    var size = Size.zero
    /// The newest frame not drawn yet.
    var frame: Buffer?
    /// The newest frames offered for the next keys, not taken yet; nil when none came
    /// since the last take.
    var prepared: [PreparedFrame]?
    /// Counts frames and offers posted: frames prepared when it was `n` are drawn for a
    /// key only while it is still `n`, so nothing the runtime did since is skipped.
    var generation = 0
    /// Ctrl-L: repaint from scratch.
    var redraw = false
    /// Ctrl-Z: give the terminal back and stop.
    var suspend = false
    /// Programs to give the terminal to, in order (``TerminalBackend/handOver(_:)``).
    var handOver: [@Sendable () -> Void] = []
    /// End curses and leave the thread.
    var close = false
    /// Whether the curses thread will take the requests without a new byte in the wake
    /// pipe: one is already there, or the thread is in its service pass (``expectTake()``).
    var wakePending = false
    /// Set once ``close`` was asked for: later requests are dropped.
    var closed = false
}

/// The requests the curses thread takes from the mailbox in one go.
struct Requests {
    var frame: Buffer?
    var prepared: [PreparedFrame]?
    /// ``Mailbox/generation`` when these were taken.
    var generation = 0
    var redraw = false
    var suspend = false
    var handOver: [@Sendable () -> Void] = []
    var close = false
}

extension Locked where Value == Mailbox {
    /// Records a request with `update` and wakes the curses thread through `wakeFD`.
    ///
    /// The byte is written under the lock, so it never reaches a pipe that ``close`` has
    /// already closed (close marks the mailbox `closed` under the same lock first).
    func post(wakeFD: Int32, _ update: (inout Mailbox) -> Void) {
        withLock { mailbox in
            guard !mailbox.closed else { return }
            update(&mailbox)
            guard !mailbox.wakePending else { return }
            mailbox.wakePending = true
            var byte: UInt8 = 0xFF
            _ = write(wakeFD, &byte, 1)
        }
    }

    /// Says that the curses thread is about to take the requests (curses thread only): a
    /// request posted meanwhile (a frame rendered for the key being read) writes no byte
    /// to the wake pipe, and the same pass draws it.
    func expectTake() {
        withLock { $0.wakePending = true }
    }

    /// Takes every pending request (curses thread only).
    func take() -> Requests {
        withLock { mailbox in
            defer {
                mailbox.frame = nil
                mailbox.prepared = nil
                mailbox.redraw = false
                mailbox.suspend = false
                mailbox.handOver = []
                mailbox.wakePending = false
            }
            return Requests(frame: mailbox.frame, prepared: mailbox.prepared, generation: mailbox.generation,
                            redraw: mailbox.redraw, suspend: mailbox.suspend, handOver: mailbox.handOver, close: mailbox.close)
        }
    }
}
