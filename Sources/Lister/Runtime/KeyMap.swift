import TerminalCore

/// Something a key can ask the app to do.
public enum Command: Hashable, Sendable {
    /// Move the selection one row up or down.
    case up, down
    /// Move the selection one screen up or down.
    case pageUp, pageDown
    /// Select the first row, or the last row loaded.
    case top, bottom
    /// Move the selection half a screen up or down (fzf's `half-page-up`, `half-page-down`).
    case halfPageUp, halfPageDown
    /// Select the row at this position, 1 (or 0) the first, -1 the last, clamped (fzf's `pos(N)`).
    case position(Int)
    /// Scroll the list a row toward its start (``offsetUp``) or its end (``offsetDown``)
    /// without moving the selection, unless it would leave the rows kept in view
    /// (``FilterPrompt/scrollOff``): it then moves a row the same way (fzf's `offset-up`,
    /// `offset-down`). Prompt-first lists only.
    case offsetUp, offsetDown
    /// Open the selected row (or pick it, in a picker).
    case open
    /// Open the selected row; never picks.
    case drillIn
    /// Open the filter line.
    case filter
    /// Mark or unmark the row and move down (a multiple picker).
    case mark
    /// Mark every row shown (every match while filtering), unmark them, or swap the marks
    /// of those rows (a multiple picker: fzf's `select-all`, `deselect-all`, `toggle-all`).
    case markAll, unmarkAll, toggleAllMarks
    /// Mark, unmark or toggle the selected row, staying on it (fzf's `select`, `deselect`, `toggle`).
    case markRow(MarkChange)
    /// Choose as Enter does, unless nothing matches and nothing is marked (fzf's `accept-non-empty`).
    case openIfAny
    /// Choose in a prompt-first picker as `key` does when it is one of the prompt's accept
    /// keys: the app ends with the query, the key and the chosen rows.
    case choose(Key)
    /// Type `text` at the cursor of the filter line (fzf's `put(...)`).
    case insertText(String)
    /// Replace the filter line's text, the cursor at its end (fzf's `change-query(...)`).
    case setQuery(String)
    /// Run the screen's own command `number` (``CommandHandlingScreen/perform(command:context:)``).
    case screenCommand(Int)
    /// Give the terminal to the screen's program `number` (``CommandHandlingScreen/terminalCommand(_:context:)``)
    /// and take it back when it ends.
    case terminalCommand(Int)
    /// Run the commands one after another, until one ends the app (fzf's `a+b` chains).
    case sequence([Command])
    /// Mark or unmark the row and move up (fzf's Shift-Tab).
    case markUp
    /// Scroll long rows left or right (a table: by a column).
    case scrollLeft, scrollRight
    /// Sort a table by its next column (after the last: the load's order again).
    case sortNext
    /// Sort a table the other way.
    case sortReverse
    /// Go back one screen; nothing at the root.
    case parent
    /// Close the topmost layer: help, then the screen; at the root, quit (a picker cancels).
    case back
    /// Retry what failed, else refresh in the background keeping the rows.
    case refresh
    /// Discard the rows and load again, showing the spinner.
    case reload
    /// Show or hide the preview pane.
    case togglePreview
    /// Scroll the preview pane up or down a line.
    case previewUp, previewDown
    /// Scroll the preview pane up or down a page, or to its first or last line.
    case previewPageUp, previewPageDown, previewTop, previewBottom
    /// Scroll the preview pane up or down half a page (fzf's `preview-half-page-up`).
    case previewHalfPageUp, previewHalfPageDown
    /// Show or hide the preview pane, whichever it is now (fzf's `show-preview`, `hide-preview`).
    case showPreview, hidePreview
    /// Show or hide the help overlay.
    case help
    /// End the app (a picker cancels).
    case quit
    /// End the app as interrupted (Ctrl-C: status 130).
    case interrupt
    /// Give the terminal back and stop the process until `fg` (Ctrl-Z).
    case suspend
    /// Repaint the whole screen (Ctrl-L).
    case redraw
    /// Edit the filter line or prompt, when it is open (fzf's `--bind` editing actions).
    case edit(LineEditor.Action)
    /// Put the previous (or next) query of the prompt's ``FilterPrompt/history`` on the
    /// prompt (fzf's `prev-history`, `next-history`).
    case previousHistory, nextHistory
}

/// What ``Command/markRow(_:)`` does to the selected row's mark.
public enum MarkChange: Hashable, Sendable {
    case mark, unmark, toggle
}

/// One entry of the key table: keys, the command they run, and the help text.
public struct KeyBinding: Hashable, Sendable {
    /// Keys that run the command; the first is shown in hints.
    public var keys: [Key]
    /// The command.
    public var command: Command
    /// What the command does, as shown in the help overlay.
    public var help: String

    /// Creates a binding.
    public init(_ keys: [Key], _ command: Command, help: String) {
        self.keys = keys
        self.command = command
        self.help = help
    }

    /// The keys as written in help: `↑ k`.
    public var keyLabel: String { keys.map(\.label).joined(separator: " ") }
}

/// The key table. One table drives key handling, the help overlay and the status hints;
/// an app can change it.
///
/// ```swift
/// var keys = KeyMap.standard
/// keys.bind([.character("x")], to: .reload, help: "Reload")
/// ```
public struct KeyMap: Hashable, Sendable {
    /// The bindings, in the order help shows them.
    public var bindings: [KeyBinding]

    /// Creates a key map.
    public init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// The command bound to `key`, if any. Later bindings win over earlier ones.
    public func command(for key: Key) -> Command? {
        bindings.last { $0.keys.contains(key) }?.command
    }

    /// The first key bound to `command`, for hints.
    public func key(for command: Command) -> Key? {
        bindings.first { $0.command == command }?.keys.first
    }

    /// Every key that runs `command`, in the order of the table.
    public func keys(for command: Command) -> [Key] {
        var keys: [Key] = []
        for binding in bindings where binding.command == command {
            for key in binding.keys where !keys.contains(key) && self.command(for: key) == command {
                keys.append(key)
            }
        }
        return keys
    }

    /// Binds `keys` to `command`, taking them away from any other command.
    public mutating func bind(_ keys: [Key], to command: Command, help: String) {
        for index in bindings.indices { bindings[index].keys.removeAll { keys.contains($0) } }
        bindings.removeAll { $0.keys.isEmpty }
        bindings.append(KeyBinding(keys, command, help: help))
    }

    /// The keys of Lister's browsers, like less and fzf.
    public static let standard = KeyMap([
        KeyBinding([.up, .character("k")], .up, help: "Previous row"),
        KeyBinding([.down, .character("j")], .down, help: "Next row"),
        KeyBinding([.pageUp, .control("b")], .pageUp, help: "Previous page"),
        KeyBinding([.pageDown, .control("f")], .pageDown, help: "Next page"),
        KeyBinding([.home, .character("g")], .top, help: "First row"),
        KeyBinding([.end, .character("G")], .bottom, help: "Last loaded row"),
        KeyBinding([.enter, .control("j")], .open, help: "Open or choose"),
        KeyBinding([.right, .character("l")], .drillIn, help: "Open (never chooses)"),
        KeyBinding([.left, .character("h"), .backspace], .parent, help: "Back to the previous screen"),
        KeyBinding([.character("/")], .filter, help: "Filter the rows"),
        KeyBinding([.character("<")], .scrollLeft, help: "Scroll long rows left"),
        KeyBinding([.character(">")], .scrollRight, help: "Scroll long rows right"),
        KeyBinding([.character("s")], .sortNext, help: "Sort a table by the next column"),
        KeyBinding([.character("S")], .sortReverse, help: "Reverse a table's sort"),
        KeyBinding([.tab], .mark, help: "Mark or unmark (choosing several)"),
        KeyBinding([.character("p"), .control("_")], .togglePreview, help: "Show or hide the preview"),
        KeyBinding([.shiftUp, .character("K")], .previewUp, help: "Scroll the preview up"),
        KeyBinding([.shiftDown, .character("J")], .previewDown, help: "Scroll the preview down"),
        KeyBinding([.character("r"), .function(5)], .refresh, help: "Retry, else refresh"),
        KeyBinding([.character("R")], .reload, help: "Reload from scratch"),
        KeyBinding([.character("?")], .help, help: "Show or hide help"),
        KeyBinding([.escape], .back, help: "Close filter or help, back, or quit"),
        KeyBinding([.character("q")], .quit, help: "Quit"),
        KeyBinding([.control("c")], .interrupt, help: "Interrupt"),
        KeyBinding([.control("z")], .suspend, help: "Suspend"),
        KeyBinding([.control("l")], .redraw, help: "Redraw the screen"),
    ])
}
