import Lister

extension PickOptions {
    /// fzf's `--min-height=N[+]`: a `--height` in percent takes at least N rows (the screen
    /// permitting); with `+`, N rows of the list and the lines around it as fzf counts them
    /// (the prompt, the info line, the headers, the border's lines). A `--height` in rows
    /// ignores it, as fzf's does. Without it a percentage keeps at least 10 rows.
    mutating func applyMinHeight() {
        guard let text = look.display.minHeight, case .percent(let percent)? = height else { return }
        let adds = text.hasSuffix("+")
        var minimum = Int(adds ? String(text.dropLast()) : text) ?? 0
        if adds {
            minimum += 1  // the prompt
            if look.promptInfo == .default { minimum += 1 }  // the info line
            minimum += headerLines + (header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0)
            if let border = look.border.flatMap(PromptFrame.Border.init(rawValue:)) {
                minimum += (border.hasTopLine ? 1 : 0) + (border.hasBottomLine ? 1 : 0)
            }
        }
        height = .percentAtLeast(percent, minimum: max(1, minimum))
    }
}
