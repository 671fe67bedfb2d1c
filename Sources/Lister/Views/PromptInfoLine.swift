import TerminalCore

extension RegionID {
    /// The line of a picker's body where the runtime draws the count (fzf's info line).
    static let promptInfo = RegionID("prompt-info")
}

extension FilterPrompt {
    /// Whether the picker has a line of its own beside the prompt for the count and the
    /// separator, as fzf draws it: with `--info=default`, and with `hidden` or
    /// `inline-right` while there is a separator (fzf then draws the separator alone).
    public var hasInfoLine: Bool {
        switch info {
        case .default: true
        case .hidden, .inlineRight: separator != nil
        case .inline: false
        }
    }
}

extension ListContext {
    /// The line where the runtime draws a picker's count, what is going on and fzf's
    /// separator (`  3/40 ───`), when the prompt has one (``FilterPrompt/hasInfoLine``);
    /// an empty view otherwise. A picker's body places it beside the prompt, as fzf does:
    /// right above a prompt at the bottom, right below a prompt on top.
    ///
    /// ```swift
    /// func body(_ context: ListContext<Self>) -> Group {
    ///     standardBody(context)
    ///     context.promptInfoLine
    /// }
    /// ```
    public var promptInfoLine: any View {
        guard filterPrompt?.hasInfoLine == true else { return Nothing() }
        return PromptInfoSlot(regions: regions)
    }
}

/// One line that draws nothing and notes where it is, for the runtime to draw a picker's
/// info line there once the body is drawn.
struct PromptInfoSlot: View {
    let regions: RegionMap?

    var sizing: Sizing { .fixed(1) }

    func render(in rect: Rect, buffer: inout Buffer) {
        regions?.record(.promptInfo, rect)
    }
}

/// fzf's info line: the count (the selected row's place among the matches, of all rows),
/// what is going on or a message, then the separator to the end of the line. With
/// `--info=hidden` or `inline-right` only the separator.
struct PromptInfoLine: View {
    /// The prompt, for its ``FilterPrompt/info``, ``FilterPrompt/separator`` and theme.
    var prompt: FilterPrompt
    /// The count, as the status bar's position (`3/12 of 120 · 2 marked`).
    var position: String
    /// What is going on (`filtering…`), or a message; may be empty.
    var state: String

    var sizing: Sizing { .fixed(1) }

    func render(in rect: Rect, buffer: inout Buffer) {
        guard rect.height > 0, rect.width > 0 else { return }
        let theme = prompt.theme
        var column = rect.left
        let row = rect.top
        if prompt.info == .default {
            column += buffer.write(position, at: Point(row: row, column: column), maxWidth: rect.right - column, style: theme.info)
            if !state.isEmpty, rect.right - column > 1 {
                column += 1 + buffer.write(state, at: Point(row: row, column: column + 1), maxWidth: rect.right - column - 1,
                                           style: theme.info)
            }
            column += 1  // the blank before the separator
        }
        guard let separator = prompt.separator, !separator.isEmpty, column < rect.right else { return }
        buffer.write(Self.repeating(separator, width: rect.right - column), at: Point(row: row, column: column),
                     style: theme.separator)
    }

    /// `unit` repeated to `width` columns, the last copy cut between its characters (fzf's
    /// `-=-=-`), never past `width`.
    static func repeating(_ unit: String, width: Int) -> String {
        var line = ""
        var taken = 0
        while taken < width {
            for character in unit {
                let columns = DisplayWidth.of(character)
                guard taken + columns <= width else { return line }
                line.append(character)
                taken += columns
            }
            if DisplayWidth.of(unit) == 0 { break }
        }
        return line
    }
}
