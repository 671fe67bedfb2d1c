import TerminalCore

/// What surrounds a picker (fzf's `--margin`, `--border`, `--border-label`, `--padding`):
/// blank space outside the border, the border with its label, blank space inside it. The
/// prompt, the list and the status bar are drawn in what is left.
public struct PromptFrame: Hashable, Sendable {
    /// Space around each side, as fzf's 1 to 4 sizes.
    public struct Insets: Hashable, Sendable {
        /// Space above.
        public var top: Split.Extent
        /// Space on the right.
        public var right: Split.Extent
        /// Space below.
        public var bottom: Split.Extent
        /// Space on the left.
        public var left: Split.Extent

        /// No space.
        public static let zero = Insets(top: .cells(0), right: .cells(0), bottom: .cells(0), left: .cells(0))

        /// Sizes as fzf reads them: one for every side; vertical, horizontal; top,
        /// horizontal, bottom; top, right, bottom, left. Any other count is no space
        /// (the option's parser refuses it first).
        public init(_ sizes: [Split.Extent]) {
            switch sizes.count {
            case 1: self.init(top: sizes[0], right: sizes[0], bottom: sizes[0], left: sizes[0])
            case 2: self.init(top: sizes[0], right: sizes[1], bottom: sizes[0], left: sizes[1])
            case 3: self.init(top: sizes[0], right: sizes[1], bottom: sizes[2], left: sizes[1])
            case 4: self.init(top: sizes[0], right: sizes[1], bottom: sizes[2], left: sizes[3])
            default: self = .zero
            }
        }

        /// Each side.
        public init(top: Split.Extent, right: Split.Extent, bottom: Split.Extent, left: Split.Extent) {
            self.top = top
            self.right = right
            self.bottom = bottom
            self.left = left
        }

        /// `rect` without the space (percentages of the room `rect` has).
        func inset(_ rect: Rect) -> Rect {
            let top = self.top.cells(of: rect.height), bottom = self.bottom.cells(of: rect.height)
            let left = self.left.cells(of: rect.width), right = self.right.cells(of: rect.width)
            return Rect(row: rect.top + top, column: rect.left + left,
                        rows: max(0, rect.height - top - bottom), columns: max(0, rect.width - left - right))
        }
    }

    /// fzf's border styles.
    public enum Border: String, CaseIterable, Hashable, Sendable {
        case rounded, sharp, bold, double, block, thinblock, horizontal, vertical, line, top, bottom, left, right
    }

    /// Space outside the border.
    public var margin: Insets = .zero
    /// The border; nil for none.
    public var border: Border?
    /// Drawn on the border's top line (or its bottom line when it has no top line).
    public var label: String?
    /// Space inside the border.
    public var padding: Insets = .zero
    /// The border's style (fzf's `--color border:`).
    public var borderStyle = Style.dim
    /// The label's style (fzf's `--color label:`).
    public var labelStyle = Style.plain

    /// No frame.
    public init() {}

    /// Whether the frame takes any room.
    public var isEmpty: Bool { margin == .zero && border == nil && padding == .zero }

    /// Draws the border into `buffer` and returns the room left inside `rect`.
    public func draw(in rect: Rect, buffer: inout Buffer) -> Rect {
        var room = margin.inset(rect)
        if let border, room.width >= 2, room.height >= 2 {
            room = draw(border, in: room, buffer: &buffer, style: borderStyle)
        }
        return padding.inset(room)
    }

    /// The sides a style draws, and its characters: corners, then horizontal and vertical.
    private func shape(_ border: Border) -> (sides: (top: Bool, right: Bool, bottom: Bool, left: Bool), corners: [String], h: String, v: String) {
        let all = (true, true, true, true)
        switch border {
        case .rounded: return (all, ["╭", "╮", "╰", "╯"], "─", "│")
        case .sharp, .line: return (all, ["┌", "┐", "└", "┘"], "─", "│")
        case .bold: return (all, ["┏", "┓", "┗", "┛"], "━", "┃")
        case .double: return (all, ["╔", "╗", "╚", "╝"], "═", "║")
        case .block: return (all, ["█", "█", "█", "█"], "█", "█")
        case .thinblock: return (all, ["▛", "▜", "▙", "▟"], "▀", "▌")
        case .horizontal: return ((true, false, true, false), [], "─", "│")
        case .vertical: return ((false, true, false, true), [], "─", "│")
        case .top: return ((true, false, false, false), [], "─", "│")
        case .bottom: return ((false, false, true, false), [], "─", "│")
        case .left: return ((false, false, false, true), [], "─", "│")
        case .right: return ((false, true, false, false), [], "─", "│")
        }
    }

    private func draw(_ border: Border, in rect: Rect, buffer: inout Buffer, style: Style) -> Rect {
        let shape = shape(border)
        let inner = Rect(row: rect.top + (shape.sides.top ? 1 : 0), column: rect.left + (shape.sides.left ? 1 : 0),
                         rows: rect.height - (shape.sides.top ? 1 : 0) - (shape.sides.bottom ? 1 : 0),
                         columns: rect.width - (shape.sides.left ? 1 : 0) - (shape.sides.right ? 1 : 0))
        let boxed = shape.corners.count == 4
        for (drawn, row) in [(shape.sides.top, rect.top), (shape.sides.bottom, rect.bottom - 1)] where drawn {
            for column in rect.left..<rect.right { buffer.write(shape.h, at: Point(row: row, column: column), style: style) }
        }
        for (drawn, column) in [(shape.sides.left, rect.left), (shape.sides.right, rect.right - 1)] where drawn {
            for row in inner.top..<inner.bottom { buffer.write(shape.v, at: Point(row: row, column: column), style: style) }
        }
        if boxed {
            buffer.write(shape.corners[0], at: rect.origin, style: style)
            buffer.write(shape.corners[1], at: Point(row: rect.top, column: rect.right - 1), style: style)
            buffer.write(shape.corners[2], at: Point(row: rect.bottom - 1, column: rect.left), style: style)
            buffer.write(shape.corners[3], at: Point(row: rect.bottom - 1, column: rect.right - 1), style: style)
        }
        if let label, !label.isEmpty, shape.sides.top || shape.sides.bottom {
            // As fzf: centred on the top line (the bottom one when there is no top line).
            let row = shape.sides.top ? rect.top : rect.bottom - 1
            let width = min(DisplayWidth.of(label), max(0, rect.width - 4))
            buffer.write(label, at: Point(row: row, column: rect.left + (rect.width - width) / 2), maxWidth: width,
                         style: labelStyle)
        }
        return inner
    }
}
