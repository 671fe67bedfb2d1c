import Lister

/// `--preview-window right|left|up|down[:SIZE[%]][:hidden]`, as fzf writes it (`bottom`
/// and `top` are `down` and `up`; `50%`, `40` and `hidden` may come in any order after the
/// side, separated by `:` or `,`); `border-*`, `wrap`, `follow`, `info`, `cycle` and `+N`
/// scroll offsets are taken and have no effect yet.
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
            case "wrap", "nowrap", "follow", "nofollow", "cycle", "nocycle", "info", "noinfo", "default":
                break
            case _ where part.hasPrefix("border") || part == "noborder":
                let style = part.dropFirst("border-".count)
                guard part == "border" || part == "noborder" || PickLook.borderStyles.contains(String(style)) else {
                    throw Invalid(description: "--preview-window: unknown border '\(part)' (border-rounded, border-sharp, "
                        + "border-bottom, border-left, noborder…)")
                }
            case _ where part.hasPrefix("+") || part.hasPrefix("~"):
                break  // a scroll offset (+{2}-5) or header lines (~3): taken, not applied yet
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
                        items: ItemList<Line>, firstIndex: Int = 0) -> Preview {
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
        return Preview(key: commandLine, debounce: .milliseconds(20), streaming: { progress in
            try await command.run(commandLine: commandLine, progress: progress)
        })
    }
}
