import Lister

/// `--preview-window right|left|up|down[:SIZE[%]][:hidden]`, as fzf writes it (`bottom`
/// and `top` are `down` and `up`; `50%`, `40`, `hidden`, `wrap`, `follow` and `border-*`
/// may come in any order after the side, separated by `:` or `,`). `border-STYLE` draws
/// fzf's box or lines around the pane (`border-line` the one line beside the list,
/// `border-none` and `noborder` none); `+N` scroll offsets (``Scroll``) open each preview
/// further down; `~N` keeps the first N lines at the top; `info` and `cycle` are taken and
/// change nothing.
package enum PreviewWindow {
    /// What was wrong with a `--preview-window` value.
    package struct Invalid: Error, CustomStringConvertible {
        /// The message, naming the part that was wrong.
        package let description: String
    }

    /// The placement `text` asks for; `base` (by default fzf's: right, 50%) for parts left
    /// out (`change-preview-window(…)` changes the `--preview-window` so).
    package static func parse(_ text: String, over base: PreviewPlacement = .right(.percent(50))) throws -> PreviewPlacement {
        var placement = base
        for part in text.split(whereSeparator: { $0 == ":" || $0 == "," }) {
            switch part {
            case "right": placement.edge = .right
            case "left": placement.edge = .left
            case "bottom", "down": placement.edge = .bottom
            case "up", "top": placement.edge = .top
            case "hidden": placement.startsHidden = true
            case "nohidden": placement.startsHidden = false
            case "wrap": placement.wraps = true
            case "nowrap": placement.wraps = false
            case "follow": placement.follows = true
            case "nofollow": placement.follows = false
            case "cycle", "nocycle", "info", "noinfo", "default":
                break  // the pane's scroll does not cycle; it has no info line
            case _ where part.hasPrefix("border") || part == "noborder":
                let style = part.dropFirst("border-".count)
                guard part == "border" || part == "noborder" || PickLook.borderStyles.contains(String(style)) else {
                    throw Invalid(description: "--preview-window: unknown border '\(part)' (border-rounded, border-sharp, "
                        + "border-bottom, border-left, noborder…)")
                }
                // fzf's box or lines around the pane; `line` (and `border` alone on a pane
                // that had none) is the one line between the pane and the list.
                placement.showsBorder = part != "noborder" && style != "none"
                placement.border = PromptFrame.Border(rawValue: String(style)).flatMap { $0 == .line ? nil : $0 }
                if part == "border" { placement.border = .rounded }
            case _ where part.hasPrefix("+"):
                guard Scroll(String(part)) != nil else {
                    throw Invalid(description: "--preview-window: '\(part)' is not a scroll offset (+N, +{2}, +{2}-5, +{2}-/2)")
                }
            case _ where part.hasPrefix("~"):
                guard let lines = Int(part.dropFirst()), lines >= 0 else {
                    throw Invalid(description: "--preview-window: '\(part)' is not a number of header lines (~3)")
                }
                placement.headerLines = lines
            default:
                let percent = part.hasSuffix("%")
                guard let number = Int(percent ? part.dropLast() : part), number >= 0, !percent || number <= 100 else {
                    throw Invalid(description: "--preview-window: '\(part)' is not a side (right, bottom), a size (40, 50%) or 'hidden'")
                }
                placement.size = percent ? .percent(number) : .cells(number)
            }
        }
        return placement
    }

    /// The scroll offset of `text` (its last `+…` part), if it has one.
    package static func scroll(_ text: String) -> Scroll? {
        text.split(whereSeparator: { $0 == ":" || $0 == "," }).last { $0.hasPrefix("+") }.flatMap { Scroll(String($0)) }
    }

    /// fzf's `+SCROLL[OFFSETS][/DENOM]`: the line shown first, a number or a field of the
    /// selected line (`{2}`, counted from 1), plus or minus numbers, and the part of the
    /// pane's height (`/2`, `-/2`: the middle) the line goes down by.
    package struct Scroll: Hashable, Sendable {
        /// A fixed line, or nil when the line is a field's value.
        var line: Int?
        /// The field (`{2}`: 2, `{-1}`: -1) whose value is the line.
        var field: String?
        /// The numbers added after it (`-5`, `+3-1`).
        var added = 0
        /// The part of the height the line goes down by.
        var divisor: Int?

        /// The offset `text` writes (`+{2}-5`); nil when it is not one.
        package init?(_ text: String) {
            var rest = Substring(text)
            guard rest.popFirst() == "+" else { return nil }
            if rest.first == "{" {
                guard let close = rest.firstIndex(of: "}"), Int(rest[rest.index(after: rest.startIndex)..<close]) != nil else { return nil }
                field = String(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
            } else {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard let number = Int(digits) else { return nil }
                line = number
                rest = rest.dropFirst(digits.count)
            }
            if let slash = rest.firstIndex(of: "/") {
                guard let divisor = Int(rest[rest.index(after: slash)...]), divisor > 0 else { return nil }
                self.divisor = divisor
                rest = rest[..<slash]
                if rest.last == "-" { rest = rest.dropLast() }
            }
            while let sign = rest.first, sign == "+" || sign == "-" {
                let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard let number = Int(digits) else { return nil }
                added += sign == "+" ? number : -number
                rest = rest.dropFirst(1 + digits.count)
            }
            guard rest.isEmpty else { return nil }
        }

        /// Where the preview of `line` opens: fzf's line numbers count from 1; a field that is
        /// not a number opens it at the top.
        package func start(for line: String, fields: PickFields) -> PreviewStart? {
            var value = self.line
            if let field, let ranges = try? PickFields.ranges(field, option: "--preview-window") {
                value = Int(Placeholders.cut(line, ranges, fields: fields))
            }
            guard let value else { return nil }
            return PreviewStart(line: max(0, value + added - 1), divisor: divisor)
        }
    }
}

/// The preview of a line by a shell command, for `lister lines` and `lister pick`.
enum LinePreview {
    /// The preview of `line` by `command`: keyed by the command line, so a new query or new
    /// marks run it again only when the command uses them. `environment` is set over the
    /// inherited one (fzf's variables, for `lister pick`).
    static func preview(of line: Line, command: PreviewCommand, query: String, marks: Set<Int>?,
                        items: ItemList<Line>, firstIndex: Int = 0, environment: [String: String] = [:]) -> Preview {
        var marked: [String] = []
        var markedIndices: [Int] = []
        if let marks, !marks.isEmpty, command.template.contains("{+") {
            markedIndices = marks.sorted().map { $0 - 1 }.filter { $0 < items.count }
            marked = markedIndices.map { String(decoding: items[$0].bytes, as: UTF8.self) }
            markedIndices = markedIndices.map { firstIndex + $0 }
        }
        let selection = PreviewCommand.Selection(line: String(decoding: line.bytes, as: UTF8.self), index: firstIndex + line.number - 1,
                                                 query: query, marked: marked, markedIndices: markedIndices)
        let commandLine = command.commandLine(for: selection)
        // A short pause, so that Down held over the list starts one command, not one per row.
        // A command that reads fzf's variables runs again when those it names change (FZF_POS
        // as the cursor moves, as fzf runs its preview again on each move), not when others
        // do (the counts while the input streams).
        let variables = command.template.contains("FZF_") ? environment.filter { command.template.contains($0.key) } : [:]
        let key = PreviewRunKey(commandLine: commandLine, generation: command.generation, variables: variables)
        var preview = Preview(key: key, debounce: .milliseconds(20), streaming: { progress in
            try await command.run(commandLine: commandLine, progress: progress, environment: environment)
        })
        preview.start = command.scroll?.start(for: selection.line, fields: command.fields)
        return preview
    }
}

/// The key of a command's preview: its command line, and how many times the preview was
/// refreshed (`refresh-preview` runs the same command line again).
struct PreviewRunKey: Hashable, Sendable {
    let commandLine: String
    let generation: Int
    /// fzf's variables, for a command that reads them (``LinePreview``); else empty.
    var variables: [String: String] = [:]
}
