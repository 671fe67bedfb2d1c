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

        /// The sizes in cells, top, right, bottom, left (percentages of `rect`'s height or width).
        func cells(in rect: Rect) -> [Int] {
            [top.cells(of: rect.height), right.cells(of: rect.width), bottom.cells(of: rect.height), left.cells(of: rect.width)]
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
    /// Where ``label`` goes on the border (fzf's `--border-label-pos`); centred on the top
    /// line by default.
    public var labelPosition = BorderLabelPosition()
    /// Space inside the border.
    public var padding: Insets = .zero
    /// The border's style (fzf's `--color border:`).
    public var borderStyle = Style.dim
    /// The label's style (fzf's `--color label:`).
    public var labelStyle = Style.plain
    /// Whether the border (and the preview pane's border and divider) is drawn in ASCII:
    /// `+`, `-`, `|` (fzf's `--no-unicode`).
    public var isASCII = false

    /// No frame.
    public init() {}

    /// Whether the frame takes any room.
    public var isEmpty: Bool { margin == .zero && border == nil && padding == .zero }

    /// The fewest rows and columns the picker keeps inside the frame: as in fzf, margins
    /// and padding shrink (in proportion) rather than leave less.
    static let minimumRoom = Size(rows: 3, columns: 4)

    /// Draws the border into `buffer` and returns the room left inside `rect`. On a small
    /// terminal the margins and the padding shrink as fzf shrinks them, so that the room
    /// keeps at least 3 rows and 4 columns (or what `rect` has); when even the border leaves no
    /// room, nothing is drawn and the room is `rect`, so the picker never goes blank.
    public func draw(in rect: Rect, buffer: inout Buffer) -> Rect {
        guard !isEmpty else { return rect }
        var lines = [0, 0, 0, 0]  // top, right, bottom, left: the border's lines
        if let border {
            let shape = border.shape
            lines = [shape.top, shape.right, shape.bottom, shape.left].map { $0 ? 1 : 0 }
        }
        // As fzf: the border counts in the margin; each axis shrinks on its own.
        var outer = zip(margin.cells(in: rect), lines).map { $0 + $1 }
        var inner = padding.cells(in: rect)
        for (first, second, room, minimum) in [(0, 2, rect.height, Self.minimumRoom.rows), (1, 3, rect.width, Self.minimumRoom.columns)] {
            let taken = outer[first] + outer[second] + inner[first] + inner[second]
            let kept = min(minimum, room)
            guard room - taken < kept, taken > 0 else { continue }
            let desired = room - kept
            for side in [first, second] {
                inner[side] = desired * inner[side] / taken
                outer[side] = max(lines[side], desired * outer[side] / taken)
            }
        }
        let content = Rect(row: rect.top + outer[0] + inner[0], column: rect.left + outer[3] + inner[3],
                           rows: rect.height - outer[0] - outer[2] - inner[0] - inner[2],
                           columns: rect.width - outer[1] - outer[3] - inner[1] - inner[3])
        guard content.height > 0, content.width > 0 else { return rect }
        if let border {
            let box = Rect(row: rect.top + outer[0] - lines[0], column: rect.left + outer[3] - lines[3],
                           rows: rect.height - outer[0] - outer[2] + lines[0] + lines[2],
                           columns: rect.width - outer[1] - outer[3] + lines[1] + lines[3])
            _ = draw(border, in: box, buffer: &buffer, style: borderStyle)
        }
        return content
    }

    private func draw(_ border: Border, in rect: Rect, buffer: inout Buffer, style: Style) -> Rect {
        let shape = border.shape
        let inner = border.draw(in: rect, buffer: &buffer, style: style, ascii: isASCII)
        if let label { labelPosition.draw(label, shape: shape, in: rect, buffer: &buffer, style: labelStyle) }
        return inner
    }
}
