import TerminalCore

/// The line a list's filter query is typed in, the same on every kind of list: its text,
/// whether it is open, how keys edit it and how it is drawn.
struct FilterLine {
    /// What a key did to the line.
    enum Edit {
        /// The text changed, or the line closed with its text cleared.
        case queryChanged
        /// Enter closed the line and keeps the query.
        case kept
    }

    /// The text typed.
    var text = ""
    /// Whether the line is open for typing.
    var isEditing = false

    /// Edits the line with `key`: characters are typed, Backspace deletes (and closes an
    /// empty line), Enter keeps the query, Esc clears it. Nil for keys that are not the
    /// line's (arrows, page keys and control keys still work while it is open).
    mutating func edit(_ key: Key) -> Edit? {
        switch key {
        case .character(let character):
            text.append(character)
        case .backspace:
            if text.isEmpty {
                isEditing = false
            } else {
                text.removeLast()
            }
        case .enter:
            isEditing = false
            return .kept
        case .escape:
            text = ""
            isEditing = false
        default:
            return nil
        }
        return .queryChanged
    }

    /// Draws the line in `rect`: the prompt and the text with the cursor after it while
    /// open, else the kept query and how to clear it.
    func render(prompt: String, in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        let line = Text(prompt, style: Style(foreground: .cyan, attributes: .bold)) + Text(text)
        if isEditing {
            line.render(in: rect, buffer: &buffer)
            buffer.cursor = Point(row: rect.top, column: min(rect.right - 1, rect.left + line.width))
        } else {
            (line + Text("   Esc clears").dim()).render(in: rect, buffer: &buffer)
        }
    }
}
