import TerminalCore

/// The filter's line as keys and commands edit it: typed keys, bound editing actions, the
/// prompt's history, text put in by a command. Each answers a ``ListFilter/Response``:
/// the host filters the rows again on ``ListFilter/Response/queryChanged`` and answers the
/// runtime from the rest.
extension ListFilter {
    /// What the line did with a key or command.
    enum Response: Equatable {
        /// Not the line's: the key goes on to the key table.
        case passed
        /// Taken; `changed` when something shows differently.
        case handled(changed: Bool)
        /// The query changed: the rows are filtered again.
        case queryChanged
        /// One of the prompt's ``FilterPrompt/acceptKeys``: the picker chooses.
        case chosen
        /// A bound `delete-char/eof` on an empty prompt: the app ends as interrupted.
        case interrupt
        /// Backspace on a prompt's empty query: fzf's `backward-eof` event.
        case backwardEOF
    }

    /// Opens a prompt-first screen's line with the query and history `prompt` gives; false
    /// when the line is open already.
    mutating func open(_ prompt: FilterPrompt) -> Bool {
        guard !isEditing else { return false }
        text = prompt.query
        line.editor.wordsArePaths = prompt.wordsArePaths
        history = PromptHistory(prompt.history)
        isEditing = true
        return true
    }

    /// Closes the line and empties its query.
    mutating func clear() {
        text = ""
        isEditing = false
    }

    /// Edits the open line with a typed `key`. On a prompt-first screen (`prompt`) the line
    /// never closes: its accept keys choose, Enter and Esc go on to the key table, and so
    /// do its reserved keys and Ctrl-D on an empty query (fzf leaves on it); a key it
    /// unbound does nothing unless it is printable (then it is typed).
    mutating func take(_ key: Key, prompt: FilterPrompt?) -> Response {
        if let prompt {
            if prompt.acceptKeys.contains(key) { return .chosen }
            if prompt.unboundKeys.contains(key) {
                guard case .character = key else { return .handled(changed: false) }  // a printable key is typed
            }
            switch key {
            case .enter, .escape: return .passed
            case .backspace where text.isEmpty: return .backwardEOF
            default: break
            }
        }
        switch line.edit(key, keys: prompt == nil ? .filter : .prompt, reserved: prompt?.reservedKeys ?? []) {
        case nil: return .passed
        case .kept, .cursorMoved: return .handled(changed: true)
        case .endOfFile: return prompt == nil ? .handled(changed: false) : .passed
        case .queryChanged: return .queryChanged
        }
    }

    /// Runs an editing action (a key bound to it) on the open line; nothing when it is
    /// closed. Bound to a key, `delete-char/eof` on an empty prompt (`isPrompt`) leaves as
    /// fzf does; on the `/` line of a list it does nothing.
    mutating func perform(_ action: LineEditor.Action, isPrompt: Bool) -> Response {
        guard isEditing else { return .handled(changed: false) }
        switch line.editor.perform(action) {
        case .unchanged: return .handled(changed: false)
        case .moved: return .handled(changed: true)
        case .edited: return .queryChanged
        case .endOfFile: return isPrompt ? .interrupt : .handled(changed: false)
        }
    }

    /// Ctrl-P and Ctrl-N with fzf's `--history`: the previous or next query replaces the
    /// open line's text.
    mutating func walkHistory(previous: Bool) -> Response {
        guard isEditing else { return .handled(changed: false) }
        let next = previous ? history.previous(current: text) : history.next()
        guard let next, next != text else { return .handled(changed: false) }
        text = next
        return .queryChanged
    }

    /// Text put into the open line by a command, not typed (fzf's `put(...)` inserts it at
    /// the cursor, `change-query(...)` replaces the line).
    mutating func put(_ command: Command) -> Response {
        guard isEditing else { return .handled(changed: false) }
        let before = line.editor.text
        switch command {
        case .insertText(let text):
            line.editor.insert(text)
        case .setQuery(let text):
            line.editor.text = text
            line.editor.moveCursor(to: line.editor.text.count)
        default:
            return .handled(changed: false)
        }
        // The text may be the same and only the cursor moved.
        return line.editor.text == before ? .handled(changed: true) : .queryChanged
    }

    /// Draws the line: the prompt's text and theme, or `/` on a list's filter line.
    func renderLine(prompt: FilterPrompt?, in rect: Rect, buffer: inout Buffer) {
        line.render(prompt: prompt?.prompt ?? "/", theme: prompt?.theme ?? .standard, in: rect, buffer: &buffer)
    }
}
