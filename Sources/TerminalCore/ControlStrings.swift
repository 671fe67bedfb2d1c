/// The control sequences a ``FrameEncoder`` writes: what the terminal's description
/// (terminfo) says moves the cursor, scrolls a region, sets attributes and colours.
///
/// A capability the terminal lacks is `nil` and the encoder does without it (no scroll
/// region: rows are written again; no colours: attributes only). The parameterised
/// strings are functions, so a backend can expand them with terminfo's `tiparm`; they are
/// called only on the thread that encodes.
public struct ControlStrings {
    /// Moves the cursor to a row and column, both counted from 0 (`cup`).
    public var moveCursor: (_ row: Int, _ column: Int) -> [UInt8]
    /// Moves the cursor to a column of its row, counted from 0 (`hpa`); `nil` when absent.
    public var moveToColumn: ((_ column: Int) -> [UInt8])?
    /// Moves the cursor right by n columns, n at least 1, never past the right margin
    /// (`cuf`); `nil` when absent.
    public var cursorForward: ((_ count: Int) -> [UInt8])?
    /// Moves the cursor down by n rows, n at least 1, in its column (`cud`); `nil` when absent.
    public var cursorDown: ((_ count: Int) -> [UInt8])?
    /// Moves the cursor up by n rows, n at least 1, in its column (`cuu`); `nil` when absent.
    public var cursorUp: ((_ count: Int) -> [UInt8])?
    /// Moves the cursor up one row (`cuu1`), never scrolling: the encoder uses it only
    /// below the first row; `nil` when absent.
    public var cursorUpOne: [UInt8]?
    /// Moves the cursor down one row (`cud1`) without scrolling or changing the column;
    /// `nil` when absent or a line feed (the terminal's output settings may turn a line feed
    /// into a new line, and it scrolls on the last row).
    public var cursorDownOne: [UInt8]?
    /// Moves the cursor to column 0 of its row (`cr`); `nil` when absent.
    public var carriageReturn: [UInt8]?
    /// Clears the screen and homes the cursor (`clear`).
    public var clearScreen: [UInt8]
    /// Clears from the cursor to the end of its row (`el`).
    public var clearToEndOfLine: [UInt8]?
    /// Limits scrolling to rows `top...bottom` (`csr`); the cursor position is unknown after.
    public var setScrollRegion: ((_ top: Int, _ bottom: Int) -> [UInt8])?
    /// Scrolls the region up one row when the cursor is on its last row (`ind`).
    public var scrollForward: [UInt8]?
    /// Scrolls the region down one row when the cursor is on its first row (`ri`).
    public var scrollReverse: [UInt8]?
    /// Turns every attribute and colour off (`sgr0`).
    public var resetAttributes: [UInt8]
    /// Bold (`bold`).
    public var bold: [UInt8]?
    /// Dim (`dim`).
    public var dim: [UInt8]?
    /// Reverse video (`rev`).
    public var reverse: [UInt8]?
    /// Underline (`smul`).
    public var underline: [UInt8]?
    /// Italic (`sitm`).
    public var italic: [UInt8]?
    /// Blinking (`blink`).
    public var blink: [UInt8]?
    /// Struck through (`smxx`, an extended capability most terminals with italic have).
    public var strikethrough: [UInt8]?
    /// Sets the foreground to colour n (`setaf`); `nil` without colours.
    public var foreground: ((Int) -> [UInt8])?
    /// Sets the background to colour n (`setab`); `nil` without colours.
    public var background: ((Int) -> [UInt8])?
    /// Sets both colours back to the terminal's defaults (`op`).
    public var defaultColors: [UInt8]?
    /// How many colours `foreground` and `background` take (`colors`): 8, 16, 256.
    public var colorCount: Int
    /// Attributes the terminal cannot show together with a colour (`ncv`; the Linux
    /// console, for one, shows underline and dim as colours): dropped where a colour is set.
    public var attributesWithoutColor: Attributes = []
    /// Stops the cursor wrapping at the right margin (`rmam`), so the bottom-right cell can
    /// be written without scrolling the screen.
    public var autoMarginsOff: [UInt8]?
    /// Lets the cursor wrap again (`smam`).
    public var autoMarginsOn: [UInt8]?
    /// Whether writing the bottom-right cell leaves the screen as it is: the terminal
    /// waits to wrap until the next character (`xenl`) or has no automatic margins (`am`).
    /// Otherwise it is written with auto-margins off, else by inserting a character before
    /// it, else left alone.
    public var cornerIsSafe = false
    /// Inserts one blank at the cursor, moving the rest of the row right (`ich1`, or `ich`
    /// with 1).
    public var insertCharacter: [UInt8]?
    /// Starts inserting what is written instead of overwriting (`smir`).
    public var enterInsertMode: [UInt8]?
    /// Stops inserting (`rmir`).
    public var exitInsertMode: [UInt8]?

    /// Creates a set of control strings; only moving the cursor, clearing the screen and
    /// resetting attributes are required.
    public init(moveCursor: @escaping (_ row: Int, _ column: Int) -> [UInt8], clearScreen: [UInt8],
                resetAttributes: [UInt8]) {
        self.moveCursor = moveCursor
        self.clearScreen = clearScreen
        self.resetAttributes = resetAttributes
        self.colorCount = 0
    }

    /// What an xterm-compatible terminal with 256 colours understands (tmux, VTE, kitty,
    /// iTerm2 and most others): ECMA-48 sequences. For tests and tools; a real terminal's
    /// strings come from its terminfo entry.
    public static var ansi: ControlStrings {
        var strings = ControlStrings(
            moveCursor: { row, column in csi(row + 1, column + 1, final: UInt8(ascii: "H")) },
            clearScreen: Array("\u{1B}[H\u{1B}[2J".utf8),
            resetAttributes: Array("\u{1B}[m".utf8))
        strings.clearToEndOfLine = Array("\u{1B}[K".utf8)
        strings.moveToColumn = { column in csi(column + 1, final: UInt8(ascii: "G")) }
        strings.cursorForward = { count in csi(count, final: UInt8(ascii: "C")) }
        strings.cursorDown = { count in csi(count, final: UInt8(ascii: "B")) }
        strings.cursorUp = { count in csi(count, final: UInt8(ascii: "A")) }
        strings.cursorUpOne = Array("\u{1B}[A".utf8)
        strings.cursorDownOne = Array("\u{1B}[B".utf8)
        strings.carriageReturn = [0x0D]
        strings.setScrollRegion = { top, bottom in csi(top + 1, bottom + 1, final: UInt8(ascii: "r")) }
        strings.scrollForward = [0x0A]
        strings.scrollReverse = Array("\u{1B}M".utf8)
        strings.bold = Array("\u{1B}[1m".utf8)
        strings.dim = Array("\u{1B}[2m".utf8)
        strings.reverse = Array("\u{1B}[7m".utf8)
        strings.underline = Array("\u{1B}[4m".utf8)
        strings.italic = Array("\u{1B}[3m".utf8)
        strings.blink = Array("\u{1B}[5m".utf8)
        strings.strikethrough = Array("\u{1B}[9m".utf8)
        strings.foreground = { n in Array((n < 8 ? "\u{1B}[3\(n)m" : "\u{1B}[38;5;\(n)m").utf8) }
        strings.background = { n in Array((n < 8 ? "\u{1B}[4\(n)m" : "\u{1B}[48;5;\(n)m").utf8) }
        strings.defaultColors = Array("\u{1B}[39;49m".utf8)
        strings.colorCount = 256
        strings.autoMarginsOff = Array("\u{1B}[?7l".utf8)
        strings.autoMarginsOn = Array("\u{1B}[?7h".utf8)
        strings.cornerIsSafe = true
        return strings
    }

    /// `ESC [ first ; second final`, the numbers in decimal: built without a string, as
    /// the cursor moves of every frame are.
    public static func csi(_ first: Int, _ second: Int, final: UInt8) -> [UInt8] {
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
        bytes.reserveCapacity(12)
        appendDecimal(first, to: &bytes)
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(second, to: &bytes)
        bytes.append(final)
        return bytes
    }

    /// `ESC [ number final`, the number in decimal.
    public static func csi(_ number: Int, final: UInt8) -> [UInt8] {
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
        bytes.reserveCapacity(8)
        appendDecimal(number, to: &bytes)
        bytes.append(final)
        return bytes
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(0, value))) }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
    }

    /// The terminal's number for `color`, or `nil` for the default colour or one it lacks:
    /// bright colours fall back to normal ones on 8-colour terminals, others to the default.
    public func number(of color: Color) -> Int? {
        switch color {
        case .default: return nil
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .indexed(let index):
            let n = Int(index)
            if n < colorCount { return n }
            if n < 16, n - 8 < colorCount { return n - 8 }
            return nil
        }
    }
}
