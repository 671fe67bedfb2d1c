import Lister
import TerminalCore

/// `lister lines --follow FILE`: the lines of a file and those written to it later, like
/// `tail -F` inside the browser. It is ``LinesScreen`` (rows, filter, picking, preview)
/// with ``FollowedFile`` as its feed, and it follows the end while the last row is selected.
package struct FollowScreen: LiveListScreen {
    /// The screen of the file's lines; this one adds the following.
    package let lines: LinesScreen
    /// The file followed.
    package let path: String

    /// Follows the file at `path`, shown as `lines` shows its rows.
    package init(path: String, lines: LinesScreen) {
        self.path = path
        self.lines = lines
    }

    package var title: String { lines.title }
    package var pickMode: PickMode { lines.pickMode }
    package var emptyMessage: String { "No lines in \(path) yet" }
    package var followsEnd: Bool { true }

    /// The lines come from the feed; the load only opens the list.
    package nonisolated func load() async throws -> LineStore { LineStore([], separator: lines.separator) }

    package nonisolated func changes() -> some AsyncSequence<ListChange<Line>, any Error> & Sendable {
        FollowedFile(path: path, separator: lines.separator, logger: lines.logger)
    }

    package func row(_ line: Line, context: RowContext) -> Text { lines.row(line, context: context) }
    package var previewPlacement: PreviewPlacement? { lines.previewPlacement }

    package func preview(_ line: Line, context: ListContext<Self>) -> Preview? {
        lines.previewCommand.map {
            LinePreview.preview(of: line, command: $0, query: context.filterText, marks: context.marks, items: context.state.items)
        }
    }

    package func filterQuery(_ text: String) -> FilterQuery { lines.filterQuery(text) }
    package func filterSource(for items: ItemList<Line>) -> (any FilterableText)? { lines.filterSource(for: items) }
}
