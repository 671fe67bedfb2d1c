import Lister

/// fzf's options about how the picker looks, taken so that a dotfile's
/// `FZF_DEFAULT_OPTS`-style line works in `LISTER_DEFAULT_OPTS`. Each is checked (a bad
/// value is an error naming it); ``cycle`` changes what the keys do, the others are kept
/// for drawing.
package struct PickLook: Sendable, Equatable {
    /// `--cycle`: moving past either end of the list goes on from the other end.
    package var cycle = false
    /// `--border[=STYLE]`: rounded, sharp, bold, double, block, thinblock, horizontal,
    /// vertical, top, bottom, left, right, none.
    package var border: String?
    /// `--border-label`.
    package var borderLabel: String?
    /// `--margin`, `--padding`: fzf's 1 to 4 sizes (`1`, `1,2`, `10%`).
    package var margin: [String] = []
    package var padding: [String] = []
    /// `--info`: default, inline, inline-right, hidden (with an optional `:PREFIX`).
    package var info = "default"
    /// `--pointer`, `--marker`: the marks drawn before the selected and the marked rows.
    package var pointer: String?
    package var marker: String?
    /// `--color`: the base scheme and the per-element colours, in the order given.
    package var colors: [String] = []
    /// `--no-color`.
    package var noColor = false
    package var noScrollbar = false
    package var keepRight = false
    package var noHScroll = false

    package init() {}

    /// Whether the picker draws without colours: `--no-color`, or `--color=bw` as the last
    /// base scheme given.
    package var isMonochrome: Bool {
        if noColor { return true }
        let schemes = colors.flatMap { $0.split(separator: ",") }.filter { !$0.contains(":") }
        return schemes.last == "bw"
    }

    static let borderStyles: Set<String> = ["rounded", "sharp", "bold", "double", "block", "thinblock", "horizontal",
                                            "vertical", "line", "top", "bottom", "left", "right", "none"]
    static let colorSchemes: Set<String> = ["dark", "light", "16", "bw", "base16"]
    static let colorElements: Set<String> = [
        "fg", "bg", "hl", "fg+", "bg+", "hl+", "gutter", "info", "prompt", "pointer", "marker", "spinner", "header",
        "border", "label", "query", "disabled", "separator", "scrollbar", "preview-fg", "preview-bg", "preview-border",
        "preview-scrollbar", "preview-label", "list-fg", "list-bg", "list-border", "list-label", "input-fg", "input-bg",
        "input-border", "input-label", "header-fg", "header-bg", "header-border", "header-label", "selected-fg",
        "selected-bg", "selected-hl", "current-fg", "current-bg", "current-hl", "nth", "ghost", "alt-bg", "footer",
        "cursor",
    ]

    /// What surrounds the picker: `--margin`, `--border`, `--border-label`, `--padding`.
    package var frame: PromptFrame {
        var frame = PromptFrame()
        frame.margin = PromptFrame.Insets(margin.map(Self.extent))
        frame.padding = PromptFrame.Insets(padding.map(Self.extent))
        frame.border = border.flatMap(PromptFrame.Border.init(rawValue:))  // "none": nil
        frame.label = borderLabel
        frame.borderColor = color(of: "border")
        frame.labelColor = color(of: "label")
        return frame
    }

    /// The colour `--color` gives `element` last (`pointer:#ff8700`, `marker:2`,
    /// `border:bright-black`); nil when none does or it is `-1` (the terminal's own).
    /// A `#rrggbb` colour is drawn as the nearest of the 256-colour cube.
    package func color(of element: String) -> Color? {
        var found: Color??
        for part in colors.flatMap({ $0.split(separator: ",") }) {
            let pieces = part.split(separator: ":")
            guard pieces.count >= 2, pieces[0] == element else { continue }
            found = .some(Self.color(String(pieces[1])))
        }
        return found ?? nil
    }

    private static func color(_ text: String) -> Color? {
        let names: [String: Color] = ["black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
                                      "magenta": .magenta, "cyan": .cyan, "white": .white]
        if let named = names[text] { return named }
        if text.hasPrefix("bright-"), let index = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
            .firstIndex(of: String(text.dropFirst("bright-".count))) {
            return .indexed(UInt8(8 + index))
        }
        if let number = Int(text) { return (0...255).contains(number) ? .indexed(UInt8(number)) : nil }
        if text.hasPrefix("#"), text.count == 7, let value = Int(text.dropFirst(), radix: 16) {
            // The cube's levels, as xterm has them: 0, 95, 135, 175, 215, 255.
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel in
                levels.indices.min { abs(levels[$0] - channel) < abs(levels[$1] - channel) } ?? 0
            }
            return .indexed(UInt8(16 + 36 * cube[0] + 6 * cube[1] + cube[2]))
        }
        return nil
    }

    /// Where the count goes (`--info`; `right` is fzf's old name of `inline-right`, a
    /// `:PREFIX` is not drawn).
    package var promptInfo: PromptInfo {
        let kind = info.split(separator: ":", maxSplits: 1).first.map(String.init) ?? info
        return kind == "right" ? .inlineRight : PromptInfo(rawValue: kind) ?? .default
    }

    /// A size of `--margin` or `--padding` (checked by ``sizes(_:option:)``).
    private static func extent(_ text: String) -> Split.Extent {
        text.hasSuffix("%") ? .percent(Int(text.dropLast()) ?? 0) : .cells(Int(text) ?? 0)
    }

    /// Takes the look option `name` if it is one; `value` reads its value (inline, or the
    /// next argument). False for every other option.
    mutating func parse(_ name: String, inline: String?, value: () throws(PickOptions.Failure) -> String) throws(PickOptions.Failure) -> Bool {
        switch name {
        case "--cycle": cycle = true
        case "--no-cycle": cycle = false
        case "--border":
            let style = inline ?? "rounded"
            guard Self.borderStyles.contains(style) else {
                throw PickOptions.Failure("--border: unknown style '\(style)' (\(Self.borderStyles.sorted().joined(separator: ", ")))")
            }
            border = style
        case "--no-border": border = nil
        case "--border-label": borderLabel = try value()
        case "--margin": margin = try Self.sizes(value(), option: name)
        case "--padding": padding = try Self.sizes(value(), option: name)
        case "--info":
            let text = try value()
            let kind = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text
            guard ["default", "inline", "inline-right", "hidden", "right"].contains(kind) else {
                throw PickOptions.Failure("--info takes default, inline, inline-right or hidden, not '\(text)'")
            }
            info = text
        case "--inline-info": info = "inline"
        case "--no-info": info = "hidden"
        case "--pointer": pointer = try value()
        case "--marker": marker = try value()
        case "--color":
            let text = try value()
            try Self.checkColors(text)
            colors.append(text)
        case "--no-color": noColor = true
        case "--no-scrollbar": noScrollbar = true
        case "--scrollbar": noScrollbar = false
        case "--keep-right": keepRight = true
        case "--no-keep-right": keepRight = false
        case "--no-hscroll": noHScroll = true
        case "--hscroll": noHScroll = false
        default: return false
        }
        return true
    }

    /// fzf's margin and padding: 1 to 4 sizes, each cells or a percentage.
    static func sizes(_ text: String, option: String) throws(PickOptions.Failure) -> [String] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (1...4).contains(parts.count), parts.allSatisfy({ part in
            let number = part.hasSuffix("%") ? part.dropLast() : Substring(part)
            return Int(number).map { $0 >= 0 } ?? false
        }) else {
            throw PickOptions.Failure("\(option) takes 1 to 4 sizes separated by commas (cells or N%), as in 1 or 1,2 or 10%, not '\(text)'")
        }
        return parts
    }

    /// `--color [BASE][,ELEMENT:COLOR[:ATTR…]]…`: a scheme and colours fzf knows.
    static func checkColors(_ text: String) throws(PickOptions.Failure) {
        for part in text.split(separator: ",") {
            if !part.contains(":") {
                guard colorSchemes.contains(String(part)) else {
                    throw PickOptions.Failure("--color: unknown scheme '\(part)' (dark, light, 16, bw) or ELEMENT:COLOR")
                }
                continue
            }
            let pieces = part.split(separator: ":", maxSplits: 1)
            guard pieces.count == 2, colorElements.contains(String(pieces[0])) else {
                throw PickOptions.Failure("--color: unknown element in '\(part)' (fg, bg, hl, fg+, bg+, hl+, info, prompt, "
                    + "pointer, marker, border, header…)")
            }
        }
    }
}
