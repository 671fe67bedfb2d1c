import Lister
import ListerSources

/// `lister lines` without the file: a picker over lines already in memory, whose rows are
/// drawn exactly as ``LinesScreen`` draws them.
///
/// The lines are the screen's initial items and it cannot reload, so the runtime starts no
/// load task: the benchmarks time keys and frames, not task scheduling.
struct BenchScreen: ListScreen {
    /// The lines shown from the start.
    let store: LineStore
    /// Whether a preview pane shows the selected line, loaded in-process (a few lines made
    /// from it) as an app's own loader would.
    var previews = false
    /// Whether that preview is made in the frame (``Preview/immediate(key:_:)``) rather
    /// than loaded by a task.
    var immediatePreview = false
    /// Whether that preview, loaded by a task, prefetches its neighbours
    /// (``Preview/prefetchesNeighbours``).
    var prefetches = false

    var title: String { "lines" }

    var pickMode: PickMode { .single }

    var canReload: Bool { false }

    var initialItems: LineStore? { store }

    nonisolated func load() async throws -> LineStore { store }

    func row(_ line: Line, context: RowContext) -> Text { Text(line.description) }

    var previewPlacement: PreviewPlacement? { previews ? .right(.percent(40)) : nil }

    func preview(_ line: Line, context: ListContext<Self>) -> Preview? {
        let text = line.description
        let make = { @Sendable in
            PreviewText(lines: [Text("line \(line.number)").bold(), Text("")] + text.split(separator: " ").map { Text(String($0)) })
        }
        return immediatePreview ? .immediate(key: line.number, make) : Preview(key: line.number, prefetchesNeighbours: prefetches) { make() }
    }
}
