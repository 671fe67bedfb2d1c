import TerminalCore

extension FilterPrompt {
    /// A prompt-first list's body split in three: the screen's own body, the prompt's
    /// line, and the ``linesBeyond`` on the far side of the prompt (as many as fit with the
    /// prompt's line). The prompt is at the bottom without `prompt`.
    static func areas(of body: Rect, prompt: FilterPrompt?) -> (list: Rect, line: Rect, beyond: Rect) {
        let beyondCount = max(0, min(prompt?.linesBeyond.count ?? 0, body.height - 1))
        if prompt?.isOnTop == true {
            let (beyond, rest) = body.splitTop(beyondCount)
            let (line, list) = rest.splitTop(1)
            return (list, line, beyond)
        }
        let (rest, beyond) = body.splitBottom(beyondCount)
        let (list, line) = rest.splitBottom(1)
        return (list, line, beyond)
    }

    /// Draws ``linesBeyond`` in `area`, the first line nearest the prompt's side as fzf
    /// draws its header: top down in both layouts.
    func renderLinesBeyond(in area: Rect, buffer: inout Buffer) {
        for (offset, line) in linesBeyond.prefix(area.height).enumerated() {
            line.render(in: Rect(row: area.top + offset, column: area.left, rows: 1, columns: area.width), buffer: &buffer)
        }
    }
}
