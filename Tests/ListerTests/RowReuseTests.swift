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

/// A table's rows are reused as a list's are, in the frames drawn ahead of Down and Up
/// too: a Down builds the cells of a few rows, not of every row three times over.
@MainActor
@Suite struct TableRowReuseTests {
    /// A table of 1,000 records whose cells count how often they are built.
    struct CountedTable: TableScreen {
        let title = "Counted"
        let built: LoadLog
        nonisolated func load() async throws -> [Record] {
            (0..<1000).map { Record(id: $0, name: "row \($0)", size: ($0 * 7919) % 100_000) }
        }
        var columns: [TableColumn<Record>] {
            let built = self.built
            return [TableColumn("Name") { $0.name }.text { built.append("cell"); return Text($0.name) },
                    TableColumn("Size") { $0.size }]
        }
    }

    @Test func aDownBuildsTheCellsOfAFewRowsNotOfEveryRow() async throws {
        let built = LoadLog()
        let app = HeadlessApp(root: CountedTable(built: built), size: Size(rows: 22, columns: 60))
        await app.start()
        await app.settle()
        let cache = try #require((app.runtime.stack.last as? ListHost<CountedTable>)?.rowCache)
        var drawn: [Int] = []
        var cells: [Int] = []
        for _ in 1...40 {  // within the page, then scrolling
            let before = (cache.rowsDrawn, built.all.count)
            await app.press(.down)
            #expect(app.terminal.preparedFrame(for: .down) != nil)
            drawn.append(cache.rowsDrawn - before.0)
            cells.append(built.all.count - before.1)
        }
        #expect(drawn.allSatisfy { $0 <= 1 }, "rows kept per Down: \(drawn)")
        // The real frame and the two drawn ahead (Down, Up) each build their selected row
        // and at most the row or two that came into view: 20 rows in view would be 60.
        #expect(cells.dropFirst().allSatisfy { $0 <= 16 }, "cells built per Down: \(cells)")
    }
}
