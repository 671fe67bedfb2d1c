import TerminalCore

/// Where you are: the titles of the screens on the stack, `Feed › Post › Comments`.
/// When too long, it is cut from the left (`…ost › Comments`): the deepest part matters most.
public struct Breadcrumb: View, Hashable, Sendable {
    /// The titles, root first.
    public var titles: [String]
    /// The separator between titles.
    public static let separator = " › "

    /// Creates a breadcrumb.
    public init(_ titles: [String]) { self.titles = titles }

    public var sizing: Sizing { .fixed(1) }

    /// The text shown in `width` columns.
    public func visibleText(width: Int) -> String {
        let full = titles.map { Sanitizer.clean($0) }.joined(by: Breadcrumb.separator)
        guard width > 0 else { return "" }
        guard DisplayWidth.of(full) > width else { return full }
        // Keep the tail that fits after "…", never splitting a character.
        var tail: [Character] = []
        var used = 1
        for character in full.reversed() {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            tail.append(character)
            used += w
        }
        return "…" + String(tail.reversed())
    }

    public func render(in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        let text = visibleText(width: rect.width)
        let last = titles.last.map { Sanitizer.clean($0) } ?? ""
        // The current screen's title in bold, the path to it dimmed.
        if text.hasSuffix(last), text.count > last.count {
            let head = String(text.dropLast(last.count))
            (Text(head).dim() + Text(last).bold()).render(in: rect, buffer: &buffer)
        } else {
            Text(text).bold().render(in: rect, buffer: &buffer)
        }
    }
}
