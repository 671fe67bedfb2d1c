/// Where a picker shows the count of matches (fzf's `--info`).
public enum PromptInfo: String, CaseIterable, Hashable, Sendable {
    /// On a line of its own between the prompt and the list, followed by the separator
    /// (``ListContext/promptInfoLine``).
    case `default`
    /// On the prompt line, after the query (`--info=inline`); the status bar is gone
    /// unless a message needs it.
    case inline
    /// On the prompt line, at its right end (`--info=inline-right`).
    case inlineRight = "inline-right"
    /// Nowhere (`--info=hidden`): the info line shows only the separator.
    case hidden
}
