@_spi(Testing) @testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A frame reuses the rows of the last one that did not change (``RowCache``); the chaos
/// test checks after every step that a frame drawn so equals one drawn from scratch.
@MainActor
@Suite struct RowReuseTests {
    /// Numbered rows, 1,000 of them.
    struct Numbers: ListScreen {
        let title = "Numbers"
        nonisolated func load() async throws -> [Fruit] { (0..<1000).map { Fruit(id: $0, name: "row \($0)") } }
        func row(_ item: Fruit, context: RowContext) -> Text { Text(item.name) }
    }

    func loaded() async -> (HeadlessApp, RowCache) {
        let app = HeadlessApp(root: Numbers(), size: Size(rows: 12, columns: 30))
        await app.start()
        await app.settle()
        let host = app.runtime.stack.last as? ListHost<Numbers>
        return (app, host?.rowCache ?? RowCache())
    }

    @Test func aDownDrawsOnlyTheRowItLeavesAndTheOneItSelects() async throws {
        let (app, cache) = await loaded()
        let visible = 10  // 12 rows less the header and the status bar
        #expect(cache.rowsDrawn == visible - 1)  // the first frame: every row but the selected one
        for step in 1...25 {  // within the page, then scrolling
            let before = cache.rowsDrawn
            await app.press(.down)
            #expect(app.lines.last?.hasPrefix("\(step + 1)/1000") == true)
            // Only the row left behind is drawn to be kept; the selected one is drawn afresh.
            #expect(cache.rowsDrawn == before + 1, "step \(step)")
        }
        #expect(app.lines[1] == "row 16")
        #expect(app.lines[10] == "row 25")
    }

    @Test func aListReachingOutsideTheBufferIsClippedAndDrawsEveryRow() {
        let model = ListModel<Fruit>(items: ItemList((0..<50).map { Fruit(id: $0, name: "row \($0)") }))
        let host = RowCache()
        var context = ListContext(screen: Numbers(), model: model, now: .zero)
        context.rowCache = host
        var buffer = Buffer(size: Size(rows: 4, columns: 10))
        Numbers().body(context).render(in: Rect(row: 1, column: 2, rows: 10, columns: 20), buffer: &buffer)
        #expect(buffer.lines == ["", "  row 0", "  row 1", "  row 2"])
        #expect(host.rowsDrawn == 0)
    }

    @Test func ctrlLDrawsEveryRowAgain() async {
        let (app, cache) = await loaded()
        let before = cache.rowsDrawn
        await app.press(.control("l"))
        #expect(cache.rowsDrawn == before + 9)
    }

    @Test func aNarrowerListDrawsItsRowsAgain() async {
        let (app, cache) = await loaded()
        let before = cache.rowsDrawn
        await app.resize(to: Size(rows: 12, columns: 4))
        #expect(cache.rowsDrawn == before + 9)
        #expect(app.lines[2] == "row…")
    }

    @Test func aLongerQueryDrawsTheRowsWithItsHighlight() async throws {
        let (app, _) = await loaded()
        await app.type("/r")
        await app.settle()
        await app.type(" o")  // the same rows match: they are drawn again with `o` highlighted too
        await app.settle()
        let frame = try #require(app.frame)
        for line in 2...9 {  // the rows below the selected one
            #expect(frame[line, 0].style == FilterQuery.highlightStyle, "line \(line)")
            #expect(frame[line, 1].style == FilterQuery.highlightStyle, "line \(line)")
        }
    }
}
