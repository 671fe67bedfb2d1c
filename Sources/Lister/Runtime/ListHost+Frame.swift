/// A picker's frame (fzf's `--margin`, `--border`, `--padding`), drawn by the runtime.
extension ListHost {
    var promptFrame: PromptFrame? {
        guard let frame = screen.filterPrompt?.frame, !frame.isEmpty else { return nil }
        return frame
    }

    var promptInfo: (kind: PromptInfo, onTop: Bool)? {
        guard let prompt = screen.filterPrompt, prompt.info != .default else { return nil }
        return (prompt.info, prompt.isOnTop)
    }
}
