import TerminalCore

/// A row whose end stays in view when it is wider than its room (fzf's `--keep-right`):
/// its last columns are drawn after `··`, as fzf does, instead of its first ones before a cut.
public struct KeepRightRow: View {
    /// The row.
    public var content: Text

    /// Creates the row.
    public init(_ content: Text) { self.content = content }

    public var sizing: Sizing { content.sizing }

    public func render(in rect: Rect, buffer: inout Buffer) {
        let width = content.width
        guard width > rect.width, rect.width > 2 else { return content.render(in: rect, buffer: &buffer) }
        var scratch = Buffer(size: Size(rows: 1, columns: width))
        content.render(in: scratch.area, buffer: &scratch)
        let shown = rect.width - 2
        buffer.write("··", at: rect.origin, maxWidth: 2, style: scratch[0, 0].style)
        for column in 0..<shown {
            var cell = scratch[0, width - shown + column]
            if cell.isContinuation, column == 0 { cell = .blank(style: cell.style) }
            if !cell.isContinuation { buffer.set(cell, row: rect.top, column: rect.left + 2 + column) }
        }
    }
}
