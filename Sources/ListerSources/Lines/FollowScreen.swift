import Lister
import TerminalCore

/// `lister lines --follow FILE`: the lines of a file and those written to it later, like
/// `tail -F` inside the browser. It is ``LinesScreen`` (rows, filter, picking, preview)
/// with ``FollowedFile`` as its feed, and it follows the end while the last row is selected.
public struct FollowScreen: LiveListScreen {
    /// The screen of the file's lines; this one adds the following.
    public let lines: LinesScreen
    /// The file followed.
    public let path: String

    /// Follows the file at `path`, shown as `lines` shows its rows.
    public init(path: String, lines: LinesScreen) {
        self.path = path
        self.lines = lines
    }

    public var title: String { lines.title }
    public var pickMode: PickMode { lines.pickMode }
    public var emptyMessage: String { "No lines in \(path) yet" }
    public var followsEnd: Bool { true }

    /// The lines come from the feed; the load only opens the list.
    public nonisolated func load() async throws -> LineStore { LineStore([], separator: lines.separator) }

    public nonisolated func changes() -> some AsyncSequence<ListChange<Line>, any Error> & Sendable {
        FollowedFile(path: path, separator: lines.separator, logger: lines.logger)
    }

    public func row(_ line: Line, context: RowContext) -> Text { lines.row(line, context: context) }
    public var previewPlacement: PreviewPlacement? { lines.previewPlacement }

    public func preview(_ line: Line, context: ListContext<Self>) -> Preview? {
        lines.previewCommand.map {
            LinePreview.preview(of: line, command: $0, query: context.filterText, marks: context.marks, items: context.state.items)
        }
    }

    public func filterQuery(_ text: String) -> FilterQuery { lines.filterQuery(text) }
    public func filterSource(for items: ItemList<Line>) -> (any FilterableText)? { lines.filterSource(for: items) }
}
