import Lister

/// `--preview-window right|left|up|down[:SIZE[%]][:hidden]`, as fzf writes it (`bottom`
/// and `top` are `down` and `up`; `50%`, `40`, `hidden`, `wrap`, `follow` and `border-*`
/// may come in any order after the side, separated by `:` or `,`). `border-none` and
/// `noborder` take the line beside the pane away, other styles keep it; `info` and `cycle`
/// are taken and change nothing; `+N` scroll offsets and `~N` header lines are refused.
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
                // The pane has one line between it and the list: any style draws it.
                placement.showsBorder = part != "noborder" && style != "none"
            case _ where part.hasPrefix("+") || part.hasPrefix("~"):
                throw Invalid(description: "--preview-window: '\(part)' (a scroll offset or header lines) is not supported "
                    + "by lister pick yet; remove it")
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
}

/// The preview of a line by a shell command, for `lister lines` and `lister pick`.
enum LinePreview {
    /// The preview of `line` by `command`: keyed by the command line, so a new query or new
    /// marks run it again only when the command uses them.
    static func preview(of line: Line, command: PreviewCommand, query: String, marks: Set<Int>?,
                        items: ItemList<Line>) -> Preview {
        var marked: [String] = []
        var markedIndices: [Int] = []
        if let marks, !marks.isEmpty, command.template.contains("{+") {
            markedIndices = marks.sorted().map { $0 - 1 }.filter { $0 < items.count }
            marked = markedIndices.map { String(decoding: items[$0].bytes, as: UTF8.self) }
        }
        let selection = PreviewCommand.Selection(line: String(decoding: line.bytes, as: UTF8.self), index: line.number - 1,
                                                 query: query, marked: marked, markedIndices: markedIndices)
        let commandLine = command.commandLine(for: selection)
        // A short pause, so that Down held over the list starts one command, not one per row.
        return Preview(key: commandLine, debounce: .milliseconds(20), streaming: { progress in
            try await command.run(commandLine: commandLine, progress: progress)
        })
    }
}
