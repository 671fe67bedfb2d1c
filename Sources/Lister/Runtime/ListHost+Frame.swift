/// A picker's frame (fzf's `--margin`, `--border`, `--padding`), drawn by the runtime.
extension ListHost {
    var promptFrame: PromptFrame? {
        guard let frame = screen.filterPrompt?.frame, !frame.isEmpty else { return nil }
        return frame
    }

    var drawnPrompt: FilterPrompt? { screen.filterPrompt }
}
