import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list drawn with lines pinned above (or below) it by a custom body: the list region is
/// smaller than the body, and selection, scrolling, paging and clicks must follow the list
/// where it is drawn, not where the body is.
@MainActor
struct PinnedScreen: ListScreen {
    var title = "Pinned"
    var above = 2
    var below = 0
    var count = 40
    /// Columns of a pane drawn left of the list; 0 draws none.
    var side = 0

    nonisolated func load() async throws -> [Fruit] {
        (1...count).map { Fruit(id: $0, name: "fruit \($0)") }
    }

    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }

    @ViewBuilder
    func body(_ context: ListContext<Self>) -> Group {
        for line in 0..<above { Text("pinned \(line + 1)").dim() }
        if side > 0 {
            Split(.horizontal, first: .cells(side)) {
                Text("side pane")
            } second: {
                standardBody(context)
            }
        } else {
            standardBody(context)
        }
        for line in 0..<below { Text("under \(line + 1)").dim() }
    }
}

@MainActor
@Suite struct RegionTests {
    func makeApp(_ screen: PinnedScreen, size: Size) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: size)
        await app.start()
        return app
    }

    /// The line that shows the selected row (reverse video), or nil when none does.
    func selectedLine(_ app: HeadlessApp) -> String? {
        guard let frame = app.frame else { return nil }
        for row in 0..<frame.size.rows where frame[row, 0].style.attributes.contains(.reverse) {
            return app.lines[row]
        }
        return nil
    }

    @Test func theSelectionStaysVisibleBelowPinnedLines() async {
        let app = await makeApp(PinnedScreen(), size: Size(rows: 10, columns: 30))
        #expect(app.lines[1] == "pinned 1")
        #expect(app.lines[2] == "pinned 2")
        #expect(app.lines[3] == "fruit 1")
        for step in 1...12 {
            await app.press(.down)
            #expect(selectedLine(app) == "fruit \(step + 1)", "after \(step) Downs")
        }
        // The list shows 6 rows (lines 3-8): fruit 8 to fruit 13, the selected one last.
        #expect(app.lines[8] == "fruit 13")
        #expect(app.lines[1] == "pinned 1")
    }

    @Test func theSelectionStaysVisibleAbovePinnedLinesAndAtSeveralSizes() async {
        for (rows, above, below) in [(10, 2, 0), (10, 0, 3), (12, 1, 2), (24, 5, 5), (7, 2, 1)] {
            let app = await makeApp(PinnedScreen(above: above, below: below), size: Size(rows: rows, columns: 30))
            for _ in 0..<30 { await app.press(.down) }
            #expect(selectedLine(app) == "fruit 31", "size \(rows), \(above) above, \(below) below")
            await app.press(.pageUp)
            let listHeight = rows - 2 - above - below
            #expect(selectedLine(app) == "fruit \(31 - max(1, listHeight - 1))", "size \(rows): a page is the list's height")
            if below > 0 { #expect(app.lines[rows - 2] == "under \(below)") }
        }
    }

    @Test func aBodyTooSmallForTheListShowsThePinnedLinesAndNoCrash() async {
        // 5 rows: header, 3 body rows, status; 3 pinned lines leave the list no room.
        let app = await makeApp(PinnedScreen(above: 3), size: Size(rows: 5, columns: 30))
        #expect(Array(app.lines[1...3]) == ["pinned 1", "pinned 2", "pinned 3"])
        await app.press(.down, .down, .pageDown)
        #expect(selectedLine(app) == nil)
        await app.resize(to: Size(rows: 8, columns: 30))  // room again: the selection shows
        #expect(selectedLine(app) != nil)
        #expect(app.lines[4].hasPrefix("fruit"))
    }

    @Test func aClickSelectsTheRowUnderItNotTheOneAtThatBodyLine() async {
        let app = await makeApp(PinnedScreen(), size: Size(rows: 10, columns: 30))
        #expect(app.lines[5] == "fruit 3")
        await app.mouse(.press, row: 5, column: 2)
        #expect(selectedLine(app) == "fruit 3")
        #expect(app.lines.last?.hasPrefix("3/40") == true)
        // A click on a pinned line selects nothing.
        await app.mouse(.press, row: 1, column: 2)
        #expect(app.lines.last?.hasPrefix("3/40") == true)
    }

    @Test func aListBesideAPaneGetsTheColumnsLeftAndClicksByColumn() async {
        // 12 columns of pane, a divider, then the list from column 13.
        let app = await makeApp(PinnedScreen(above: 1, side: 12), size: Size(rows: 10, columns: 30))
        #expect(app.lines[2].hasPrefix("side pane"))
        #expect(app.lines[2].hasSuffix("│fruit 1"))
        #expect(app.frame?[2, 13].style.attributes.contains(.reverse) == true)
        #expect(app.frame?[2, 0].style.attributes.contains(.reverse) == false)
        await app.mouse(.press, row: 4, column: 20)
        #expect(app.lines.last?.hasPrefix("3/40") == true)
        await app.mouse(.press, row: 6, column: 3)  // on the pane: not on the list
        #expect(app.lines.last?.hasPrefix("3/40") == true)
        for _ in 0..<10 { await app.press(.down) }
        #expect(app.frame?[8, 13].style.attributes.contains(.reverse) == true)
        #expect(app.lines[8].hasSuffix("│fruit 13"))
    }
}
