import TerminalCore

/// Where a label goes on a border's line (fzf's `--border-label-pos`,
/// `--preview-label-pos`): centred, from a column on the left, or ending at a column from
/// the right; on the top line or the bottom one.
public struct BorderLabelPosition: Hashable, Sendable {
    /// 0: centred; N > 0: starting at the border's Nth column; N < 0: ending at its Nth
    /// column from the right (-1: the last).
    public var column: Int
    /// Whether the label goes on the bottom line rather than the top one.
    public var onBottom: Bool

    /// A position; centred on the top line by default, as fzf's.
    public init(column: Int = 0, onBottom: Bool = false) {
        self.column = column
        self.onBottom = onBottom
    }

    /// Draws `label` on the line of `rect` (a border of `shape`) it asks for, as fzf 0.74.5
    /// does: on the top line, or the bottom one when the border has no top line; on the
    /// bottom line only if the border has one. The label is cut to the border's width.
    func draw(_ label: String, shape: PromptFrame.Border.Shape, in rect: Rect, buffer: inout Buffer, style: Style) {
        guard !label.isEmpty, rect.width > 0, rect.height > 0 else { return }
        let row: Int
        if onBottom {
            guard shape.bottom else { return }
            row = rect.bottom - 1
        } else {
            guard shape.top || shape.bottom else { return }
            row = shape.top ? rect.top : rect.bottom - 1
        }
        let width = min(DisplayWidth.of(label), column == 0 ? max(0, rect.width - 4) : rect.width)
        guard width > 0 else { return }
        let start: Int
        switch column {
        case 0: start = (rect.width - width) / 2
        case 1...: start = min(column - 1, rect.width - width)
        default: start = max(0, rect.width + column + 1 - width)
        }
        buffer.write(label, at: Point(row: row, column: rect.left + start), maxWidth: width, style: style)
    }
}
