import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list of one pane: its own scripted load, and Enter opens a one-row list.
struct PaneScreen: ListScreen {
    var title: String
    let loader: ScriptedLoader<[Fruit]>
    var handle: ScreenHandle? = nil

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func open(_ fruit: Fruit) -> OpenResult { .screen(OpenedFruit(fruit: fruit)) }
}

/// What Enter on a pane's row opens.
struct OpenedFruit: ListScreen {
    let fruit: Fruit
    var title: String { "about \(fruit.name)" }
    nonisolated func load() async throws -> [Fruit] { [fruit] }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text("all about \(fruit.name)") }
}

let berries = ["blackberry", "blueberry", "cranberry"].enumerated().map { Fruit(id: 100 + $0.offset, name: $0.element) }

/// Two lists side by side (`SplitScreen`): each loads, fails, retries, selects and filters
/// on its own; Tab and clicks move the focus; keys and the status bar follow it.
///
/// At 40 columns the left pane has columns 0-18, the divider 19, the right pane 20-39;
/// row 0 is the breadcrumb, row 1 the panes' titles, the last row the status bar.
@MainActor
@Suite struct SplitScreenTests {
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(300), frameInterval: .milliseconds(80))
    let left = ScriptedLoader<[Fruit]>()
    let right = ScriptedLoader<[Fruit]>()

    func makeApp(axis: Split.Axis = .horizontal, size: Size = Size(rows: 12, columns: 40)) async -> HeadlessApp {
        let split = SplitScreen("Market", axis: axis, panes: [PaneScreen(title: "Fruit", loader: left),
                                                              PaneScreen(title: "Berries", loader: right)])
        let app = HeadlessApp(root: split, size: size, configuration: Configuration(timing: timing))
        await app.start()
        return app
    }

    /// Both panes loaded: fruits on the left, berries on the right.
    func makeLoadedApp() async -> HeadlessApp {
        let app = await makeApp()
        left.succeed(fruits)
        right.succeed(berries)
        await app.settle()
        return app
    }

    /// The text of the left pane (columns 0-18) and of the right one (20-39) on `row`.
    func panes(_ app: HeadlessApp, row: Int) -> (left: String, right: String) {
        let line = Array(app.lines[row])
        func text(_ columns: Range<Int>) -> String {
            String(line[min(columns.lowerBound, line.count)..<min(columns.upperBound, line.count)])
                .trimmingCharacters(in: .whitespaces)
        }
        return (text(0..<19), text(20..<40))
    }

    /// The row selected (reverse video) in the pane starting at `column`, as its text.
    func selected(_ app: HeadlessApp, column: Int) -> String? {
        guard let frame = app.frame else { return nil }
        for row in 2..<(frame.size.rows - 1) where frame[row, column].style.attributes.contains(.reverse) {
            let (left, right) = panes(app, row: row)
            return column == 0 ? left : right
        }
        return nil
    }

    var status: (HeadlessApp) -> String { { $0.lines.last ?? "" } }

    @Test func eachPaneLoadsOnItsOwnSpinnerErrorAndRows() async {
        let app = await makeApp()
        #expect(left.waitingCalls == [1])
        #expect(right.waitingCalls == [1])  // both loads start at once
        #expect(panes(app, row: 1) == ("▸ Fruit", "Berries"))
        right.fail(ListError("berry farm closed"))
        await app.settle()
        await app.advance(by: .milliseconds(100))
        #expect(panes(app, row: 2) == ("⠋ Loading Fruit…", "✗ Could not load Be…"))
        #expect(panes(app, row: 3).right == "berry farm closed")
        #expect(status(app).hasPrefix("0/0   loading"))  // the focused (left) pane's status
        left.succeed(fruits)
        await app.settle()
        await app.advance(by: .milliseconds(300))
        #expect(panes(app, row: 2) == ("apple", "✗ Could not load Be…"))
        #expect(status(app).hasPrefix("1/7 "))
    }

    @Test func tabMovesTheFocusAndKeysGoToTheFocusedPaneOnly() async {
        let app = await makeLoadedApp()
        await app.press(.down)
        #expect(selected(app, column: 0) == "banana")
        #expect(selected(app, column: 20) == "blackberry")
        #expect(status(app).hasPrefix("2/7 "))
        await app.press(.tab)
        #expect(panes(app, row: 1) == ("Fruit", "▸ Berries"))
        #expect(status(app).hasPrefix("1/3 "))  // the status is the focused pane's
        await app.press(.down, .down)
        #expect(selected(app, column: 20) == "cranberry")
        #expect(selected(app, column: 0) == "banana")  // the left pane did not move
        await app.press(.backTab)
        #expect(panes(app, row: 1) == ("▸ Fruit", "Berries"))
        #expect(status(app).hasPrefix("2/7 "))
        await app.press(.tab, .tab)  // round and back: two panes
        #expect(panes(app, row: 1).left == "▸ Fruit")
    }

    @Test func aRetryInTheFailedPaneLoadsOnlyThatPane() async {
        let app = await makeApp()
        left.succeed(fruits)
        right.fail(ListError("berry farm closed"))
        await app.settle()
        await app.press(.character("r"))  // the left pane is focused: it refreshes
        #expect(left.callCount == 2)
        #expect(right.callCount == 1)
        left.succeed(fruits)
        await app.settle()
        await app.press(.tab, .character("r"))
        #expect(right.callCount == 2)
        #expect(left.callCount == 2)
        right.succeed(berries)
        await app.settle()
        #expect(panes(app, row: 2) == ("apple", "blackberry"))
        #expect(status(app).hasPrefix("1/3 "))
    }

    @Test func aClickInEitherPaneFocusesItAndSelectsTheRowThere() async {
        let app = await makeLoadedApp()
        await app.mouse(.press, row: 4, column: 25)  // cranberry, in the right pane
        #expect(panes(app, row: 1) == ("Fruit", "▸ Berries"))
        #expect(selected(app, column: 20) == "cranberry")
        #expect(selected(app, column: 0) == "apple")
        #expect(status(app).hasPrefix("3/3 "))
        await app.mouse(.press, row: 5, column: 3)  // damson, in the left pane
        #expect(panes(app, row: 1) == ("▸ Fruit", "Berries"))
        #expect(selected(app, column: 0) == "damson")
        #expect(selected(app, column: 20) == "cranberry")
        #expect(status(app).hasPrefix("4/7 "))
        // A click on a pane's title focuses it and selects nothing.
        await app.mouse(.press, row: 1, column: 30)
        #expect(panes(app, row: 1) == ("Fruit", "▸ Berries"))
        #expect(selected(app, column: 20) == "cranberry")
        // The wheel over the left pane scrolls it (focusing it), not the right one.
        await app.mouse(.wheelDown, row: 6, column: 3)
        #expect(selected(app, column: 0) == "grape")
        #expect(selected(app, column: 20) == "cranberry")
    }

    @Test func clicksOnTheSameRowOfTwoPanesAreNoDoubleClick() async {
        let app = await makeLoadedApp()
        await app.mouse(.press, row: 3, column: 3)  // banana
        await app.mouse(.press, row: 3, column: 25)  // blueberry, at once: only selects
        #expect(app.lines[0] == "Market")
        #expect(selected(app, column: 20) == "blueberry")
    }

    @Test func enterOpensFromEitherPaneAndBackKeepsTheFocus() async {
        let app = await makeLoadedApp()
        await app.press(.tab, .down, .enter)
        await app.settle()
        #expect(app.lines[0] == "Market › about blueberry")
        #expect(app.lines[1] == "all about blueberry")
        await app.press(.escape)
        #expect(panes(app, row: 1) == ("Fruit", "▸ Berries"))
        #expect(selected(app, column: 20) == "blueberry")
        await app.press(.tab, .enter)
        await app.settle()
        #expect(app.lines[0] == "Market › about apple")
    }

    @Test func theFilterIsThePanesOwn() async {
        let app = await makeLoadedApp()
        await app.press(.tab, .character("/"))
        await app.type("blue")
        await app.settle()
        #expect(panes(app, row: 2) == ("apple", "blueberry"))
        #expect(panes(app, row: 3) == ("banana", ""))
        #expect(panes(app, row: 4).left == "cherry")  // the left pane shows every row
        await app.press(.escape)  // closes the right pane's filter, not the screen
        await app.settle()
        #expect(panes(app, row: 3) == ("banana", "blueberry"))
        #expect(app.lines[0] == "Market")
    }

    @Test func aResizeLaysBothPanesOut() async {
        let app = await makeLoadedApp()
        await app.press(.tab, .down, .down)
        await app.resize(to: Size(rows: 6, columns: 60))
        // 60 columns: the left pane has 0-28, the divider 29, the right pane 30-59; the
        // bodies have rows 2-4.
        #expect(app.lines[1].hasPrefix("  Fruit"))
        #expect(Array(app.lines[1])[29] == "│")
        #expect(app.frame?[4, 30].style.attributes.contains(.reverse) == true)  // cranberry, kept in view
        #expect(app.lines[4].hasSuffix("│cranberry"))
        #expect(app.lines[5].hasPrefix("3/3 "))
        await app.resize(to: Size(rows: 2, columns: 5))  // no room: no crash
        await app.resize(to: Size(rows: 12, columns: 40))
        #expect(selected(app, column: 20) == "cranberry")
    }

    @Test func stackedPanesShareTheRows() async {
        let app = await makeApp(axis: .vertical, size: Size(rows: 12, columns: 30))
        left.succeed(fruits)
        right.succeed(berries)
        await app.settle()
        // Rows 1-10: the top pane has 1-5 (title on 1), the bottom one 6-10 (title on 6).
        #expect(app.lines[1] == "▸ Fruit")
        #expect(Array(app.lines[2...5]) == ["apple", "banana", "cherry", "damson"])
        #expect(app.lines[6] == "  Berries")
        #expect(app.lines[7] == "blackberry")
        for _ in 0..<5 { await app.press(.down) }
        #expect(app.lines[5] == "fig")  // the top pane scrolled in its 4 rows
        await app.mouse(.press, row: 8, column: 2)
        #expect(app.lines[6] == "▸ Berries")
        #expect(app.lines.last?.hasPrefix("2/3 ") == true)
    }

    @Test func framesAreDrawnAheadInTheFocusedPaneOnlyOnceEveryPaneIsSettled() async {
        let app = await makeApp()
        left.succeed(fruits)
        await app.settle()
        #expect(app.terminal.prepared.isEmpty)  // the right pane still loads
        right.succeed(berries)
        await app.settle()
        let down = app.terminal.preparedFrame(for: .character("j"))
        #expect(down != nil)
        await app.press(.character("j"))
        #expect(app.frame == down)  // the frame Down gave is the one drawn ahead
        await app.press(.tab)
        let ahead = app.terminal.preparedFrame(for: .down)
        await app.press(.down)
        #expect(ahead != nil && app.frame == ahead)
        #expect(selected(app, column: 20) == "blueberry")
        #expect(selected(app, column: 0) == "banana")
    }

    @Test func aPanesHandleSteersThatPane() async {
        let handle = ScreenHandle()
        let split = SplitScreen("Market", panes: [PaneScreen(title: "Fruit", loader: left),
                                                  PaneScreen(title: "Berries", loader: right, handle: handle)])
        let app = HeadlessApp(root: split, size: Size(rows: 12, columns: 40), configuration: Configuration(timing: timing))
        await app.start()
        left.succeed(fruits)
        right.succeed(berries)
        await app.settle()
        handle.select(102)  // cranberry, in the unfocused right pane
        await app.settle()
        #expect(selected(app, column: 20) == "cranberry")
        #expect(selected(app, column: 0) == "apple")
        handle.refresh()
        await app.settle()
        #expect(right.callCount == 2)
        #expect(left.callCount == 1)
        handle.push(OpenedFruit(fruit: fruits[0]))  // the split is on top: a pane may open
        await app.settle()
        #expect(app.lines[0] == "Market › about apple")
    }

    @Test func helpListsTheFocusKeys() async {
        let app = await makeLoadedApp()
        await app.press(.character("?"))
        #expect(app.screen.contains("Tab Shift-Tab  Focus another pane"))
    }

    @Test func thePanesLoadsAreCancelledWhenTheSplitIsLeft() async {
        let outer = ScriptedLoader<[Fruit]>()
        struct Opener: ListScreen {
            let title = "Start"
            let split: SplitScreen
            nonisolated func load() async throws -> [Fruit] { [Fruit(id: 1, name: "open")] }
            func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
            func open(_ fruit: Fruit) -> OpenResult { .screen(split) }
        }
        let split = SplitScreen("Market", panes: [PaneScreen(title: "Fruit", loader: left),
                                                  PaneScreen(title: "Berries", loader: outer)])
        let app = HeadlessApp(root: Opener(split: split), size: Size(rows: 12, columns: 40),
                              configuration: Configuration(timing: timing))
        await app.start()
        await app.press(.enter)
        #expect(left.waitingCalls == [1])
        #expect(outer.waitingCalls == [1])
        await app.press(.escape)
        #expect(left.cancelledCalls == [1])
        #expect(outer.cancelledCalls == [1])
        #expect(app.loadsInFlight == 0)
        #expect(app.lines[0] == "Start")
    }
}
