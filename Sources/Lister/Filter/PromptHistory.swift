/// The queries of earlier runs, walked with Ctrl-P and Ctrl-N as fzf's `--history` does:
/// back from the newest, the line being typed kept to come back to.
public struct PromptHistory: Hashable, Sendable {
    /// The queries, oldest first.
    public private(set) var entries: [String]
    /// The entry shown; `entries.count` is the line being typed.
    private var position: Int
    /// The line being typed when the walk started.
    private var typed = ""

    /// Creates a history of `entries`, oldest first, standing after the newest.
    public init(_ entries: [String]) {
        self.entries = entries
        position = entries.count
    }

    /// The entry before the one shown (the newest first, from the typed line); nil at the
    /// oldest. `current` is the text as it stands, kept when the walk leaves the typed line.
    public mutating func previous(current: String) -> String? {
        guard position > 0 else { return nil }
        if position == entries.count { typed = current }
        position -= 1
        return entries[position]
    }

    /// The entry after the one shown, or the typed line after the newest; nil when the
    /// typed line is shown.
    public mutating func next() -> String? {
        guard position < entries.count else { return nil }
        position += 1
        return position == entries.count ? typed : entries[position]
    }
}
