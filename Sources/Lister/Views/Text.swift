import TerminalCore

/// One line of styled text, made of spans. Untrusted text is safe: control characters
/// are shown visibly, and text too long for its room ends in `…`.
///
/// ```swift
/// Text("error: ", style: Style(foreground: .red)) + Text(message)
/// ```
nonisolated public struct Text: View, Hashable, Sendable {
    /// A run of text in one style.
    public struct Span: Hashable, Sendable {
        /// The text, trusted or not.
        public var text: String
        /// Its style.
        public var style: Style
    }

    /// The spans, left to right.
    public var spans: [Span]
    /// Alignment within the row.
    public var alignment: Alignment = .leading

    /// Horizontal placement of a line.
    public enum Alignment: Hashable, Sendable {
        /// Against the left edge.
        case leading
        /// In the middle (an odd cell left over goes to the right).
        case center
        /// Against the right edge.
        case trailing
    }

    /// Creates a text of one span.
    public init(_ text: some StringProtocol, style: Style = .plain) {
        spans = [Span(text: String(text), style: style)]
    }

    /// Creates a text from spans.
    public init(spans: [Span]) { self.spans = spans }

    /// The text with its spans joined, without styles.
    public var plainText: String { spans.map(\.text).joined(by: "") }

    /// Columns the text takes once drawn.
    public var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    public var sizing: Sizing { .fixed(1) }

    public func render(in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        var column = rect.left
        switch alignment {
        case .leading: break
        case .center: column += max(0, (rect.width - width) / 2)
        case .trailing: column += max(0, rect.width - width)
        }
        for (index, span) in spans.enumerated() {
            let room = rect.right - column
            guard room > 0 else { break }
            let isLast = index == spans.count - 1
            // Keep one column for the ellipsis when later spans will not fit.
            let written = buffer.write(span.text, at: Point(row: rect.top, column: column), maxWidth: room, style: span.style)
            column += written
            if !isLast, column >= rect.right, written > 0 { break }
        }
    }

    /// Joins two texts, keeping each one's styles.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var result = lhs
        result.spans += rhs.spans
        return result
    }

    /// This text with `style` merged into every span.
    public func styled(_ style: Style) -> Text {
        var copy = self
        copy.spans = spans.map { Span(text: $0.text, style: $0.style.merged(with: style)) }
        return copy
    }

    /// Bold text.
    public func bold() -> Text { styled(.bold) }
    /// Dim text.
    public func dim() -> Text { styled(.dim) }
    /// Text in a foreground colour.
    public func foreground(_ color: Color) -> Text { styled(Style(foreground: color)) }
    /// The text placed within its row.
    public func aligned(_ alignment: Alignment) -> Text {
        var copy = self
        copy.alignment = alignment
        return copy
    }
}
