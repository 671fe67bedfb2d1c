import TerminalCore

extension PromptFrame.Border {
    /// The sides a border style draws and its characters, as fzf 0.74.5 draws them
    /// (`block` in quadrants, `thinblock` in eighths).
    struct Shape {
        var top = true, right = true, bottom = true, left = true
        /// Top left, top right, bottom left, bottom right; empty for lines without corners.
        var corners: [String] = []
        var topLine = "─", bottomLine = "─", leftLine = "│", rightLine = "│"
    }

    /// The sides and characters of this style.
    var shape: Shape {
        switch self {
        case .rounded: Shape(corners: ["╭", "╮", "╰", "╯"])
        case .sharp, .line: Shape(corners: ["┌", "┐", "└", "┘"])
        case .bold: Shape(corners: ["┏", "┓", "┗", "┛"], topLine: "━", bottomLine: "━", leftLine: "┃", rightLine: "┃")
        case .double: Shape(corners: ["╔", "╗", "╚", "╝"], topLine: "═", bottomLine: "═", leftLine: "║", rightLine: "║")
        case .block: Shape(corners: ["▛", "▜", "▙", "▟"], topLine: "▀", bottomLine: "▄", leftLine: "▌", rightLine: "▐")
        case .thinblock: Shape(corners: ["🭽", "🭾", "🭼", "🭿"], topLine: "▔", bottomLine: "▁", leftLine: "▏", rightLine: "▕")
        case .horizontal: Shape(right: false, left: false)
        case .vertical: Shape(top: false, bottom: false)
        case .top: Shape(right: false, bottom: false, left: false)
        case .bottom: Shape(top: false, right: false, left: false)
        case .left: Shape(top: false, right: false, bottom: false)
        case .right: Shape(top: false, bottom: false, left: false)
        }
    }

    /// The sides of this style in ASCII (fzf's `--no-unicode`): `+` corners, `-` and `|` lines.
    var asciiShape: Shape {
        var shape = shape
        if !shape.corners.isEmpty { shape.corners = ["+", "+", "+", "+"] }
        (shape.topLine, shape.bottomLine, shape.leftLine, shape.rightLine) = ("-", "-", "|", "|")
        return shape
    }

    /// Draws the border along the edges of `rect` in `style` (in ASCII with `ascii`) and
    /// returns the room inside it.
    func draw(in rect: Rect, buffer: inout Buffer, style: Style, ascii: Bool = false) -> Rect {
        let shape = ascii ? asciiShape : shape
        let inner = Rect(row: rect.top + (shape.top ? 1 : 0), column: rect.left + (shape.left ? 1 : 0),
                         rows: max(0, rect.height - (shape.top ? 1 : 0) - (shape.bottom ? 1 : 0)),
                         columns: max(0, rect.width - (shape.left ? 1 : 0) - (shape.right ? 1 : 0)))
        guard rect.width > 0, rect.height > 0 else { return inner }
        for (drawn, row, line) in [(shape.top, rect.top, shape.topLine), (shape.bottom, rect.bottom - 1, shape.bottomLine)] where drawn {
            for column in rect.left..<rect.right { buffer.write(line, at: Point(row: row, column: column), style: style) }
        }
        for (drawn, column, line) in [(shape.left, rect.left, shape.leftLine), (shape.right, rect.right - 1, shape.rightLine)] where drawn {
            for row in inner.top..<inner.bottom { buffer.write(line, at: Point(row: row, column: column), style: style) }
        }
        if shape.corners.count == 4 {
            buffer.write(shape.corners[0], at: rect.origin, style: style)
            buffer.write(shape.corners[1], at: Point(row: rect.top, column: rect.right - 1), style: style)
            buffer.write(shape.corners[2], at: Point(row: rect.bottom - 1, column: rect.left), style: style)
            buffer.write(shape.corners[3], at: Point(row: rect.bottom - 1, column: rect.right - 1), style: style)
        }
        return inner
    }
}

/// A view inside a border (fzf's `--preview-window border-STYLE`): the border drawn along the
/// edges of its room, the view inside with a blank column beside each side line, as fzf
/// pads its preview.
struct BorderedView: View {
    var border: PromptFrame.Border
    var style: Style
    var content: any View
    /// Drawn on the border (fzf's `--preview-label`), where ``labelPosition`` says.
    var label: String?
    var labelPosition = BorderLabelPosition()
    var labelStyle = Style.plain
    /// Drawn in ASCII (fzf's `--no-unicode`).
    var isASCII = false

    var sizing: Sizing { .flexible }

    func render(in rect: Rect, buffer: inout Buffer) {
        var inner = border.draw(in: rect, buffer: &buffer, style: style, ascii: isASCII)
        let shape = border.shape
        if let label { labelPosition.draw(label, shape: shape, in: rect, buffer: &buffer, style: labelStyle) }
        let left = shape.left && inner.width > 2 ? 1 : 0, right = shape.right && inner.width > 2 ? 1 : 0
        inner = Rect(row: inner.top, column: inner.left + left, rows: inner.height, columns: inner.width - left - right)
        guard inner.width > 0, inner.height > 0 else { return }
        content.render(in: inner, buffer: &buffer)
    }
}

extension PreviewPlacement {
    /// The pane's extent in the split: a size in cells is the text's, with the border's
    /// lines (and the blank column beside each side line) added, as fzf counts it
    /// (`up,2` in a box takes 4 rows); a percentage is of the whole.
    var paneSize: Split.Extent {
        guard let border, case .cells(let cells) = size else { return size }
        let shape = border.shape
        switch edge {
        case .top, .bottom: return .cells(cells + (shape.top ? 1 : 0) + (shape.bottom ? 1 : 0))
        case .left, .right: return .cells(cells + (shape.left ? 2 : 0) + (shape.right ? 2 : 0))
        }
    }
}

extension PromptFrame.Border {
    /// Whether this style draws a line along the top.
    public var hasTopLine: Bool { shape.top }
    /// Whether this style draws a line along the bottom.
    public var hasBottomLine: Bool { shape.bottom }
}
