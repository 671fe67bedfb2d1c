import TerminalCore

/// Joins an Esc and the key read right after it into one Alt key, as terminals send Alt-B
/// (`ESC b`) and Alt-Backspace (`ESC DEL`).
///
/// Curses waits the Esc delay (`ESCDELAY`) after an Esc for the rest of a key's sequence;
/// when another byte came in that time but no known key starts so, it returns the Esc and
/// keeps the byte for the next read. So the key that follows an Esc *in the same burst of
/// reads* arrived within the delay: it is that key with Alt. An Esc followed by nothing
/// (the next read finds no input) is a lone Esc. Pure: no curses calls.
///
/// A sequence curses does not know (`ESC [ 1 ; 5 A`, Ctrl-Up on many terminals) is
/// swallowed whole rather than typed as `[1;5A`.
struct EscapeCombiner {
    private enum State {
        case idle
        /// An Esc was read; what comes next decides.
        case escape
        /// `ESC [` or `ESC O` was read: the rest of a control sequence follows.
        case sequence(introducer: Character)
        /// Parameter bytes of a control sequence were read.
        case parameters
    }

    private var state = State.idle

    /// Takes one decoded read; returns what to report now, in order.
    mutating func feed(_ input: CursesInput) -> [CursesInput] {
        switch state {
        case .idle:
            if input == .key(.escape) {
                state = .escape
                return []
            }
            return [input]
        case .escape:
            switch input {
            case .key(.escape):
                return [.key(.escape)]  // the first was alone; the second waits for its own key
            case .key(.character(let introducer)) where introducer == "[" || introducer == "O":
                state = .sequence(introducer: introducer)
                return []
            case .key(let key):
                state = .idle
                return [.key(.alt(key))]
            default:
                state = .idle
                return [.key(.escape), input]
            }
        case .sequence, .parameters:
            guard case .key(.character(let character)) = input, let value = character.asciiValue else {
                state = .idle
                return [input]
            }
            if (0x20...0x3F).contains(value) {
                state = .parameters  // parameters and intermediates: `1;5`
            } else {
                state = .idle  // the final byte: the unknown sequence ends here
            }
            return []
        }
    }

    /// Curses has nothing more buffered: an Esc still waiting was a lone Esc (and `ESC [`
    /// with nothing after it was Alt-[).
    mutating func flush() -> [CursesInput] {
        defer { state = .idle }
        switch state {
        case .idle, .parameters: return []
        case .escape: return [.key(.escape)]
        case .sequence(let introducer): return [.key(.alt(.character(introducer)))]
        }
    }
}
