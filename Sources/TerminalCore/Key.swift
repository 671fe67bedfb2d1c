/// A key press, decoded from whatever the terminal sent.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, any script).
    case character(Character)
    /// A control chord, as the lowercase letter: `.control("c")` is Ctrl-C.
    case control(Character)
    case up, down, left, right
    /// Up and Down with Shift held (they scroll a preview pane).
    case shiftUp, shiftDown
    /// Left and Right with Shift held (a prompt moves by words on them, as fzf's).
    case shiftLeft, shiftRight
    /// Delete with Ctrl held (xterm's `ESC [ 3 ; 5 ~`).
    case controlDelete
    case home, end, pageUp, pageDown
    case enter, escape, backspace, tab, backTab, delete, insert
    /// A function key, `.function(5)` is F5.
    case function(Int)
    /// A key with Alt (Meta) held: the terminal sends Esc and then the key, so
    /// `.alt(.character("b"))` is Alt-B and `.alt(.backspace)` Alt-Backspace.
    indirect case alt(Key)

    /// Decodes a character code as read in raw mode (Ctrl-C arrives as 3).
    public init?(code: UInt32) {
        switch code {
        case 0x0D: self = .enter  // Ctrl-J (0x0A) stays Ctrl-J: a finder moves down on it
        case 0x09: self = .tab
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0x00: self = .control("@")
        case 0x01...0x1A: self = .control(Character(UnicodeScalar(UInt8(code) + 0x60)))
        case 0x1C...0x1F: self = .control(Character(UnicodeScalar(UInt8(code) + 0x40)))
        default:
            guard let scalar = UnicodeScalar(code), !Sanitizer.isUnsafe(scalar) else { return nil }
            self = .character(Character(scalar))
        }
    }

    /// How the key is written in help and hints: `j`, `Ctrl-F`, `PgDn`, `F5`.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control("_"): return "Ctrl-/"  // terminals send the same byte for both
        case .control(let c): return "Ctrl-" + String(c).uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .shiftUp: return "Shift-↑"
        case .shiftDown: return "Shift-↓"
        case .shiftLeft: return "Shift-←"
        case .shiftRight: return "Shift-→"
        case .controlDelete: return "Ctrl-Del"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .function(let n): return "F\(n)"
        case .alt(let key): return "Alt-" + key.label
        }
    }
}

/// A signal the process received while the terminal was in use.
public enum TerminalSignal: Int32, Hashable, Sendable {
    case interrupt = 2   // SIGINT
    case hangup = 1      // SIGHUP
    case terminate = 15  // SIGTERM

    /// The conventional exit status after this signal: 128 + its number.
    public var exitStatus: Int32 { 128 + rawValue }
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// The primary button was pressed (a click; the runtime tells single from double).
        case press
        /// The wheel turned up (away from the user).
        case wheelUp
        /// The wheel turned down.
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// Where: the cell under the pointer.
    public var position: Point

    /// Creates a mouse event.
    public init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind
        position = Point(row: row, column: column)
    }
}

/// Something that happened at the terminal.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The mouse was used (only when mouse reporting is on).
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(Size)
    /// The process received a signal.
    case signal(TerminalSignal)
}
