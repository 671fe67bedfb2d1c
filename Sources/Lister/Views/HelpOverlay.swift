import TerminalCore

/// A framed box listing key bindings, drawn over the screen (`?`).
public struct HelpOverlay: View {
    /// Rows of the table: keys and what they do.
    public var entries: [(keys: String, help: String)]
    /// The title of the box.
    public var title: String
    /// The first entry shown, when they do not all fit (↑ and ↓ scroll them).
    public var offset = 0

    /// Creates the overlay.
    public init(title: String = "Keys", entries: [(keys: String, help: String)]) {
        self.title = title
        self.entries = entries
    }

    public var sizing: Sizing { .flexible }

    public func render(in rect: Rect, buffer: inout Buffer) {
        let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let helpWidth = entries.map { DisplayWidth.of($0.help) }.max() ?? 0
        let height = min(rect.height, entries.count + 4)
        let visible = Self.visibleEntries(count: entries.count, rows: rect.height)
        let first = max(0, min(offset, entries.count - visible))
        // Entries that do not fit are said, so a small window does not hide keys silently.
        let below = entries.count - first - visible
        var footer = "Esc or ? closes"
        if below > 0 {
            footer = "↓ \(below) more · " + footer
        } else if first > 0 {
            footer = "↑ \(first) above · " + footer
        }
        let inner = max(keyWidth + 2 + helpWidth, DisplayWidth.of(footer), DisplayWidth.of(title) + 2)
        let width = min(rect.width, inner + 4)
        guard width >= 3, height >= 3 else { return }
        let box = Rect(row: rect.top + (rect.height - height) / 2, column: rect.left + (rect.width - width) / 2,
                       rows: height, columns: width)
        buffer.fill(box)
        let frame = Style(foreground: .cyan)
        let bar = String(repeating: "─", count: width - 2)
        buffer.write("┌" + bar + "┐", at: box.origin, style: frame)
        buffer.write(" \(title) ", at: Point(row: box.top, column: box.left + 2), maxWidth: width - 4, style: .bold)
        for row in (box.top + 1)..<(box.bottom - 1) {
            buffer.write("│", at: Point(row: row, column: box.left), style: frame)
            buffer.write("│", at: Point(row: row, column: box.right - 1), style: frame)
        }
        buffer.write("└" + bar + "┘", at: Point(row: box.bottom - 1, column: box.left), style: frame)
        let content = Rect(row: box.top + 1, column: box.left + 2, rows: height - 2, columns: width - 4)
        for (line, entry) in entries.dropFirst(first).prefix(visible).enumerated() {
            let row = content.top + line
            buffer.write(entry.keys, at: Point(row: row, column: content.left), maxWidth: keyWidth, style: .bold)
            buffer.write(entry.help, at: Point(row: row, column: content.left + keyWidth + 2),
                         maxWidth: content.width - keyWidth - 2)
        }
        buffer.write(footer, at: Point(row: content.bottom - 1, column: content.left), maxWidth: content.width, style: .dim)
    }

    /// How many entries of `count` a help box shows in `rows` rows (the frame and the
    /// footer take the rest).
    public static func visibleEntries(count: Int, rows: Int) -> Int {
        max(0, min(rows, count + 4) - 3)
    }
}
