import Lister
import TerminalCore

/// fzf's `--color [BASE][,ELEMENT:COLOR[:ATTR…]]…`, read as fzf 0.74.5 reads it, and the
/// ``PromptTheme`` it makes.
///
/// Parts are separated by commas or blanks, the whole is read in lower case; a part is a
/// base scheme (`dark`, `light`, `16`, `base16`, `bw`), or an element followed by colours
/// and attributes in any order, each after a `:` (`hl:red:bold`, `fg+:underline`,
/// `bg:-1`). A colour is a name (`red`, `bright-red`, `grey`), 0-255, `#rrggbb` or `-1`
/// (the terminal's own); an attribute is `bold`, `dim`, `italic`, `underline`, `reverse`,
/// `blink`, `strikethrough`, or `regular` (none, replacing the scheme's); fzf's `strip`
/// (for `--ansi` colours) is taken and changes nothing.
package enum PickColors {
    /// One element's colour and attributes, as given.
    package struct Spec: Equatable, Sendable {
        package var element: String
        /// Nil when no colour was given; `.default` for `-1`.
        package var color: Color?
        /// Nil when no attribute was given; empty for `regular`.
        package var attributes: Attributes?

        /// A spec of `element`, with what was given.
        package init(element: String, color: Color? = nil, attributes: Attributes? = nil) {
            self.element = element
            self.color = color
            self.attributes = attributes
        }
    }

    /// A part of `--color`: a base scheme, or an element's spec.
    package enum Part: Equatable, Sendable {
        case scheme(String)
        case element(Spec)
    }

    static let schemes: Set<String> = ["dark", "light", "16", "base16", "bw"]

    /// Elements fzf 0.74.5 takes. The ones the picker has no part for (`scrollbar`: no
    /// scrollbar is drawn; `disabled`: no `--disabled`; the `list-`/`input-`/`header-`
    /// borders of fzf's `--style`) are taken and change nothing.
    static let elements: Set<String> = [
        "fg", "bg", "hl", "fg+", "bg+", "hl+", "gutter", "info", "prompt", "pointer", "marker", "spinner", "header",
        "border", "label", "query", "disabled", "separator", "scrollbar", "preview-fg", "preview-bg", "preview-border",
        "preview-scrollbar", "preview-label", "list-fg", "list-bg", "list-border", "list-label", "input-fg", "input-bg",
        "input-border", "input-label", "header-fg", "header-bg", "header-border", "header-label", "selected-fg",
        "selected-bg", "selected-hl", "current-fg", "current-bg", "current-hl", "nth", "ghost", "alt-bg", "footer",
        "footer-fg", "footer-bg", "footer-border", "footer-label", "gap-line",
    ]

    private static let attributeNames: [String: Attributes] = [
        "bold": .bold, "strong": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "reverse": .reverse,
        "blink": .blink, "strikethrough": .strikethrough, "regular": [],
    ]

    private static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    private static let namedColors: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

    /// The parts of one `--color` value; an error names the part fzf would refuse.
    package static func parse(_ text: String) throws(PickOptions.Failure) -> [Part] {
        var parts: [Part] = []
        for part in text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" || $0 == "\t" }) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if pieces.count == 1 {
                guard schemes.contains(pieces[0]) else {
                    throw PickOptions.Failure("--color: '\(part)' is neither a base scheme (dark, light, 16, bw) nor ELEMENT:COLOR")
                }
                parts.append(.scheme(pieces[0]))
                continue
            }
            guard elements.contains(pieces[0]) else {
                throw PickOptions.Failure("--color: unknown element in '\(part)' (fg, bg, hl, fg+, bg+, hl+, info, prompt, query, "
                    + "pointer, marker, spinner, header, border, label, separator, gutter, preview-fg, preview-bg…)")
            }
            var spec = Spec(element: pieces[0])
            for word in pieces.dropFirst() where !word.isEmpty && word != "strip" {
                if let attributes = attributeNames[word] {
                    spec.attributes = word == "regular" ? [] : (spec.attributes ?? []).union(attributes)
                } else if let color = color(word) {
                    spec.color = color
                } else {
                    throw PickOptions.Failure("--color: '\(word)' in '\(part)' is not a colour (a name such as red or "
                        + "bright-red, 0-255, #rrggbb, -1) or an attribute (bold, dim, italic, underline, reverse, blink, "
                        + "strikethrough, regular)")
                }
            }
            if spec.element == "nth", spec.color != nil {
                throw PickOptions.Failure("--color: 'nth' takes attributes only (bold, underline…), not a colour: '\(part)'")
            }
            parts.append(.element(spec))
        }
        return parts
    }

    /// A colour as fzf writes it; nil when `text` is not one.
    package static func color(_ text: String) -> Color? {
        if text == "-1" { return .default }
        if let index = colorNames.firstIndex(of: text) { return namedColors[index] }
        if text == "grey" || text == "gray" { return .indexed(8) }
        if text.hasPrefix("bright-"), let index = colorNames.firstIndex(of: String(text.dropFirst("bright-".count))) {
            return .indexed(UInt8(8 + index))
        }
        if let number = Int(text), (0...255).contains(number) { return .indexed(UInt8(number)) }
        if text.hasPrefix("#"), text.count == 7, let value = Int(text.dropFirst(), radix: 16) {
            return nearestIndexed(red: (value >> 16) & 0xFF, green: (value >> 8) & 0xFF, blue: value & 0xFF)
        }
        return nil
    }

    /// The colour of xterm's 256 nearest to an RGB colour: the 6×6×6 cube (16-231) or the
    /// grey ramp (232-255), by distance in RGB. The first 16 are left out: terminals' themes
    /// redefine them.
    package static func nearestIndexed(red: Int, green: Int, blue: Int) -> Color {
        let levels = [0, 95, 135, 175, 215, 255]
        func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
            (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue)
        }
        let cube = [red, green, blue].map { channel in
            levels.indices.min { abs(levels[$0] - channel) < abs(levels[$1] - channel) } ?? 0
        }
        var best = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
        var bestDistance = distance(levels[cube[0]], levels[cube[1]], levels[cube[2]])
        for grey in 0..<24 {
            let level = 8 + 10 * grey
            let d = distance(level, level, level)
            if d < bestDistance { (best, bestDistance) = (232 + grey, d) }
        }
        return .indexed(UInt8(best))
    }

    /// The theme of the `--color` values given, in order: nil when none was (Lister's own
    /// look). A base scheme starts again from it; elements alone start from `dark`, as in
    /// fzf on a 256-colour terminal. `monochrome` (`--no-color`, `bw`) starts from Lister's
    /// look, which needs no colour to show the selection.
    package static func theme(of values: [[Part]], monochrome: Bool) -> PromptTheme? {
        guard !values.isEmpty else { return nil }
        var theme = monochrome ? PromptTheme.standard : scheme("dark")
        for part in values.joined() {
            switch part {
            case .scheme(let name): theme = monochrome ? .standard : scheme(name)
            case .element(let spec): apply(spec, to: &theme)
            }
        }
        return theme
    }

    /// fzf 0.74.5's base schemes, as it draws them (checked in tmux).
    package static func scheme(_ name: String) -> PromptTheme {
        var theme = PromptTheme.standard
        func color(_ n: UInt8) -> Color { .indexed(n) }
        switch name {
        case "light":
            theme.set(match: color(66), current: (color(237), color(251)), currentMatch: color(23), pointer: color(161),
                      marker: color(168), prompt: color(25), info: color(101), spinner: color(65), header: color(31),
                      border: color(145), label: color(59))
        case "16", "base16":
            theme.set(match: .green, current: (color(15), color(8)), currentMatch: color(10), pointer: .red,
                      marker: .magenta, prompt: .blue, info: .yellow, spinner: .green, header: .cyan,
                      border: nil, label: nil)
        case "bw":
            return .standard
        default:
            theme.set(match: color(108), current: (color(254), color(236)), currentMatch: color(151), pointer: color(161),
                      marker: color(168), prompt: color(110), info: color(144), spinner: color(148), header: color(109),
                      border: color(59), label: color(145))
        }
        return theme
    }

    /// Puts one element's colour and attributes into `theme`.
    package static func apply(_ spec: Spec, to theme: inout PromptTheme) {
        func set(_ style: inout Style, background: Bool = false) {
            if let color = spec.color {
                if background { style.background = color } else { style.foreground = color }
            }
            if let attributes = spec.attributes { style.attributes = attributes }
        }
        switch spec.element {
        case "fg", "list-fg": set(&theme.text)
        case "bg", "list-bg": set(&theme.text, background: true)
        case "hl": set(&theme.match)
        case "fg+", "current-fg": set(&theme.current)
        case "bg+", "current-bg": set(&theme.current, background: true)
        case "hl+", "current-hl": set(&theme.currentMatch)
        case "gutter": set(&theme.gutter, background: true)
        case "pointer": set(&theme.pointer)
        case "marker": set(&theme.marker)
        case "prompt": set(&theme.prompt)
        case "query", "input-fg": set(&theme.query)
        case "info": set(&theme.info)
        case "spinner": set(&theme.spinner)
        case "header", "header-fg": set(&theme.header)
        case "border": set(&theme.border)
        case "label": set(&theme.label)
        case "separator": set(&theme.separator)
        case "preview-fg": set(&theme.preview)
        case "preview-bg": set(&theme.preview, background: true)
        default: break  // no counterpart on the picker's screen (see `elements`)
        }
    }
}

extension PromptTheme {
    /// Sets a base scheme's colours: fzf's selected row and prompt are bold, its gutter
    /// the selected row's background; a nil border or label is drawn dim or plain.
    fileprivate mutating func set(match: Color, current: (Color, Color), currentMatch: Color, pointer: Color, marker: Color,
                                  prompt: Color, info: Color, spinner: Color, header: Color, border: Color?, label: Color?) {
        self.match = Style(foreground: match)
        self.current = Style(foreground: current.0, background: current.1, attributes: .bold)
        self.currentMatch = Style(foreground: currentMatch, attributes: .bold)
        gutter = Style(background: current.1)
        self.pointer = Style(foreground: pointer, attributes: .bold)
        self.marker = Style(foreground: marker)
        self.prompt = Style(foreground: prompt, attributes: .bold)
        query = .bold
        self.info = Style(foreground: info)
        self.spinner = Style(foreground: spinner)
        self.header = Style(foreground: header)
        self.border = border.map { Style(foreground: $0) } ?? .dim
        self.label = label.map { Style(foreground: $0) } ?? .plain
        separator = self.border
    }
}
