import TerminalCore

/// Names a part of a screen's body that input can reach on its own: the list, and later a
/// preview pane or another panel.
public struct RegionID: Hashable, Sendable, CustomStringConvertible {
    /// The name, unique within a screen.
    public let name: String

    /// A region called `name`.
    public init(_ name: String) { self.name = name }

    /// The list of a list screen.
    public static let list = RegionID("list")

    /// The whole of one pane of a ``SplitScreen``: clicks there focus the pane.
    public static let pane = RegionID("pane")

    public var description: String { name }
}

extension RegionID: ExpressibleByStringLiteral {
    /// A region named by a literal: `"author"`.
    public init(stringLiteral name: String) { self.init(name) }
}

/// Where the regions of a frame were drawn, recorded while it is drawn.
///
/// A body is a pure function of its context, so where its list lands (below two pinned
/// lines, beside a pane) is known only once the body has been drawn. Views that take input
/// record their rectangle here as they render; the host then lays the list out in the room
/// it really has, and the runtime sends each click to the region under it, with the row
/// and column inside that region. The runtime owns one map and refills it every frame: a
/// frame records a handful of rectangles and allocates nothing once the map has grown.
@MainActor
final class RegionMap {
    private(set) var entries: [(id: RegionID, rect: Rect, pane: Int)] = []

    /// The pane of a ``SplitScreen`` being drawn (0 on other screens): regions are noted
    /// and looked up by name within it, so each pane has its own list.
    var pane = 0

    /// Where the screen's body was drawn in the frame (inside a picker's frame, between its
    /// chrome lines, without a filter line its host drew): a click outside every region of
    /// a body that noted no list goes by it. (On a ``SplitScreen`` each pane's region takes
    /// the clicks, and this is not read.)
    var body: Rect?

    /// Forgets the last frame's regions.
    func removeAll() {
        entries.removeAll(keepingCapacity: true)
        pane = 0
        body = nil
    }

    /// Notes that `id` was drawn in `rect` in the current pane (the last one drawn wins a
    /// repeated name).
    func record(_ id: RegionID, _ rect: Rect) {
        if let index = entries.firstIndex(where: { $0.id == id && $0.pane == pane }) {
            entries[index].rect = rect
        } else {
            entries.append((id, rect, pane))
        }
    }

    /// Where `id` was drawn in the current pane, or nil when it was not.
    func rect(of id: RegionID) -> Rect? {
        entries.first(where: { $0.id == id && $0.pane == pane })?.rect
    }

    /// The region drawn under `point`, topmost (last drawn) first, and its pane.
    func region(at point: Point) -> (id: RegionID, rect: Rect, pane: Int)? {
        entries.last { entry in
            point.row >= entry.rect.top && point.row < entry.rect.bottom
                && point.column >= entry.rect.left && point.column < entry.rect.right
        }
    }
}
