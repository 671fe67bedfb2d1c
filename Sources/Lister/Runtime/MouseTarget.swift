import TerminalCore

/// Where a mouse event goes on the top screen, from the regions the last frame drew: the
/// runtime carries it out (the commands, the table's header, a click on the list and
/// whether it makes a double click).
enum MouseTarget: Equatable {
    /// Runs `command` this many times: the wheel (a picker's binding once, else three rows).
    case perform(Command, times: Int)
    /// A click on a table's header line, this many columns from its left.
    case tableHeader(x: Int)
    /// A click on this line of the list, or of a body that drew no list.
    case list(line: Int)
    /// Nothing takes it.
    case none

    /// The target of `mouse`. `events` are a picker's mouse bindings (`scroll-up`,
    /// `scroll-down`); over a preview pane the wheel scrolls the pane, elsewhere it moves
    /// the list (the other way on a list that grows upward).
    @MainActor
    static func of(_ mouse: MouseEvent, regions: RegionMap, events: [PromptEvent: Command],
                   listGrowsUpward: Bool) -> MouseTarget {
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            if let command = events[mouse.kind == .wheelUp ? .scrollUp : .scrollDown] { return .perform(command, times: 1) }
            let overPreview = regions.region(at: mouse.position)?.id == .preview
            let towardsStart = (mouse.kind == .wheelUp) != listGrowsUpward
            let command: Command = overPreview ? (mouse.kind == .wheelUp ? .previewUp : .previewDown)
                                               : (towardsStart ? .up : .down)
            return .perform(command, times: 3)
        case .press:
            // The list where the last frame drew it; a body that drew no list region (a
            // detail screen, a list view built by hand) takes clicks on all of its room,
            // where that frame put it (inside a picker's frame, without its status bar).
            let point = mouse.position
            if let hit = regions.region(at: point) {
                if hit.id == .tableHeader { return .tableHeader(x: point.column - hit.rect.left) }
                return hit.id == .list ? .list(line: point.row - hit.rect.top) : .none
            }
            guard let body = regions.body, regions.rect(of: .list) == nil,
                  point.row >= body.top, point.row < body.bottom else { return .none }
            return .list(line: point.row - body.top)
        }
    }
}
