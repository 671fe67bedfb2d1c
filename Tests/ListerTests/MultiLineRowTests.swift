@testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list whose rows take two lines (a title and a dimmed second line), or `tall` lines
/// for every tenth row.
@MainActor
struct TwoLineScreen: ListScreen {
    var title = "Posts"
    var count = 40
    var tall = 2

    nonisolated func load() async throws -> [Fruit] {
        (1...count).map { Fruit(id: $0, name: "post \($0)") }
    }

    var rowHeight: RowHeight { .measured(limit: 6) }

    func row(_ post: Fruit, context: RowContext) -> Group {
        Group {
            Text(post.name)
            Text("by someone").dim()
            if post.id % 10 == 0 {
                for extra in 2..<max(2, tall) { Text("line \(extra + 1)") }
            }
        }
    }

    func filterText(_ post: Fruit) -> String { post.name }
}

@MainActor
@Suite struct MultiLineRowTests {
    func makeApp(_ screen: TwoLineScreen = TwoLineScreen(), size: Size) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: size)
        await app.start()
        return app
    }

    /// The screen lines drawn in reverse video (the selected row's lines).
    func highlighted(_ app: HeadlessApp) -> [String] {
        guard let frame = app.frame else { return [] }
        return (0..<frame.size.rows).filter { frame[$0, 0].style.attributes.contains(.reverse) }.map { app.lines[$0] }
    }

    @Test func theSelectionCoversEveryLineOfItsRowAndDownMovesByRow() async {
        let app = await makeApp(size: Size(rows: 10, columns: 30))
        #expect(Array(app.lines[1...4]) == ["post 1", "by someone", "post 2", "by someone"])
        #expect(highlighted(app) == ["post 1", "by someone"])
        await app.press(.down)
        #expect(highlighted(app) == ["post 2", "by someone"])
        #expect(app.lines.last?.hasPrefix("2/40") == true)  // item numbers, not lines
    }

    @Test func theSelectedRowIsAlwaysWholeAtTopMiddleAndEndAtSeveralSizes() async {
        for rows in [6, 7, 10, 15, 24] {
            let app = await makeApp(TwoLineScreen(count: 9), size: Size(rows: rows, columns: 30))
            for step in 1...8 {
                await app.press(.down)
                #expect(highlighted(app) == ["post \(step + 1)", "by someone"], "size \(rows), after \(step) Downs")
            }
            await app.press(.home)
            #expect(highlighted(app) == ["post 1", "by someone"], "size \(rows), Home")
            await app.press(.end)
            #expect(highlighted(app) == ["post 9", "by someone"], "size \(rows), End")
            let drawn = app.lines.dropLast().filter { !$0.isEmpty }
            #expect(drawn.suffix(2) == ["post 9", "by someone"], "size \(rows): the last row ends the list")
        }
    }

    @Test func pageKeysMoveByTheRowsThatFit() async {
        // 8 lines of list: 4 two-line rows fit, so a page moves 3 rows.
        let app = await makeApp(size: Size(rows: 10, columns: 30))
        await app.press(.pageDown)
        #expect(app.lines.last?.hasPrefix("4/40") == true)
        await app.press(.pageDown)
        #expect(app.lines.last?.hasPrefix("7/40") == true)
        await app.press(.pageUp)
        #expect(app.lines.last?.hasPrefix("4/40") == true)
        #expect(highlighted(app) == ["post 4", "by someone"])
    }

    @Test func aClickOnAnyLineOfARowSelectsIt() async {
        let app = await makeApp(size: Size(rows: 10, columns: 30))
        await app.mouse(.press, row: 6, column: 3)  // "by someone" of post 3
        #expect(app.lines.last?.hasPrefix("3/40") == true)
        await app.mouse(.press, row: 7, column: 3)  // "post 4"
        #expect(app.lines.last?.hasPrefix("4/40") == true)
    }

    @Test func aRowTallerThanTheListIsCutWithAMarker() async {
        // Post 10 takes 6 lines; the list has 4.
        let app = await makeApp(TwoLineScreen(tall: 6), size: Size(rows: 6, columns: 20))
        for _ in 0..<9 { await app.press(.down) }
        #expect(app.lines[1] == "post 10")
        #expect(app.lines[4].hasSuffix("…"))
        #expect(highlighted(app).count == 4)
        await app.press(.down)  // and on to the next row, whole
        #expect(highlighted(app) == ["post 11", "by someone"])
    }

    @Test func filteredRowsKeepTheirHeights() async {
        let app = await makeApp(size: Size(rows: 10, columns: 30))
        await app.type("/1")
        await app.press(.enter)
        // post 1, 10-19, 21 and 31 match: 13 rows of two lines each.
        #expect(app.lines[1] == "post 1" && app.lines[3] == "post 10")
        await app.press(.down, .down, .down, .down)
        #expect(highlighted(app) == ["post 13", "by someone"])
        // 7 lines above the filter's line: three rows, scrolled to keep post 13 whole.
        #expect(app.lines[1] == "post 11")
        await app.mouse(.press, row: 2, column: 0)  // the second line of post 11
        #expect(highlighted(app) == ["post 11", "by someone"])
        #expect(app.lines.last?.hasPrefix("3/13 of 40") == true)
    }

    @Test func rowLayoutWalksOnlyTheRowsNearTheScreen() {
        var asked = Set<Int>()
        let layout = RowLayout { position in
            asked.insert(position)
            return position % 2 == 0 ? 2 : 1
        }
        #expect(layout.scrollOffset(keeping: 500_000, visibleIn: 10, from: 0, rows: 1_000_000) == 499_995)
        #expect(asked.allSatisfy { $0 >= 499_990 } && asked.count < 40)
        asked = []
        #expect(layout.position(atLine: 3, from: 1000, rows: 1_000_000) == 1002)
        #expect(layout.position(atLine: 5, from: 999_998, rows: 1_000_000) == nil)
        #expect(layout.pageRows(from: 10, visibleIn: 9, rows: 100, forward: true) == 5)
        #expect(asked.count < 20)
    }

    @Test func oneLineRowsStayArithmetic() {
        let layout = RowLayout.singleLine
        #expect(layout.isSingleLine)
        #expect(layout.scrollOffset(keeping: 50, visibleIn: 10, from: 0, rows: 1_000_000) == 41)
        #expect(layout.position(atLine: 3, from: 7, rows: 100) == 10)
        #expect(layout.pageRows(from: 0, visibleIn: 10, rows: 100, forward: true) == 9)
    }
}
