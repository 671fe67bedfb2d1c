import TerminalCore

/// The last line of the screen: position on the left, state in the middle, key hint on
/// the right. When the line is too narrow the hint goes first, then the state is cut with
/// `…`, and dropped when fewer than 8 columns are left for it.
public struct StatusBar: View, Hashable, Sendable {
    /// Position, e.g. `42/150`.
    public var position: String
    /// State, e.g. `loading`, `refreshing`, a short message; may be empty.
    public var state: String
    /// Key hint, e.g. `? help`.
    public var hint: String

    /// Creates a status bar.
    public init(position: String, state: String, hint: String) {
        self.position = position
        self.state = state
        self.hint = hint
    }

    public var sizing: Sizing { .fixed(1) }

    /// The fewest columns a state is cut to before it is dropped.
    static let shortestState = 8

    /// The parts that fit in `width` columns, by the dropping rule.
    public func visibleParts(width: Int) -> (state: Bool, hint: Bool) {
        let gap = 3
        let p = DisplayWidth.of(position), s = DisplayWidth.of(state), h = DisplayWidth.of(hint)
        let hasState = s > 0
        if p + (hasState ? gap + s : 0) + gap + h <= width { return (hasState, h > 0) }
        // A long state (an error message) is cut to fit rather than dropped.
        if hasState, p + gap + min(s, Self.shortestState) <= width { return (true, false) }
        return (false, false)
    }

    public func render(in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        let parts = visibleParts(width: rect.width)
        let used = buffer.write(position, at: rect.origin, maxWidth: rect.width, style: .bold)
        if parts.state {
            buffer.write(state, at: Point(row: rect.top, column: rect.left + used + 3),
                         maxWidth: rect.width - used - 3, style: Style(foreground: .yellow))
        }
        if parts.hint {
            let width = DisplayWidth.of(hint)
            buffer.write(hint, at: Point(row: rect.top, column: rect.right - width), maxWidth: width, style: .dim)
        }
    }
}
