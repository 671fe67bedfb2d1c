import TerminalCore

/// Text coloured by SGR escape sequences (`ESC [ … m`), as commands write it with
/// `--color=always`: the colours and attributes become styles, and every other escape
/// sequence (cursor moves, clears, titles, hyperlinks) is removed, so nothing in the text
/// can act on the terminal.
///
/// The style carries from one line to the next, as on a terminal: a `git diff` hunk
/// coloured across lines stays coloured.
public struct ANSIText: Sendable {
    /// The style the next character is drawn in.
    public private(set) var style = Style.plain

    /// A parser starting in the plain style.
    public init() {}

    /// `line` (no newline in it) as a ``Text`` of styled spans; the style at its end
    /// carries to the next line.
    public mutating func line(_ line: some StringProtocol) -> Text {
        var spans: [Text.Span] = []
        var run = ""
        var scalars = Array(String(line).unicodeScalars)[...]
        func flush() {
            if !run.isEmpty { spans.append(Text.Span(text: run, style: style)) }
            run = ""
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                run.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.first {
            case "[":  // CSI: parameters, intermediates, one final byte
                scalars.removeFirst()
                var parameters = ""
                while let next = scalars.first, (0x30...0x3F).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                while let next = scalars.first, (0x20...0x2F).contains(next.value) { scalars.removeFirst() }
                guard let final = scalars.popFirst() else { break }
                if final == "m" {
                    flush()
                    apply(parameters)
                }
            case "]", "P", "X", "^", "_":  // OSC, DCS, SOS, PM, APC: up to BEL or ESC \
                scalars.removeFirst()
                while let next = scalars.popFirst() {
                    if next == "\u{07}" { break }
                    if next == "\u{1B}", scalars.first == "\\" {
                        scalars.removeFirst()
                        break
                    }
                }
            case .some:
                scalars.removeFirst()  // a two-character escape (ESC 7, ESC c…)
            case nil:
                break
            }
        }
        flush()
        return spans.isEmpty ? Text("") : Text(spans: spans)
    }

    /// Applies the parameters of one SGR sequence (`1;31`, `38;5;208`, `0`, empty).
    mutating func apply(_ parameters: String) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = Self.basic[code - 30]
            case 39: style.foreground = .default
            case 40...47: style.background = Self.basic[code - 40]
            case 49: style.background = .default
            case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
            case 38, 48:
                guard let color = Self.extended(&codes) else { break }
                if code == 38 { style.foreground = color } else { style.background = color }
            default: break  // blink, conceal, fonts…: not drawn
            }
        }
    }

    private static let basic: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

    /// `5;N` (an indexed colour) or `2;R;G;B` (the nearest of the 6x6x6 cube: Lister never
    /// sets RGB values).
    private static func extended(_ codes: inout ArraySlice<Int>) -> Color? {
        switch codes.popFirst() {
        case 5:
            guard let index = codes.popFirst() else { return nil }
            return .indexed(UInt8(clamping: index))
        case 2:
            let rgb = [codes.popFirst(), codes.popFirst(), codes.popFirst()].map { min(255, max(0, $0 ?? 0)) }
            let cube = rgb.map { ($0 * 5 + 127) / 255 }
            return .indexed(UInt8(16 + 36 * cube[0] + 6 * cube[1] + cube[2]))
        default:
            return nil
        }
    }
}
