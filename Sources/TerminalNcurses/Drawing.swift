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
    /// Whether each frame ends with the cursor on its top-left cell (an inline interface,
    /// whose rows a resize may move: see ``CursesSession/resizedInline()``).
    var parksCursor = false
    /// Frames prepared for the next keys, each with its bytes and the encoder as it will be
    /// once they are written; valid while the mailbox's generation is `generation`.
    private var prepared: (generation: Int, moves: [PreparedMove]) = (0, [])

    /// A prepared frame, encoded against the frame drawn last.
    private struct PreparedMove {
        var keys: [Key]
        var frame: Buffer
        var bytes: [UInt8]
        var encoder: FrameEncoder
    }

    init(strings: ControlStrings, fd: Int32) {
        encoder = FrameEncoder(strings: strings)
        self.fd = fd
    }

    /// Draws with `strings` from now on (an inline interface moved or changed size) and
    /// forgets what the screen shows.
    mutating func use(_ strings: ControlStrings) {
        encoder = FrameEncoder(strings: strings)
        prepared.moves.removeAll()
    }

    /// Forgets what the screen shows: the next draw clears it and writes every cell (after
    /// a resize, Ctrl-L or resume).
    mutating func invalidate() {
        encoder.invalidate()
        prepared.moves.removeAll()
    }

    /// Encodes `frames` against the frame drawn last, to be written when one of their keys
    /// is read while the mailbox's generation is still `generation`.
    mutating func prepare(_ frames: [PreparedFrame], generation: Int, screen: Size) {
        prepared = (generation, frames.map { prepared in
            var encoder = self.encoder
            var bytes: [UInt8] = []
            encoder.encode(prepared.frame, screen: screen, into: &bytes)
            if parksCursor { encoder.park(into: &bytes) }
            return PreparedMove(keys: prepared.keys, frame: prepared.frame, bytes: bytes, encoder: encoder)
        })
    }

    /// Writes the frame prepared for `key`, if there is one and `generation` (the
    /// mailbox's, now) is the one it was prepared for; any key uses up what was prepared.
    /// Returns whether it drew.
    mutating func drawPrepared(for key: Key, generation: () -> Int) -> Bool {
        guard !prepared.moves.isEmpty else { return false }
        defer { prepared.moves.removeAll() }
        guard let move = prepared.moves.first(where: { $0.keys.contains(key) }),
              generation() == prepared.generation else { return false }
        encoder = move.encoder
        last = move.frame
        output = move.bytes
        writeOutput()
        KeyTrace.mark(.drewAhead)
        return true
    }

    /// Draws the last frame again in full, clipped to `screen`; a blank screen before the
    /// first frame.
    mutating func repaintLast(screen: Size) {
        draw(last ?? Buffer(size: screen), screen: screen)
    }

    /// Shows `frame` on a screen of `screen` cells.
    mutating func draw(_ frame: Buffer, screen: Size) {
        prepared.moves.removeAll()  // prepared against the frame shown until now
        output.removeAll(keepingCapacity: true)
        encoder.encode(frame, screen: screen, into: &output)
        if parksCursor { encoder.park(into: &output) }
        last = frame
        KeyTrace.mark(.encoded)
        writeOutput()
        KeyTrace.mark(.written)
    }

    private mutating func writeOutput() {
        guard !broken else { return }
        broken = !Painter.write(output, to: fd)  // the terminal went away: the hangup is reported by poll
    }

    /// Writes all of `output` to `fd`, waiting while it is full; false when it failed.
    static func write(_ output: [UInt8], to fd: Int32) -> Bool {
        output.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
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
    }

    private static func waitUntilWritable(_ fd: Int32) {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, 100)
    }
}
