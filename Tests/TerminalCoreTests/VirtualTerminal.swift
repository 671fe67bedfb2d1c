@testable import TerminalCore

/// A small terminal emulator for the sequences of ``ControlStrings/ansi``: enough to check
/// that what a ``FrameEncoder`` writes shows the frame it encoded.
///
/// It is strict where real terminals disagree: writing the bottom-right cell with
/// auto-margins on (which scrolls the screen on terminals without the `xenl` glitch,
/// unless `waitsToWrap`) and a wide character that does not fit before the right margin are recorded as faults.
struct VirtualTerminal {
    let size: Size
    private(set) var text: [String]
    private(set) var styles: [Style]
    private(set) var faults: [String] = []
    private(set) var cursor = Point(row: 0, column: 0)
    private(set) var style = Style.plain
    private(set) var top = 0
    private(set) var bottom: Int
    private(set) var autoMargins = true
    private var insertMode = false
    private var pendingWrap = false

    /// Whether the cursor waits to wrap after the last column (`xenl`, as xterm does);
    /// otherwise it wraps at once, and writing the bottom-right cell with auto-margins on
    /// is a fault.
    let waitsToWrap: Bool

    /// A terminal of `size` that shows `fill` in every cell (what is there is unknown).
    init(size: Size, fill: String = " ", waitsToWrap: Bool = false) {
        self.size = size
        self.waitsToWrap = waitsToWrap
        text = Array(repeating: fill, count: size.rows * size.columns)
        styles = Array(repeating: .plain, count: size.rows * size.columns)
        bottom = size.rows - 1
    }

    /// Runs `bytes` as the terminal would.
    mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        var printable: [UInt8] = []
        func flush() {
            guard !printable.isEmpty else { return }
            for character in String(decoding: printable, as: UTF8.self) { print(character) }
            printable.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                flush()
                index = escape(bytes, at: index + 1)
                continue
            case 0x0A:
                flush()
                lineFeed()
            case 0x0D:
                flush()
                cursor.column = 0
                pendingWrap = false
            default:
                if byte < 0x20 || byte == 0x7F { faults.append("control byte \(byte) reached the screen") } else { printable.append(byte) }
            }
            index += 1
        }
        flush()
    }

    /// Row `row` as text, wide characters once.
    func line(_ row: Int) -> String {
        (0..<size.columns).map { text[row * size.columns + $0] }.joined()
    }

    // MARK: Printing

    private mutating func print(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard width > 0 else { faults.append("zero-width \(character.unicodeScalars.map(\.value))"); return }
        if pendingWrap, autoMargins {
            cursor.column = 0
            lineFeed()
        }
        pendingWrap = false
        if cursor.column + width > size.columns {
            faults.append("\(character) (width \(width)) at column \(cursor.column) does not fit")
            return
        }
        if autoMargins, !waitsToWrap, cursor.row == size.rows - 1, cursor.column + width == size.columns {
            faults.append("bottom-right cell written with auto-margins on")
        }
        if insertMode { insert(width) }
        let base = cursor.row * size.columns + cursor.column
        text[base] = String(character)
        styles[base] = style
        if width == 2 {
            text[base + 1] = ""
            styles[base + 1] = style
        }
        if cursor.column + width == size.columns, autoMargins, !waitsToWrap {
            // Without `xenl` the cursor wraps at once (at the bottom right it scrolled: a
            // fault, recorded above).
            cursor.column = 0
            lineFeed()
        } else if cursor.column + width == size.columns {
            pendingWrap = autoMargins
            cursor.column = size.columns - 1
        } else {
            cursor.column += width
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursor.row == bottom {
            scroll(up: true)
        } else if cursor.row < size.rows - 1 {
            cursor.row += 1
        }
    }

    /// Scrolls the region one row, the uncovered row blank in the current background.
    private mutating func scroll(up: Bool) {
        let width = size.columns
        let rows = up ? Array(top..<bottom) : Array((top..<bottom).reversed())
        for row in rows {
            let from = (up ? row + 1 : row) * width, to = (up ? row : row + 1) * width
            for column in 0..<width {
                text[to + column] = text[from + column]
                styles[to + column] = styles[from + column]
            }
        }
        erase(row: up ? bottom : top, from: 0)
    }

    /// Moves the cells from the cursor right by `count`, dropping those pushed past the
    /// margin; blanks take their place.
    private mutating func insert(_ count: Int) {
        let base = cursor.row * size.columns
        for column in stride(from: size.columns - 1, through: cursor.column, by: -1) {
            let from = column - count
            text[base + column] = from >= cursor.column ? text[base + from] : " "
            styles[base + column] = from >= cursor.column ? styles[base + from] : Style(background: style.background)
        }
    }

    private mutating func erase(row: Int, from column: Int) {
        for index in (row * size.columns + column)..<((row + 1) * size.columns) {
            text[index] = " "
            styles[index] = Style(background: style.background)
        }
    }

    // MARK: Escape sequences

    private mutating func escape(_ bytes: [UInt8], at start: Int) -> Int {
        guard start < bytes.count else { faults.append("ESC at the end"); return start }
        switch bytes[start] {
        case UInt8(ascii: "M"):  // reverse index
            pendingWrap = false
            if cursor.row == top { scroll(up: false) } else if cursor.row > 0 { cursor.row -= 1 }
            return start + 1
        case UInt8(ascii: "["):
            var index = start + 1
            var parameters: [UInt8] = []
            while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) {
                parameters.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { faults.append("unfinished CSI"); return index }
            control(final: bytes[index], parameters: String(decoding: parameters, as: UTF8.self))
            return index + 1
        default:
            faults.append("unknown escape \(bytes[start])")
            return start + 1
        }
    }

    private mutating func control(final: UInt8, parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func number(_ index: Int, _ fallback: Int) -> Int {
            index < numbers.count && numbers[index] != 0 ? numbers[index] : fallback
        }
        switch (Character(UnicodeScalar(final)), parameters.first) {
        case ("H", _):
            cursor = Point(row: min(number(0, 1), size.rows) - 1, column: min(number(1, 1), size.columns) - 1)
            pendingWrap = false
        case ("G", _):  // column address (hpa)
            cursor.column = min(number(0, 1), size.columns) - 1
            pendingWrap = false
        case ("C", _):  // forward, stopping at the right margin (cuf)
            cursor.column = min(cursor.column + number(0, 1), size.columns - 1)
            pendingWrap = false
        case ("B", _):  // down, stopping at the bottom margin, or the last row below it (cud)
            cursor.row = min(cursor.row + number(0, 1), cursor.row <= bottom ? bottom : size.rows - 1)
            pendingWrap = false
        case ("A", _):  // up, stopping at the top margin, or the first row above it (cuu)
            cursor.row = max(cursor.row - number(0, 1), cursor.row >= top ? top : 0)
            pendingWrap = false
        case ("J", _) where parameters == "2":
            for row in 0..<size.rows { erase(row: row, from: 0) }
        case ("K", _) where parameters.isEmpty:
            erase(row: cursor.row, from: cursor.column)
            pendingWrap = false
        case ("@", _):
            insert(number(0, 1))
            pendingWrap = false
        case ("h", _) where parameters == "4", ("l", _) where parameters == "4":
            insertMode = final == UInt8(ascii: "h")
        case ("r", _):
            top = number(0, 1) - 1
            bottom = number(1, size.rows) - 1
            cursor = Point(row: 0, column: 0)
            pendingWrap = false
        case ("m", _):
            graphics(numbers.isEmpty ? [0] : numbers)
        case ("l", "?"), ("h", "?"):
            let on = final == UInt8(ascii: "h")
            switch parameters {
            case "?7": autoMargins = on
            default: faults.append("unknown mode \(parameters)")
            }
        default:
            faults.append("unknown control \(parameters)\(Character(UnicodeScalar(final)))")
        }
    }

    private mutating func graphics(_ numbers: [Int]) {
        var index = 0
        func color(_ n: Int) -> Color {
            [Color.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white].indices.contains(n)
                ? [Color.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white][n] : .indexed(UInt8(n))
        }
        while index < numbers.count {
            let n = numbers[index]
            switch n {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 5: style.attributes.insert(.blink)
            case 7: style.attributes.insert(.reverse)
            case 9: style.attributes.insert(.strikethrough)
            case 30...37: style.foreground = color(n - 30)
            case 39: style.foreground = .default
            case 40...47: style.background = color(n - 40)
            case 49: style.background = .default
            case 38, 48:
                guard index + 2 < numbers.count, numbers[index + 1] == 5 else {
                    faults.append("bad extended colour")
                    return
                }
                if n == 38 { style.foreground = color(numbers[index + 2]) } else { style.background = color(numbers[index + 2]) }
                index += 2
            default: faults.append("unknown SGR \(n)")
            }
            index += 1
        }
    }
}
