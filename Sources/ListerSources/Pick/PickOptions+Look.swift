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
    /// `--separator`: repeated after the count on the info line; nil for `--no-separator`.
    package var separator: String? = "─"
    /// `--pointer`, `--marker`: the marks drawn before the selected and the marked rows.
    package var pointer: String?
    package var marker: String?
    /// `--color`: the base schemes and the per-element colours, each value as given.
    package var colors: [String] = []
    /// `--no-color`.
    package var noColor = false {
        didSet { refreshTheme() }
    }
    /// fzf's options about how rows are drawn (`--scroll-off`, `--ellipsis`, `--tabstop`,
    /// `--highlight-line`, `--header-first`, `--no-bold`): PickLook+Display.swift.
    package var display = PickDisplay() {
        didSet { if display.noBold != oldValue.noBold { refreshTheme() } }
    }
    /// The parts of each `--color` value, in order.
    private var colorParts: [[PickColors.Part]] = []
    /// The styles `--color` gives the picker's parts; nil without `--color` (Lister's look).
    package private(set) var theme: PromptTheme?
    /// `--scrollbar[=CHAR]`: drawn in the list's last column (`│` without CHAR); nil: none,
    /// the default here (`--no-scrollbar`).
    package var scrollbar: String?
    package var keepRight = false
    package var noHScroll = false
    /// `--hscroll-off=N`: the columns kept after the last match of a shifted row.
    package var hscrollOff = 10

    package init() {}

    /// Whether the picker draws without colours: `--no-color`, or `--color=bw` as the last
    /// base scheme given.
    package var isMonochrome: Bool {
        if noColor { return true }
        var last: String?
        for case .scheme(let name) in colorParts.joined() { last = name }
        return last == "bw"
    }

    static let borderStyles: Set<String> = ["rounded", "sharp", "bold", "double", "block", "thinblock", "horizontal",
                                            "vertical", "line", "top", "bottom", "left", "right", "none"]

    /// What surrounds the picker: `--margin`, `--border`, `--border-label`, `--padding`.
    package var frame: PromptFrame {
        var frame = PromptFrame()
        frame.margin = PromptFrame.Insets(margin.map(Self.extent))
        frame.padding = PromptFrame.Insets(padding.map(Self.extent))
        frame.border = border.flatMap(PromptFrame.Border.init(rawValue:))  // "none": nil
        frame.label = borderLabel
        frame.labelPosition = display.borderLabelPosition
        frame.isASCII = display.noUnicode
        let theme = self.theme ?? .standard
        frame.borderStyle = theme.border
        frame.labelStyle = theme.label
        return frame
    }

    /// Where the count goes (`--info`; `right` is fzf's old name of `inline-right`).
    package var promptInfo: PromptInfo {
        let kind = info.split(separator: ":", maxSplits: 1).first.map(String.init) ?? info
        return kind == "right" ? .inlineRight : PromptInfo(rawValue: kind) ?? .default
    }

    /// The `:PREFIX` of `--info=inline:PREFIX` or `inline-right:PREFIX`, drawn before the count.
    package var infoPrefix: String? {
        let parts = info.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[1]) : nil
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
            let prefixed = text.contains(":")
            guard ["default", "inline", "inline-right", "hidden", "right"].contains(kind),
                  !prefixed || kind == "inline" || kind == "inline-right" else {
                throw PickOptions.Failure("--info takes default, right, hidden, inline or inline-right, the last two with "
                    + "an optional :PREFIX (inline:' > '), not '\(text)'")
            }
            info = text
        case "--inline-info": info = "inline"
        case "--no-info": info = "hidden"
        case "--separator": separator = try value()
        case "--no-separator": separator = nil
        case "--pointer": pointer = try value()
        case "--marker": marker = try value()
        case "--color":
            let text = try value()
            colorParts.append(try PickColors.parse(text))
            colors.append(text)
            refreshTheme()
        case "--no-color": noColor = true
        case "--no-scrollbar": scrollbar = nil
        case "--scrollbar":
            let glyph = inline ?? "│"
            guard DisplayWidth.of(glyph) == 1 else {
                throw PickOptions.Failure("--scrollbar takes one character one column wide (│, ▐), not '\(glyph)'")
            }
            scrollbar = glyph
        case "--keep-right": keepRight = true
        case "--no-keep-right": keepRight = false
        case "--no-hscroll": noHScroll = true
        case "--hscroll": noHScroll = false
        case "--hscroll-off":
            let text = try value()
            guard let columns = Int(text), columns >= 0 else {
                throw PickOptions.Failure("--hscroll-off takes a number of columns (0 or more), not '\(text)'")
            }
            hscrollOff = columns
        default: return try display.parse(name, inline: inline, value: value)
        }
        return true
    }

    /// Sets ``theme`` from the `--color` values, `--no-color` and `--no-bold`.
    private mutating func refreshTheme() {
        theme = PickColors.theme(of: colorParts, monochrome: isMonochrome)
        if display.noBold { theme = (theme ?? .standard).withoutBold }
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

}
