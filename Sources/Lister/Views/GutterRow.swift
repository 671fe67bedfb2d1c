import TerminalCore

/// A row of a picker with fzf's gutter (``FilterPrompt/pointer``, ``FilterPrompt/marker``):
/// a column for the pointer (drawn on the selected row), one for the marker (on marked
/// rows), then the row.
public struct GutterRow: View {
    /// The pointer string, drawn when the row is selected.
    public var pointer: String
    /// The marker string, drawn when the row is marked.
    public var marker: String
    /// Whether the row is selected.
    public var isSelected: Bool
    /// Whether the row is marked.
    public var isMarked: Bool
    /// The row itself.
    public var content: any View
    /// The pointer's style (fzf's `--color pointer:`).
    public var pointerStyle = Style(foreground: .red, attributes: .bold)
    /// The marker's style (fzf's `--color marker:`).
    public var markerStyle = Style(foreground: .green, attributes: .bold)
    /// The gutter's colour, as a background (fzf's `--color gutter:`): the half block drawn
    /// in the pointer's column of the other rows takes it as its foreground, as fzf 0.74.5
    /// draws it; without one the half block is dim.
    public var gutterStyle = Style.plain

    /// Creates the row.
    public init(pointer: String, marker: String, isSelected: Bool, isMarked: Bool, content: any View) {
        self.pointer = pointer
        self.marker = marker
        self.isSelected = isSelected
        self.isMarked = isMarked
        self.content = content
    }

    /// What fzf 0.74.5 draws in the pointer's column of the rows it does not point at.
    static let glyph = "▌"

    public var sizing: Sizing { content.sizing }

    public func render(in rect: Rect, buffer: inout Buffer) {
        let pointerWidth = DisplayWidth.of(pointer), markerWidth = DisplayWidth.of(marker)
        let gutter = pointerWidth + markerWidth
        guard rect.width > gutter + 1 else { return content.render(in: rect, buffer: &buffer) }
        if isSelected {
            buffer.write(pointer, at: rect.origin, maxWidth: pointerWidth, style: pointerStyle)
        } else if pointerWidth > 0 {
            // fzf 0.74.5's gutter: a half block in the gutter's colour (dim without one).
            let colour = gutterStyle.background
            buffer.write(Self.glyph, at: rect.origin, maxWidth: 1, style: colour == .default ? .dim : Style(foreground: colour))
        }
        if isMarked {
            buffer.write(marker, at: Point(row: rect.top, column: rect.left + pointerWidth), maxWidth: markerWidth,
                         style: markerStyle)
        }
        content.render(in: Rect(row: rect.top, column: rect.left + gutter, rows: rect.height, columns: rect.width - gutter),
                       buffer: &buffer)
    }
}
