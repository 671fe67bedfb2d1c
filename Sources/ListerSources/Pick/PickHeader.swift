import Synchronization

/// The `--header-lines` a picker shows: the input's first lines, then, after a `reload`,
/// the first lines of the command's output, which fzf takes as the header again.
///
/// Shared by the screen (which draws the lines and counts them in `{n}`) and the loads
/// that read them, off the main actor; a reload that a newer one replaced can no longer
/// change them.
package final class PickHeader: Sendable {
    private let state: Mutex<(lines: [[UInt8]], reader: Int)>

    /// A header of `lines` (the input's, read before the screen).
    package init(_ lines: [[UInt8]] = []) {
        state = Mutex((lines, 0))
    }

    /// The lines shown.
    package var lines: [[UInt8]] { state.withLock { $0.lines } }

    /// A new reader of the header (a reload starting): the readers before it can no
    /// longer replace the lines. Returns its number, for ``replace(with:by:)``.
    func beginReading() -> Int {
        state.withLock { state in
            state.reader += 1
            return state.reader
        }
    }

    /// Puts `lines` in place of the header, unless a newer reader began after `reader`.
    func replace(with lines: [[UInt8]], by reader: Int) {
        state.withLock { state in
            if state.reader == reader { state.lines = lines }
        }
    }
}
