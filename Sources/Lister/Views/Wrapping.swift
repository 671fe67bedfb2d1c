import TerminalCore

extension Text {
    /// Lines of `text` wrapped at spaces to at most `width` columns; newlines start new
    /// lines and a word longer than a line is cut. Untrusted text stays safe when drawn.
    public static func wrapping(_ text: String, width: Int, style: Style = .plain) -> [Text] {
        guard width > 0 else { return [] }
        var lines: [Text] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var rest = Substring(word)
                while !rest.isEmpty {
                    let wordWidth = DisplayWidth.of(rest)
                    let gap = lineWidth == 0 ? 0 : 1
                    if lineWidth + gap + wordWidth <= width {
                        line += (gap == 1 ? " " : "") + rest
                        lineWidth += gap + wordWidth
                        rest = ""
                    } else if lineWidth > 0 {
                        lines.append(Text(line, style: style))
                        line = ""
                        lineWidth = 0
                    } else {
                        // A word wider than a line: cut it at the width.
                        var cut = rest.startIndex
                        var used = 0
                        while cut < rest.endIndex, used + DisplayWidth.of(rest[cut]) <= width {
                            used += DisplayWidth.of(rest[cut])
                            cut = rest.index(after: cut)
                        }
                        if cut == rest.startIndex { cut = rest.index(after: cut) }
                        lines.append(Text(rest[..<cut], style: style))
                        rest = rest[cut...]
                    }
                }
            }
            lines.append(Text(line, style: style))
        }
        return lines
    }
}
