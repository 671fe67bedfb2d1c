@_spi(Testing) @testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A prompt-first list of two-line rows drawn from the bottom up (fzf's default layout).
private struct TallFinder: ListScreen {
    var title: String { "Find" }
    var filterPrompt: FilterPrompt? { FilterPrompt(growsUpward: true) }
    var rowHeight: RowHeight { .uniform(2) }

    nonisolated func load() async throws -> [Fruit] { (1...5).map { Fruit(id: $0, name: "item \($0)") } }

    func row(_ item: Fruit, context: RowContext) -> Group {
        Group {
            Text(item.name)
            Text("detail \(item.id)").dim()
        }
    }

    func filterText(_ item: Fruit) -> String { item.name }
}

/// Rows of several lines go through the same render loop as rows of one: they are reused
/// from frame to frame (``RowCache``) and grow upward under a bottom prompt.
@MainActor
@Suite struct TallRowReuseTests {
    /// The screen lines drawn in reverse video (the selected row's lines).
    func highlighted(_ app: HeadlessApp) -> [Int] {
        guard let frame = app.frame else { return [] }
        return (0..<frame.size.rows).filter { frame[$0, 0].style.attributes.contains(.reverse) }
    }

    @Test func aDownOverTallRowsDrawsOnlyTheRowItLeaves() async throws {
        let app = HeadlessApp(root: TwoLineScreen(), size: Size(rows: 12, columns: 30))
        await app.start()
        await app.settle()
        let cache = try #require((app.runtime.stack.last as? ListHost<TwoLineScreen>)?.rowCache)
        // Ten lines: five rows of two; the first frame keeps every row but the selected one.
        #expect(cache.rowsDrawn == 4)
        for step in 1...12 {  // within the page, then scrolling
            let before = cache.rowsDrawn
            await app.press(.down)
            #expect(app.lines.last?.hasPrefix("\(step + 1)/40") == true)
            #expect(cache.rowsDrawn == before + 1, "step \(step)")
        }
        #expect(Array(app.lines[1...2]) == ["post 9", "by someone"])
    }

    @Test func reusedTallRowsAndARowCutByTheEdgeDrawAsFromScratch() async throws {
        // Nine lines: four rows of two and the first line of a fifth, marked `…`.
        let app = HeadlessApp(root: TwoLineScreen(count: 12, tall: 3), size: Size(rows: 11, columns: 20))
        await app.start()
        await app.settle()
        #expect(app.lines[9].hasPrefix("post 5") && app.lines[9].hasSuffix("…"))
        for step in 1...11 {
            await app.press(.down)
            let reused = try #require(app.frame)
            await app.press(.control("l"))  // every row drawn afresh
            #expect(app.frame == reused, "step \(step)")
        }
        for _ in 1...11 { await app.press(.up) }
        let reused = try #require(app.frame)
        await app.press(.control("l"))
        #expect(app.frame == reused)
        #expect(app.lines[9].hasPrefix("post 5") && app.lines[9].hasSuffix("…"))
    }

    @Test func tallRowsGrowUpwardUnderABottomPromptAndClicksFollow() async {
        let app = HeadlessApp(root: TallFinder(), size: Size(rows: 10, columns: 30))
        await app.start()
        await app.settle()
        // Seven list lines above the prompt: the first row on the bottom two, in order.
        #expect(app.lines[1].hasPrefix("item 4") && app.lines[1].hasSuffix("…"))  // its first line
        #expect(Array(app.lines[2...7]) == ["item 3", "detail 3", "item 2", "detail 2", "item 1", "detail 1"])
        #expect(app.lines[8] == ">")
        #expect(highlighted(app) == [6, 7])
        await app.press(.down)
        #expect(highlighted(app) == [4, 5])
        #expect(app.lines.last?.hasPrefix("2/5") == true)
        await app.mouse(.press, row: 3)  // the second line of item 3
        #expect(highlighted(app) == [2, 3])
        #expect(app.lines.last?.hasPrefix("3/5") == true)
        await app.mouse(.wheelUp, row: 4)  // up the screen: further down the list
        #expect(app.lines.last?.hasPrefix("5/5") == true)
    }
}
