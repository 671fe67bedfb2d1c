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

    var title: String { "lines" }

    var pickMode: PickMode { .single }

    var canReload: Bool { false }

    var initialItems: LineStore? { store }

    nonisolated func load() async throws -> LineStore { store }

    func row(_ line: Line, context: RowContext) -> Text { Text(line.description) }
}
