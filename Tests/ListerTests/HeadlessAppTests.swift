import Lister
import ListerTestSupport
import TerminalCore
import Testing

@MainActor
@Suite struct HeadlessAppTests {
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(300), frameInterval: .milliseconds(80))

    func makeApp(_ screen: FruitScreen, size: Size = Size(rows: 8, columns: 40)) -> HeadlessApp {
        HeadlessApp(root: screen, size: size, configuration: Configuration(timing: timing))
    }

    @Test func spinnerAppearsAfterItsDelayThenRowsReplaceIt() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        #expect(loader.waitingCalls == [1])
        #expect(!app.screen.contains("Loading"))
        #expect(app.lines.last?.hasPrefix("0/0   loading") == true)
        await app.advance(by: .milliseconds(99))
        #expect(!app.screen.contains("Loading"))
        await app.advance(by: .milliseconds(1))
        #expect(app.lines[1] == "⠋ Loading Fruit…")
        await app.advance(by: .milliseconds(80))
        #expect(app.lines[1] == "⠙ Loading Fruit…")
        loader.succeed(fruits)
        await app.settle()
        // Held until the spinner has shown for its minimum (300 ms from 100 ms).
        #expect(app.lines[1].hasSuffix("Loading Fruit…"))
        await app.advance(by: .milliseconds(220))
        #expect(app.lines[1] == "apple")
        #expect(app.nextDeadline == nil)  // idle: nothing wakes the app
    }

    @Test func aFastLoadNeverFlashesTheSpinner() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        await app.advance(by: .milliseconds(50))
        loader.succeed(fruits)
        await app.settle()
        #expect(app.lines[1] == "apple")
        #expect(app.terminal.framesPresented == 2)  // empty "loading" frame, then rows
    }

    @Test func errorThenRetryShowsRows() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        loader.fail(ListError("connection refused"))
        await app.settle()
        #expect(Array(app.lines[1...3]) == [
            "✗ Could not load Fruit",
            "  connection refused",
            "  Press r to retry",
        ])
        await app.press(.character("r"))
        #expect(loader.waitingCalls == [2])
        loader.succeed(fruits)
        await app.settle()
        #expect(app.lines[1] == "apple")
    }

    @Test func refreshKeepsRowsVisibleAndSelectionOnTheSameItem() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.down, .down)  // cherry
        await app.press(.function(5))
        #expect(app.lines[1] == "apple")
        #expect(app.lines.last?.contains("refreshing") == true)
        await app.advance(by: .seconds(1))
        #expect(!app.screen.contains("Loading"))  // no spinner over the rows
        loader.succeed([Fruit(id: 50, name: "kiwi")] + fruits)
        await app.settle()
        #expect(app.lines.last?.hasPrefix("4/8") == true)
        #expect(app.frame?[4, 0].style.attributes.contains(.reverse) == true)
        #expect(app.lines[4] == "cherry")
    }

    @Test func reloadDiscardsRowsAndAStaleResultIsDropped() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("r"))   // refresh: call 2
        await app.press(.character("R"))   // reload cancels it: call 3
        #expect(loader.cancelledCalls == [2])
        #expect(!app.screen.contains("apple"))
        loader.succeed([Fruit(id: 9, name: "lime")])
        await app.settle()
        #expect(app.lines[1] == "lime")
    }

    @Test func aLateResultOfASupersededLoadIsDropped() async {
        // A loader that ignores cancellation, so the superseded call really finishes late.
        let loader = ScriptedLoader<[Fruit]>(ignoresCancellation: true)
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("r"))  // call 2
        await app.press(.character("R"))  // call 3 supersedes it
        #expect(loader.cancelledCalls == [2])
        #expect(loader.waitingCalls == [2, 3])
        loader.succeed([Fruit(id: 7, name: "newest")], call: 3)
        await app.settle()
        #expect(app.lines[1] == "newest")
        loader.succeed([Fruit(id: 8, name: "stale")], call: 2)
        await app.settle()
        #expect(app.lines[1] == "newest")
        #expect(!app.screen.contains("stale"))
    }

    @Test func navigationKeys() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader), size: Size(rows: 5, columns: 30))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.end)
        #expect(app.lines.last?.hasPrefix("7/7") == true)
        #expect(Array(app.lines[1...3]) == ["elderberry", "fig", "grape"])
        await app.press(.character("g"))
        #expect(app.lines.last?.hasPrefix("1/7") == true)
        await app.press(.pageDown)
        #expect(app.lines.last?.hasPrefix("3/7") == true)
        await app.press(.character("k"), .character("j"), .character("j"))
        #expect(app.lines.last?.hasPrefix("4/7") == true)
        #expect(app.frame?.cursor == Point(row: 3, column: 0))
    }

    @Test func quitOutcomes() async {
        let loader = ScriptedLoader<[Fruit]>()
        let browser = makeApp(FruitScreen(loader: loader))
        await browser.start()
        await browser.press(.character("q"))
        guard case .finished = browser.outcome else { Issue.record("\(String(describing: browser.outcome))"); return }

        let picker = makeApp(FruitScreen(loader: loader, pickMode: .single))
        await picker.start()
        await picker.press(.escape)
        #expect(picker.outcome?.exitStatus == 1)

        let interrupted = makeApp(FruitScreen(loader: loader))
        await interrupted.start()
        await interrupted.press(.control("c"))
        #expect(interrupted.outcome?.exitStatus == 130)

        let terminated = makeApp(FruitScreen(loader: loader))
        await terminated.start()
        await terminated.signal(.terminate)
        #expect(terminated.outcome?.exitStatus == 143)
    }

    @Test func pickerReturnsTheChosenItem() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader, pickMode: .single))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.down, .enter)
        #expect(app.outcome?.picked(as: Fruit.self) == [fruits[1]])
    }

    @Test func enterWithNothingToOpenSaysSo() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.enter)
        #expect(app.lines.last?.contains("Nothing to open here") == true)
        #expect(app.outcome == nil)
        await app.press(.down)
        #expect(app.lines.last?.contains("Nothing to open") == false)
    }

    @Test func aSourceThatCannotBeReadTwiceSaysSo() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader, canReload: false))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("r"))
        #expect(loader.callCount == 1)
        #expect(app.lines.last?.contains("cannot be read again") == true)
    }

    @Test func helpOverlayOpensAndEscClosesIt() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader), size: Size(rows: 24, columns: 60))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("?"))
        #expect(app.screen.contains("Retry, else refresh"))
        #expect(app.screen.contains("PgDn Ctrl-F"))
        #expect(app.screen.contains("Filter the rows"))
        // Only keys that work here: no marks outside a multiple picker, no back at the root.
        #expect(!app.screen.contains("Mark or unmark"))
        #expect(!app.screen.contains("Back to the previous screen"))
        #expect(!app.screen.contains("Open"))  // these rows open nothing
        await app.press(.down)  // ignored while help is open
        await app.press(.escape)
        #expect(!app.screen.contains("Retry, else refresh"))
        #expect(app.outcome == nil)
        #expect(app.lines.last?.hasPrefix("1/7") == true)
    }

    @Test func helpListsMarksInAMultiplePickerAndNoRetryWhereNothingReloads() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader, pickMode: .multiple, canReload: false), size: Size(rows: 30, columns: 60))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("?"))
        #expect(app.screen.contains("Mark or unmark"))
        #expect(!app.screen.contains("Retry, else refresh"))  // this list cannot be read again
        #expect(!app.screen.contains("Reload from scratch"))
        #expect(app.screen.contains("Open or choose"))  // Enter chooses in a picker
        #expect(!app.screen.contains("Open (never chooses)"))  // and Right opens nothing
    }

    @Test func resizingDownToOneByOneDoesNotCrash() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        for size in [Size(rows: 1, columns: 1), Size(rows: 2, columns: 3), Size(rows: 0, columns: 0), Size(rows: 3, columns: 10)] {
            await app.resize(to: size)
            await app.press(.down, .end, .pageUp)
        }
        #expect(app.lines == ["Fruit", "fig", "6/7"])
    }

    @Test func leavingCancelsTheLoadInFlight() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = makeApp(FruitScreen(loader: loader))
        await app.start()
        await app.press(.character("q"))
        #expect(app.outcome?.exitStatus == 0)
    }
}

/// A screen's own keys: `x` toggles a parameter; the list reloads keeping the selection.
struct ToggleScreen: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var long = false
    var title: String { long ? "Long names" : "Fruit" }
    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(long ? fruit.name.uppercased() : fruit.name) }
    var actions: [ScreenAction<Self>] {
        [ScreenAction(.character("x"), help: "Toggle long names") { screen in
            var changed = screen
            changed.long.toggle()
            return changed
        }]
    }
}

@MainActor
@Suite struct ScreenActionTests {
    @Test func anActionReplacesTheScreenAndReloadsKeepingTheSelection() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: ToggleScreen(loader: loader), size: Size(rows: 20, columns: 50))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.down)
        await app.press(.character("x"))
        #expect(app.lines[0] == "Long names")
        #expect(app.lines[1] == "APPLE")  // rows drawn by the old screen are not reused
        #expect(loader.waitingCalls == [2])
        loader.succeed(fruits)
        await app.settle()
        #expect(app.lines[2] == "BANANA")
        #expect(app.lines.last?.hasPrefix("2/7") == true)
        await app.press(.character("?"))
        #expect(app.screen.contains("Toggle long names"))
    }
}

@MainActor
@Suite struct MouseTests {
    func loaded(_ screen: FruitScreen) async -> (HeadlessApp, ScriptedLoader<[Fruit]>) {
        let app = HeadlessApp(root: screen, size: Size(rows: 6, columns: 30))
        await app.start()
        screen.loader.succeed(fruits)
        await app.settle()
        return (app, screen.loader)
    }

    @Test func aClickSelectsAndTheWheelScrolls() async {
        let (app, _) = await loaded(FruitScreen(loader: ScriptedLoader()))
        await app.mouse(.press, row: 3)
        #expect(app.lines.last?.hasPrefix("3/7") == true)
        await app.mouse(.wheelDown, row: 2)
        #expect(app.lines.last?.hasPrefix("6/7") == true)
        await app.mouse(.wheelUp, row: 2)
        #expect(app.lines.last?.hasPrefix("3/7") == true)
        await app.mouse(.press, row: 0)  // the header: nothing
        #expect(app.lines.last?.hasPrefix("3/7") == true)
    }

    @Test func aDoubleClickOpensButTwoSlowClicksDoNot() async {
        let (app, _) = await loaded(FruitScreen(loader: ScriptedLoader(), pickMode: .single))
        await app.mouse(.press, row: 2)
        await app.advance(by: .milliseconds(500))
        await app.mouse(.press, row: 2)
        #expect(app.outcome == nil)
        await app.advance(by: .milliseconds(100))
        await app.mouse(.press, row: 2)
        #expect(app.outcome?.picked(as: Fruit.self) == [fruits[1]])
    }
}

/// Help in a window too small for every key says how many are hidden, and scrolls.
@MainActor
@Suite struct HelpScrollTests {
    @Test func aCutHelpTableSaysSoAndScrolls() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 10, columns: 60))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("?"))
        let first = app.lines[1...8].first { $0.contains("Previous row") }
        #expect(first != nil, "\(app.lines)")
        #expect(app.screen.contains("↓ ") && app.screen.contains(" more · Esc or ? closes"), "\(app.lines)")
        await app.press(.down)
        #expect(!app.screen.contains("Previous row"))  // scrolled by one entry
        #expect(app.lines.last?.hasPrefix("1/7") == true)  // the list did not move
        await app.press(.end)
        #expect(app.screen.contains(" above · Esc or ? closes"), "\(app.lines)")
        #expect(app.screen.contains("Redraw the screen"))  // the last entry
        await app.press(.escape)
        #expect(app.lines[1] == "apple")
        await app.press(.character("?"))  // opens at the top again
        #expect(app.screen.contains("Previous row"))
    }
}
