import Lister
import ListerSources
import TerminalCore

/// (a) One frame of a list of a million lines, drawn the way the runtime draws it: the
/// title, the screen's default `body` (a virtualised ``ListView``) and the status bar, into
/// a fresh ``Buffer``.
@MainActor
enum RenderBenchmarks {
    /// The terminal size every benchmark uses.
    static let size = Size(rows: 40, columns: 120)

    /// Times drawing a frame with the selection on the first row and in the middle.
    static func run(store: LineStore, repetitions: Int, into report: inout Report) {
        let screen = BenchScreen(store: store)
        for (key, label, selected) in [
            ("render_top", "render one frame, 1,000,000 rows, selection on row 1", 0),
            ("render_middle", "render one frame, 1,000,000 rows, selection on row 500,000", store.count / 2),
        ] {
            var model = ListModel<Line>(items: ItemList(store))
            model.select(selected)
            model.layout(height: size.rows - 2)
            var frame = Buffer(size: size)
            let samples = measure(repetitions: repetitions, warmUp: 10) {
                frame = renderFrame(screen: screen, model: model)
            }
            consume(frame)
            report.results.append(.timing(key, label, samples))
        }
    }

    /// The frame the runtime would present for `model` (header, list, status bar).
    static func renderFrame(screen: BenchScreen, model: ListModel<Line>) -> Buffer {
        var buffer = Buffer(size: size)
        let header = Rect(row: 0, column: 0, rows: 1, columns: size.columns)
        let list = Rect(row: 1, column: 0, rows: size.rows - 2, columns: size.columns)
        let status = Rect(row: size.rows - 1, column: 0, rows: 1, columns: size.columns)
        Text(screen.title).bold().render(in: header, buffer: &buffer)
        screen.body(ListContext(screen: screen, model: model, now: .zero)).render(in: list, buffer: &buffer)
        StatusBar(position: "\(model.selection + 1)/\(model.count)", state: "", hint: "? help")
            .render(in: status, buffer: &buffer)
        return buffer
    }
}
