#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the time of each key goes inside the process: a diagnostic for `make bench-phases`.
///
/// Off unless the environment names a file in `LISTER_KEY_TRACE`; then each pass of the
/// terminal's thread that reads a key records the moments it passes the ``Phase``s, and
/// ``flush()`` writes one line per such pass (nanoseconds on the monotonic clock, one
/// column per phase, 0 where a phase was not reached: no frame after `q`, say). Keys that
/// arrive together are read in one pass and share a line, with the last key's times. Off, a mark costs one test of a constant. On, the keys stay in memory until
/// the terminal closes (about 100 bytes each): it is meant for benchmark runs.
public enum KeyTrace {
    /// The moments of a key's way from the tty to the screen, in order.
    public enum Phase: Int, CaseIterable, Sendable {
        /// `poll` returned: the thread serving the terminal woke up.
        case woke
        /// Curses decoded the key.
        case keyRead
        /// The runtime applied it (the model changed).
        case handled
        /// The runtime advanced the screens' clocks.
        case advanced
        /// The frame was composed and handed to the terminal.
        case rendered
        /// The rest of the input was read and the terminal took the frame.
        case taken
        /// The frame was encoded into bytes.
        case encoded
        /// The bytes were written.
        case written
        /// The frame prepared for the key was written, before the key was handled
        /// (``PreparedFrame``); 0 when none was.
        case drewAhead
    }

    /// Records the phases of one key at a time and keeps the finished keys.
    public struct Recorder: Sendable {
        /// The pass under way: one time per phase, 0 until reached.
        private var current = Recorder.unmarked
        private static let unmarked = [Int](repeating: 0, count: Phase.allCases.count)
        /// The finished keys: one row of phase times each.
        public private(set) var keys: [[Int]] = []

        /// An empty recorder.
        public init() {}

        /// Notes that `phase` was reached at `time`. `woke` starts a new pass.
        public mutating func mark(_ phase: Phase, at time: Int) {
            if phase == .woke { current = Recorder.unmarked }
            current[phase.rawValue] = time
        }

        /// Ends the pass of the thread serving the terminal: kept when a key was read in it.
        public mutating func endPass() {
            if current[Phase.keyRead.rawValue] != 0, current[Phase.woke.rawValue] != 0 { keys.append(current) }
            current = Recorder.unmarked
        }

        /// The keys as text, one line each.
        public var text: String {
            keys.map { $0.map(String.init).joined(separator: " ") + "\n" }.joined()
        }
    }

    /// The file named in `LISTER_KEY_TRACE`, or nil: tracing is off.
    public static let path: String? = getenv("LISTER_KEY_TRACE").map { String(cString: $0) }

    private static let recorder = Locked(Recorder())

    /// Notes that the key being handled reached `phase` (when tracing is on).
    @inline(__always)
    public static func mark(_ phase: Phase) {
        guard path != nil else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let time = now.tv_sec * 1_000_000_000 + now.tv_nsec
        recorder.withLock { $0.mark(phase, at: time) }
    }

    /// Ends a pass of the thread serving the terminal (when tracing is on).
    public static func endPass() {
        guard path != nil else { return }
        recorder.withLock { $0.endPass() }
    }

    /// Writes the keys recorded so far to the file (when tracing is on); called as the
    /// terminal closes.
    public static func flush() {
        guard let path else { return }
        let text = recorder.withLock { $0.text }
        guard let file = fopen(path, "w") else { return }
        fputs(text, file)
        fclose(file)
    }
}
