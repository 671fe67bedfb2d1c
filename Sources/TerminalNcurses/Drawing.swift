import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// Draws frames on the terminal: a ``FrameEncoder`` turns each into the bytes that change
/// the screen (only changed cells, a scroll region for rows that moved), and they leave in
/// one `write`.
///
/// Curses keeps input, terminal modes and the terminfo database; it no longer draws, so
/// nothing must touch `stdscr` (see `CursesSession.settle()`). Used only on the curses thread.
struct Painter {
    private var encoder: FrameEncoder
    /// Where the bytes go: the terminal curses writes to.
    private let fd: Int32
    /// The bytes of the frame being written, kept to reuse the storage.
    private var output: [UInt8] = []
    /// Set when a write failed (the terminal is gone): nothing more is written.
    private var broken = false
    /// The last frame drawn, for a repaint once `invalidate()` made the encoder forget it;
    /// `nil` before the first one.
    private var last: Buffer?

    init(strings: ControlStrings, fd: Int32) {
        encoder = FrameEncoder(strings: strings)
        self.fd = fd
    }

    /// Forgets what the screen shows: the next draw clears it and writes every cell (after
    /// a resize, Ctrl-L or resume).
    mutating func invalidate() {
        encoder.invalidate()
    }

    /// Draws the last frame again in full, clipped to `screen`; a blank screen before the
    /// first frame.
    mutating func repaintLast(screen: Size) {
        draw(last ?? Buffer(size: screen), screen: screen)
    }

    /// Shows `frame` on a screen of `screen` cells.
    mutating func draw(_ frame: Buffer, screen: Size) {
        output.removeAll(keepingCapacity: true)
        encoder.encode(frame, screen: screen, into: &output)
        last = frame
        KeyTrace.mark(.encoded)
        writeOutput()
        KeyTrace.mark(.written)
    }

    private mutating func writeOutput() {
        guard !broken else { return }
        let fd = fd
        let complete = output.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN {
                    Painter.waitUntilWritable(fd)
                } else {
                    return false
                }
            }
            return true
        }
        broken = !complete  // the terminal went away: the hangup is reported by poll
    }

    private static func waitUntilWritable(_ fd: Int32) {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, 100)
    }
}
