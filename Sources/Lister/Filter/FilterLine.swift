import TerminalCore

/// The line a list's filter query is typed in, the same on every kind of list: its text
/// and cursor (a ``LineEditor``), whether it is open, how keys edit it and how it is drawn.
struct FilterLine {
    /// What a key did to the line.
    enum Edit {
        /// The text changed, or the line closed with its text cleared.
        case queryChanged
        /// Only the cursor moved.
        case cursorMoved
        /// Enter closed the line and keeps the query.
        case kept
        /// Ctrl-D on an empty line (fzf's `delete-char/eof`): the caller decides.
        case endOfFile
    }

    /// Which keys edit the line.
    enum Keys {
        /// fzf's prompt keys (``LineEditor/defaultAction(for:)``), arrows and Home/End
        /// included: a prompt-first list, where the list moves on Up/Down only.
        case prompt
        /// The editing keys the standard key table leaves free (Ctrl-A/E/W/U/Y/D, the Alt
        /// keys, Del, Backspace): arrows, Home/End and Ctrl-B/F still move the list while
        /// a `/` line is open.
        case filter
    }

    /// The text typed and the cursor in it.
    var editor = LineEditor()
    /// Whether the line is open for typing.
    var isEditing = false

    /// The text typed. Setting it puts the cursor at its end.
    var text: String {
        get { editor.text }
        set { editor.text = newValue }
    }

    /// Edits the line with `key`: characters are typed at the cursor, the editing keys of
    /// `keys` edit, Backspace on an empty line closes it, Enter keeps the query, Esc
    /// clears it. Nil for keys that are not the line's (they go on to the key table), and
    /// for every key in `reserved` (keys a picker's `--bind` took).
    mutating func edit(_ key: Key, keys: Keys = .filter, reserved: [Key] = []) -> Edit? {
        if reserved.contains(key) { return nil }
        switch key {
        case .character(let character):
            editor.insert(String(character))
            return .queryChanged
        case .backspace where editor.isEmpty:
            isEditing = false
            return .queryChanged
        case .enter:
            isEditing = false
            return .kept
        case .escape:
            text = ""
            isEditing = false
            return .queryChanged
        default:
            break
        }
        guard let action = LineEditor.defaultAction(for: key) else { return nil }
        if keys == .filter {
            switch key {
            case .left, .right, .home, .end, .control("b"), .control("f"): return nil
            default: break
            }
        }
        switch editor.perform(action) {
        case .edited: return .queryChanged
        case .moved, .unchanged: return .cursorMoved
        case .endOfFile: return .endOfFile
        }
    }

    /// Draws the line in `rect`: the prompt and the text with the cursor where the edit
    /// happens while open (the text scrolled left when the cursor would pass the edge),
    /// else the kept query and how to clear it. The prompt and the text take `theme`'s
    /// ``PromptTheme/prompt`` and ``PromptTheme/query`` styles.
    func render(prompt: String, theme: PromptTheme = .standard, in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        let promptText = Text(prompt, style: theme.prompt)
        guard isEditing else {
            (promptText + Text(text, style: theme.query) + Text("   Esc clears").dim()).render(in: rect, buffer: &buffer)
            return
        }
        let room = max(1, rect.width - promptText.width - 1)
        var shown = text
        var column = editor.cursorColumn
        if column > room {
            // Scroll: drop characters from the start until the cursor fits.
            var before = Substring(editor.textBeforeCursor)
            while DisplayWidth.of(before) > room, !before.isEmpty { before = before.dropFirst() }
            let after = text.dropFirst(editor.cursor)
            shown = String(before) + after
            column = DisplayWidth.of(before)
        }
        (promptText + Text(shown, style: theme.query)).render(in: rect, buffer: &buffer)
        buffer.cursor = Point(row: rect.top, column: min(rect.right - 1, rect.left + promptText.width + column))
    }
}
