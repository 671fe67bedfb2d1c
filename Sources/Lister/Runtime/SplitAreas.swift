import TerminalCore

/// Where the panes of a ``SplitScreen`` go in its body: each pane's room (its title line
/// on top, then its own body) and the lines between panes side by side.
@MainActor
struct SplitAreas {
    /// One pane's room.
    struct Pane: Equatable {
        /// All of it: clicks here focus the pane.
        var whole: Rect
        /// The line with the pane's title; nil when the pane has fewer than two rows.
        var title: Rect?
        /// Where the pane's screen draws its body.
        var body: Rect
    }

    /// The panes, in order.
    private(set) var panes: [Pane] = []
    /// The one-column lines between panes side by side (none when the panes would have
    /// fewer than three columns each).
    private(set) var dividers: [Rect] = []

    /// The areas of `count` panes of `screen` in `body`, sized by the screen's shares: the
    /// last pane takes what rounding leaves.
    init(_ screen: SplitScreen, panes count: Int, in body: Rect) {
        let horizontal = screen.axis == .horizontal
        let room = horizontal ? body.width : body.height
        let dividerCount = horizontal && count > 1 && room >= count * 3 ? count - 1 : 0
        let available = max(0, room - dividerCount)
        let shares = (0..<count).map { screen.share(of: $0) }
        let total = shares.reduce(0, +)
        var start = horizontal ? body.left : body.top
        for index in 0..<count {
            let isLast = index == count - 1
            let end = horizontal ? body.right : body.bottom
            var size = total > 0 ? available * shares[index] / total : available / max(1, count)
            if isLast { size = max(0, end - start) }
            let whole = horizontal
                ? Rect(row: body.top, column: start, rows: body.height, columns: size)
                : Rect(row: start, column: body.left, rows: size, columns: body.width)
            panes.append(Self.pane(in: whole))
            start += size
            if !isLast, dividerCount > 0 {
                dividers.append(Rect(row: body.top, column: start, rows: body.height, columns: 1))
                start += 1
            }
        }
    }

    /// A pane's title line and body in `whole`.
    private static func pane(in whole: Rect) -> Pane {
        guard whole.height >= 2 else { return Pane(whole: whole, title: nil, body: whole) }
        let (title, body) = whole.splitTop(1)
        return Pane(whole: whole, title: title, body: body)
    }
}
