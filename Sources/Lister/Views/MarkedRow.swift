import TerminalCore

/// A row of a multiple picker: a marker column (`●` when marked), then the row.
public struct MarkedRow: View {
    /// Whether the row is marked.
    public var isMarked: Bool
    /// The row itself.
    public var content: any View
    /// The marker's style (a picker's ``PromptTheme/marker``).
    public var markerStyle = Style(foreground: .green, attributes: .bold)

    /// Creates the row.
    public init(isMarked: Bool, content: any View) {
        self.isMarked = isMarked
        self.content = content
    }

    public var sizing: Sizing { content.sizing }

    public func render(in rect: Rect, buffer: inout Buffer) {
        guard rect.width > 2 else { return content.render(in: rect, buffer: &buffer) }
        if isMarked {
            buffer.write("●", at: rect.origin, style: markerStyle)
        }
        content.render(in: Rect(row: rect.top, column: rect.left + 2, rows: rect.height, columns: rect.width - 2),
                       buffer: &buffer)
    }
}
