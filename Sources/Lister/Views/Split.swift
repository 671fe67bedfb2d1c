import TerminalCore

/// Two views sharing a rectangle: side by side (a list and a pane beside it) or one above
/// the other, with a line between them.
///
/// One side gets its size from an ``Extent`` and the other takes what is left, so a list
/// in either side keeps working at any terminal size: it is laid out in the room it is
/// given, and clicks reach it by row and column.
///
/// ```swift
/// Split(.horizontal, second: .percent(40)) {
///     standardBody(context)
/// } second: {
///     Text(preview)
/// }
/// ```
public struct Split: View {
    /// How the two views are placed.
    public enum Axis: Hashable, Sendable {
        /// Left and right.
        case horizontal
        /// Top and bottom.
        case vertical
    }

    /// The size of one side: a number of cells, or a percentage of the room.
    public enum Extent: Hashable, Sendable {
        /// Columns (or rows) of the side, fewer when there is no room.
        case cells(Int)
        /// A share of the room, from 0 to 100.
        case percent(Int)

        /// The cells this extent takes of `room`.
        func cells(of room: Int) -> Int {
            switch self {
            case .cells(let count): return min(max(0, count), room)
            case .percent(let share): return room * min(max(0, share), 100) / 100
            }
        }
    }

    /// How the two views are placed.
    public var axis: Axis
    /// The first view: the left one, or the top one.
    public var first: any View
    /// The second view: the right one, or the bottom one.
    public var second: any View
    /// Which side the extent sizes, and how.
    public var extent: (side: Side, size: Extent)
    /// Whether a line is drawn between the two views.
    public var showsDivider: Bool
    /// The style of the line between the two views.
    public var dividerStyle: Style = .dim
    /// Whether the divider is drawn in ASCII, `|` or `-` (fzf's `--no-unicode`).
    public var dividerIsASCII = false

    /// One of the two views.
    public enum Side: Hashable, Sendable {
        /// The left or top view.
        case first
        /// The right or bottom view.
        case second
    }

    /// A split whose first view (left or top) is `first` in size.
    public init(_ axis: Axis, first extent: Extent, showsDivider: Bool = true,
                @ViewBuilder _ first: () -> Group, @ViewBuilder second: () -> Group) {
        self.axis = axis
        self.first = first()
        self.second = second()
        self.extent = (.first, extent)
        self.showsDivider = showsDivider
    }

    /// A split whose second view (right or bottom) is `second` in size.
    public init(_ axis: Axis, second extent: Extent, showsDivider: Bool = true,
                @ViewBuilder _ first: () -> Group, @ViewBuilder second: () -> Group) {
        self.axis = axis
        self.first = first()
        self.second = second()
        self.extent = (.second, extent)
        self.showsDivider = showsDivider
    }

    public var sizing: Sizing { .flexible }

    public func render(in rect: Rect, buffer: inout Buffer) {
        let (firstRect, line, secondRect) = areas(in: rect)
        if !firstRect.isEmpty { first.render(in: firstRect, buffer: &buffer) }
        if let line, !line.isEmpty { drawDivider(in: line, buffer: &buffer) }
        if !secondRect.isEmpty { second.render(in: secondRect, buffer: &buffer) }
    }

    /// The first view's area, the divider's (if any) and the second view's, in `rect`.
    func areas(in rect: Rect) -> (first: Rect, divider: Rect?, second: Rect) {
        let room = axis == .horizontal ? rect.width : rect.height
        let divider = showsDivider && room >= 3 ? 1 : 0
        let sized = extent.size.cells(of: room - divider)
        let firstSize = extent.side == .first ? sized : room - divider - sized
        if axis == .horizontal {
            let first = Rect(row: rect.top, column: rect.left, rows: rect.height, columns: firstSize)
            let line = Rect(row: rect.top, column: first.right, rows: rect.height, columns: divider)
            let second = Rect(row: rect.top, column: line.right, rows: rect.height, columns: rect.right - line.right)
            return (first, divider > 0 ? line : nil, second)
        }
        let first = Rect(row: rect.top, column: rect.left, rows: firstSize, columns: rect.width)
        let line = Rect(row: first.bottom, column: rect.left, rows: divider, columns: rect.width)
        let second = Rect(row: line.bottom, column: rect.left, rows: rect.bottom - line.bottom, columns: rect.width)
        return (first, divider > 0 ? line : nil, second)
    }

    private func drawDivider(in rect: Rect, buffer: inout Buffer) {
        if axis == .horizontal {
            for row in rect.top..<rect.bottom {
                buffer.write(dividerIsASCII ? "|" : "│", at: Point(row: row, column: rect.left), maxWidth: 1, style: dividerStyle)
            }
        } else {
            buffer.write(String(repeating: dividerIsASCII ? "-" : "─", count: rect.width), at: rect.origin, maxWidth: rect.width, style: dividerStyle)
        }
    }
}
