/// Where a picker shows the count of matches (fzf's `--info`).
public enum PromptInfo: String, CaseIterable, Hashable, Sendable {
    /// In the status bar under the list.
    case `default`
    /// On the prompt line, after the query (`--info=inline`); the status bar is gone
    /// unless a message needs it.
    case inline
    /// On the prompt line, at its right end (`--info=inline-right`).
    case inlineRight = "inline-right"
    /// Nowhere (`--info=hidden`); the status bar shows only for a message.
    case hidden
}
