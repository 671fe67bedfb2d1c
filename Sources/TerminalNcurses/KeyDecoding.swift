import CNcurses
import TerminalCore

/// What one successful `wget_wch` call meant.
enum CursesInput: Hashable {
    /// A key press.
    case key(Key)
    /// curses noticed a size change (`KEY_RESIZE`) and has resized `stdscr`.
    case resize
    /// A mouse report is waiting (`KEY_MOUSE`): read it with `getmouse`.
    case mouse
    /// Something Lister does not use (a mouse report, an unknown key code).
    case ignored
}

/// Turns what `wget_wch` returns into TerminalCore keys. Pure: no curses calls.
enum KeyDecoding {
    /// Decodes the result of `wget_wch`: `status` is `OK` or `KEY_CODE_YES`.
    static func decode(status: Int32, value: UInt32) -> CursesInput {
        if status == KEY_CODE_YES { return decode(keyCode: Int32(bitPattern: value)) }
        return Key(code: value).map(CursesInput.key) ?? .ignored
    }

    /// Decodes a curses key code (`KEY_UP`, `KEY_F(5)`, …).
    static func decode(keyCode: Int32) -> CursesInput {
        if keyCode == KEY_RESIZE { return .resize }
        if keyCode == KEY_MOUSE { return .mouse }
        if let key = key(forCode: keyCode) { return .key(key) }
        let first = cncurses_KEY_F(1), last = cncurses_KEY_F(63)
        if keyCode >= first, keyCode <= last { return .key(.function(Int(keyCode - first) + 1)) }
        return .ignored
    }

    /// The key a curses key code means. Find/Select are where Home/End sit on a VT220
    /// keyboard, and the keypad corners (A1, C1, A3, C3) are Home, End, PgUp, PgDn.
    ///
    /// A `switch`, not a `[Int32: Key]`: the dictionary's storage type was made at the
    /// first key from its mangled name, checking `Int32: Hashable` by a scan of every
    /// conformance record in the binary (docs/PERFORMANCE.md, "Start-up: conformance scans").
    static func key(forCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME, KEY_FIND, KEY_A1: .home
        case KEY_END, KEY_SELECT, KEY_C1: .end
        case KEY_PPAGE, KEY_A3: .pageUp
        case KEY_NPAGE, KEY_C3: .pageDown
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_IC: .insert
        case KEY_BTAB: .backTab
        case KEY_SR: .shiftUp
        case KEY_SF: .shiftDown
        case KEY_SLEFT: .shiftLeft
        case KEY_SRIGHT: .shiftRight
        case controlDeleteCode: .controlDelete
        // The Linux console's terminfo names Ctrl-Z's byte as its suspend key (`kspd=^Z`).
        case KEY_SUSPEND: .control("z")
        case altUpCode: .alt(.up)
        case altDownCode: .alt(.down)
        case altLeftCode: .alt(.left)
        case altRightCode: .alt(.right)
        default: nil
        }
    }

    /// Key codes Lister gives the Alt-arrow sequences (xterm's `ESC [ 1 ; 3 A`…), above
    /// any code curses hands out (`KEY_MAX` and the terminfo extensions after it).
    static let altUpCode: Int32 = 0x7F01
    static let altDownCode: Int32 = 0x7F02
    static let altLeftCode: Int32 = 0x7F03
    static let altRightCode: Int32 = 0x7F04
    static let controlDeleteCode: Int32 = 0x7F05

    /// The Alt-arrow sequences (xterm, tmux, VTE), with Lister's codes for them. They
    /// replace what the terminfo entry says for them (an extended `kUP3` has a code that
    /// changes from entry to entry).
    static let altArrowSequences: [(sequence: String, keyCode: Int32)] = [
        ("\u{1B}[1;3A", altUpCode), ("\u{1B}[1;3B", altDownCode),
        ("\u{1B}[1;3D", altLeftCode), ("\u{1B}[1;3C", altRightCode),
    ]

    /// Ctrl-Delete (xterm's sequence), with Lister's code for it: an extended terminfo key
    /// (`kDC5`) too, whose code changes from entry to entry.
    static let controlDeleteSequence = (sequence: "\u{1B}[3;5~", keyCode: controlDeleteCode)

    /// The button masks Lister asks curses for, by meaning.
    static let mouseMasks = (
        press: cncurses_BUTTON1_PRESSED(), release: cncurses_BUTTON1_RELEASED(),
        wheelUp: cncurses_BUTTON4_PRESSED(), wheelDown: cncurses_BUTTON5_PRESSED()
    )

    /// Decodes a mouse report's button state; nil for reports Lister does not use
    /// (releases, motion, other buttons).
    static func decodeMouse(buttons: mmask_t, row: Int32, column: Int32) -> MouseEvent? {
        let kind: MouseEvent.Kind
        if buttons & cncurses_BUTTON4_PRESSED() != 0 {
            kind = .wheelUp
        } else if buttons & cncurses_BUTTON5_PRESSED() != 0 {
            kind = .wheelDown
        } else if buttons & (cncurses_BUTTON1_PRESSED() | cncurses_BUTTON1_CLICKED() | cncurses_BUTTON1_DOUBLE_CLICKED()) != 0 {
            kind = .press
        } else {
            return nil
        }
        return MouseEvent(kind, row: Int(row), column: Int(column))
    }

    /// Sequences some terminals send for keys their terminfo entry describes differently
    /// (Home/End as `ESC[1~`/`ESC[4~` when `TERM=xterm-256color` runs inside tmux, say).
    /// Each is taught to curses only when no key uses it yet.
    static let fallbackSequences: [(sequence: String, keyCode: Int32)] = {
        let esc = "\u{1B}"
        var table: [(String, Int32)] = [
            ("[1~", KEY_HOME), ("[7~", KEY_HOME), ("[H", KEY_HOME), ("OH", KEY_HOME),
            ("[4~", KEY_END), ("[8~", KEY_END), ("[F", KEY_END), ("OF", KEY_END),
            ("[A", KEY_UP), ("[B", KEY_DOWN), ("[C", KEY_RIGHT), ("[D", KEY_LEFT),
            ("OA", KEY_UP), ("OB", KEY_DOWN), ("OC", KEY_RIGHT), ("OD", KEY_LEFT),
            ("[5~", KEY_PPAGE), ("[6~", KEY_NPAGE), ("[3~", KEY_DC), ("[2~", KEY_IC),
            ("[Z", KEY_BTAB), ("[1;2A", KEY_SR), ("[1;2B", KEY_SF), ("[1;2D", KEY_SLEFT), ("[1;2C", KEY_SRIGHT),
            ("OP", cncurses_KEY_F(1)), ("OQ", cncurses_KEY_F(2)),
            ("OR", cncurses_KEY_F(3)), ("OS", cncurses_KEY_F(4)),
        ]
        // F5-F12 as xterm and the VT220 send them.
        for (number, code) in zip(5...12, [15, 17, 18, 19, 20, 21, 23, 24]) {
            table.append(("[\(code)~", cncurses_KEY_F(Int32(number))))
        }
        return table.map { (esc + $0.0, $0.1) }
    }()
}
