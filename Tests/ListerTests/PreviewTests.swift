import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list of fruits with a preview pane on the right, loaded by a scripted loader: each
/// call is one preview load, answered by the test.
@MainActor
struct PreviewedFruits: ListScreen {
    var title = "Fruits"
    var count = 30
    var debounce: Duration = .zero
    var placement: PreviewPlacement? = .right(.cells(20))
    var canReload = true
    let loader: ScriptedLoader<PreviewText>

    /// Enter opens the same list again, one level down.
    func open(_ fruit: Fruit) -> OpenResult {
        .screen(PreviewedFruits(title: "Inner", count: count, debounce: debounce, placement: placement, canReload: canReload,
                                loader: loader))
    }

    nonisolated func load() async throws -> [Fruit] {
        (1...count).map { Fruit(id: $0, name: "fruit \($0)") }
    }

    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }

    var previewPlacement: PreviewPlacement? { placement }

    func preview(_ fruit: Fruit, context: ListContext<Self>) -> Preview? {
        guard fruit.id != 13 else { return nil }
        let loader = self.loader
        return Preview(key: fruit.id, debounce: debounce) { try await loader.load() }
    }
}

@MainActor
@Suite struct PreviewTests {
    let loader = ScriptedLoader<PreviewText>()

    func makeApp(_ screen: PreviewedFruits? = nil, size: Size = Size(rows: 12, columns: 50)) async -> HeadlessApp {
        let app = HeadlessApp(root: screen ?? PreviewedFruits(loader: loader), size: size)
        await app.start()
        return app
    }

    /// The text of the pane (columns 30-49 of a 50-column screen with a 20-column pane).
    func pane(_ app: HeadlessApp, line: Int) -> String {
        String(app.lines[line].dropFirst(30)).trimmingCharacters(in: .whitespaces)
    }

    func text(_ lines: String...) -> PreviewText { PreviewText(lines: lines.map { Text($0) }) }

    @Test func thePaneShowsTheSelectedItemBesideTheList() async {
        let app = await makeApp()
        #expect(loader.callCount == 1)
        loader.succeed(text("about fruit 1", "sweet"))
        await app.settle()
        #expect(app.lines[1].hasPrefix("fruit 1"))
        #expect(app.lines[1].contains("│"))
        #expect(pane(app, line: 1) == "about fruit 1")
        #expect(pane(app, line: 2) == "sweet")
        await app.press(.down)
        #expect(loader.callCount == 2)
        #expect(pane(app, line: 1) == "", "the old item's preview is gone while the new one loads")
        loader.succeed(text("about fruit 2"))
        await app.settle()
        #expect(pane(app, line: 1) == "about fruit 2")
    }

    @Test func aNewKeyCancelsTheOldLoadAndAStaleResultIsNeverShown() async {
        let stubborn = ScriptedLoader<PreviewText>(ignoresCancellation: true)
        let app = await makeApp(PreviewedFruits(loader: stubborn))
        await app.press(.down)
        #expect(stubborn.cancelledCalls == [1], "moving on cancels the first preview's task")
        stubborn.succeed(text("stale fruit 1"), call: 1)
        await app.settle()
        #expect(!app.screen.contains("stale"))
        stubborn.succeed(text("fresh fruit 2"), call: 2)
        await app.settle()
        #expect(pane(app, line: 1) == "fresh fruit 2")
    }

    @Test func keysFasterThanTheDebounceStartOneLoad() async {
        let app = await makeApp(PreviewedFruits(debounce: .milliseconds(100), loader: loader))
        #expect(loader.callCount == 0, "the first preview waits out the debounce too")
        await app.advance(by: .milliseconds(100))
        #expect(loader.callCount == 1)
        loader.succeed(text("one"))
        await app.settle()
        for _ in 0..<5 {
            await app.press(.down)
            await app.advance(by: .milliseconds(30))
        }
        #expect(loader.callCount == 1, "no load while the selection keeps moving")
        await app.advance(by: .milliseconds(100))
        #expect(loader.callCount == 2, "one load, for the row the selection rested on")
        loader.succeed(text("six"))
        await app.settle()
        #expect(pane(app, line: 1) == "six")
        #expect(app.lines.contains { $0.hasPrefix("fruit 6") })
    }

    @Test func theSpinnerShowsOnlyAfterItsDelay() async {
        let app = await makeApp()
        await app.advance(by: .milliseconds(50))
        #expect(!app.screen.contains("Loading preview"))
        await app.advance(by: .milliseconds(60))
        #expect(app.screen.contains("Loading preview"))
        loader.succeed(text("ripe"))
        await app.advance(by: .milliseconds(300))
        #expect(pane(app, line: 1) == "ripe")
    }

    @Test func aFailedPreviewSaysSoAndTheRetryKeyLoadsItAgain() async {
        let app = await makeApp(size: Size(rows: 12, columns: 70))
        loader.fail(ListError("disk on fire"))
        await app.settle()
        #expect(app.screen.contains("✗ Preview failed"))
        #expect(app.screen.contains("disk on fire"))
        #expect(app.screen.contains("Press r to retry"))
        #expect(app.lines[1].hasPrefix("fruit 1"), "the list keeps working")
        await app.press(.character("r"))
        #expect(loader.callCount == 2)
        loader.succeed(text("better now"))
        await app.settle()
        #expect(app.screen.contains("better now"))
        #expect(!app.screen.contains("disk on fire"))
    }

    @Test func theRetryKeyRetriesThePreviewOfAListThatCannotBeReadAgain() async {
        let app = await makeApp(PreviewedFruits(canReload: false, loader: loader), size: Size(rows: 12, columns: 70))
        loader.fail(ListError("busy"))
        await app.settle()
        await app.press(.character("r"))
        #expect(!app.screen.contains("cannot be read again"))
        #expect(loader.waitingCalls == [2])
    }

    @Test func theRetryHintNamesTheKeyMapsKey() async {
        var keys = KeyMap(KeyMap.standard.bindings.filter { $0.command != .refresh })
        keys.bind([.function(5)], to: .refresh, help: "Retry")
        let app = HeadlessApp(root: PreviewedFruits(loader: loader), size: Size(rows: 12, columns: 70),
                              configuration: Configuration(keyMap: keys))
        await app.start()
        loader.fail(ListError("offline"))
        await app.settle()
        #expect(app.screen.contains("Press F5 to retry"))
    }

    @Test func anItemWithoutAPreviewSaysSo() async {
        let app = await makeApp()
        loader.succeed(text("one"))
        await app.settle()
        for _ in 0..<12 { await app.press(.down) }
        #expect(app.screen.contains("No preview"))
        #expect(loader.waitingCalls.isEmpty, "nothing loads for an item without a preview")
    }

    @Test func thePaneScrollsWithoutMovingTheSelection() async {
        let app = await makeApp()
        loader.succeed(PreviewText(lines: (1...40).map { Text("line \($0)") }))
        await app.settle()
        #expect(pane(app, line: 1) == "line 1")
        await app.press(.character("J"), .character("J"), .shiftDown)
        #expect(pane(app, line: 1) == "line 4")
        await app.press(.character("K"))
        #expect(pane(app, line: 1) == "line 3")
        #expect(app.screen.contains("1/30"), "the selection stayed on the first row")
        await app.mouse(.wheelDown, row: 3, column: 40)
        #expect(pane(app, line: 1) == "line 6", "the wheel over the pane scrolls the pane")
        for _ in 0..<60 { await app.press(.character("J")) }
        #expect(pane(app, line: 10) == "line 40", "the last line stays at the bottom")
        #expect(pane(app, line: 1) == "line 31")
        await app.mouse(.wheelDown, row: 3, column: 5)
        #expect(app.screen.contains("4/30"), "the wheel over the list moves the list")
    }

    @Test func clicksInThePaneSelectNothing() async {
        let app = await makeApp()
        loader.succeed(text("one"))
        await app.settle()
        await app.mouse(.press, row: 4, column: 40)
        #expect(app.screen.contains("1/30"))
        await app.mouse(.press, row: 4, column: 3)
        #expect(app.screen.contains("4/30"))
    }

    @Test func thePreviewKeyHidesAndShowsThePane() async {
        let app = await makeApp()
        loader.succeed(text("about fruit 1"))
        await app.settle()
        await app.press(.character("p"))
        #expect(!app.screen.contains("about fruit 1"))
        #expect(!app.lines[1].contains("│"))
        #expect(loader.callCount == 1)
        await app.press(.character("J"))
        #expect(app.screen.contains("The preview is hidden"))
        await app.press(.character("p"))
        #expect(loader.callCount == 2, "shown again, the pane loads what it shows")
        loader.succeed(text("about fruit 1"))
        await app.settle()
        #expect(pane(app, line: 1) == "about fruit 1")
    }

    @Test func aPaneHiddenOnceStaysHiddenOnTheScreensOpenedNext() async {
        let app = await makeApp()
        await app.press(.character("p"), .enter)
        #expect(app.lines[0].contains("Inner"))
        #expect(!app.lines[1].contains("│"), "opened with the pane hidden, as the user left it")
        await app.press(.character("p"), .escape)
        #expect(app.lines[1].contains("│") == false, "the screen below keeps its own state")
        await app.press(.enter)
        #expect(app.lines[1].contains("│"), "shown again: screens opened next show it")
    }

    @Test func aPaneBelowTheListKeepsTheSelectionVisible() async {
        let app = await makeApp(PreviewedFruits(placement: .bottom(.cells(4)), loader: loader),
                                size: Size(rows: 14, columns: 40))
        loader.succeed(text("under"))
        await app.settle()
        for _ in 0..<20 { await app.press(.down) }
        #expect(loader.waitingCalls == [20], "fruit 13 has no preview: twenty loads in all")
        loader.succeed(text("twenty-one"))
        await app.settle()
        // Rows 1-7 are the list, 8 the divider, 9-12 the pane.
        #expect(app.lines[7] == "fruit 21")
        #expect(app.lines[9] == "twenty-one")
        #expect(app.loadsInFlight == 0)
    }

    @Test func hidingThePaneCancelsItsLoad() async {
        let app = await makeApp()
        await app.press(.character("p"))
        #expect(loader.cancelledCalls == [1])
        #expect(app.loadsInFlight == 0)
    }

    @Test func helpListsThePreviewKeysOnlyWhereThereIsAPane() async {
        let app = await makeApp(size: Size(rows: 40, columns: 70))
        await app.press(.character("?"))
        #expect(app.screen.contains("Show or hide the preview"))
        #expect(app.screen.contains("Scroll the preview down"))
        let plain = await makeApp(PreviewedFruits(placement: nil, loader: loader), size: Size(rows: 40, columns: 70))
        await plain.press(.character("?"))
        #expect(!plain.screen.contains("preview"))
    }

    @Test func previewTextIsCutAtItsLimitsWithANote() {
        let many = PreviewText(String(repeating: "x\n", count: PreviewText.lineLimit + 5))
        #expect(many.lines.count == PreviewText.lineLimit)
        #expect(many.note == "cut at 10,000 lines")
        let wide = PreviewText(String(repeating: "y", count: PreviewText.byteLimit + 10), note: "exit status 1")
        #expect(wide.lines.isEmpty)
        #expect(wide.note == "cut at 1 MB · exit status 1")
        let crlf = PreviewText("a\r\nb\u{1B}[2Jc")
        #expect(crlf.lines.map(\.plainText) == ["a", "b^[[2Jc"])
    }
}


/// A list whose previews are made in the frame from the item (``Preview/immediate(key:_:)``).
@MainActor
struct ImmediateFruits: ListScreen {
    var title = "Fruits"
    nonisolated func load() async throws -> [Fruit] { (1...30).map { Fruit(id: $0, name: "fruit \($0)") } }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    var previewPlacement: PreviewPlacement? { .right(.cells(20)) }
    func preview(_ fruit: Fruit, context: ListContext<Self>) -> Preview? {
        .immediate(key: fruit.id) { PreviewText(lines: (1...20).map { Text("\(fruit.name) line \($0)") }) }
    }
}

@MainActor
@Suite struct ImmediatePreviewTests {
    @Test func theFrameThatMovesTheSelectionShowsTheNewPreview() async {
        let app = HeadlessApp(root: ImmediateFruits(), size: Size(rows: 12, columns: 50))
        await app.start()
        #expect(app.lines[1].hasSuffix("│fruit 1 line 1"))
        await app.press(.down)
        #expect(app.lines[1].hasSuffix("│fruit 2 line 1"))
        #expect(app.loadsInFlight == 0, "no load for a preview made in the frame")
        await app.press(.character("J"), .character("J"))
        #expect(app.lines[1].hasSuffix("│fruit 2 line 3"))
        await app.press(.down, .up)
        #expect(app.lines[1].hasSuffix("│fruit 2 line 1"), "back on an item, its preview starts at the top")
    }

    @Test func framesDrawnAheadIncludeThePane() async {
        let app = HeadlessApp(root: ImmediateFruits(), size: Size(rows: 12, columns: 50))
        await app.start()
        let ahead = app.terminal.preparedFrame(for: .down)
        #expect(ahead?.lines[1].hasSuffix("│fruit 2 line 1") == true)
        await app.press(.down)
        #expect(app.frame == ahead, "the frame drawn ahead is the one the key gives, pane and all")
    }
}

/// SGR colours in a preview's output, and every other escape sequence removed.
@MainActor
@Suite struct ANSITextTests {
    @Test func sgrBecomesStylesAndCarriesToTheNextLine() {
        var parser = ANSIText()
        let first = parser.line("\u{1B}[1;31mred\u{1B}[0m plain \u{1B}[38;5;208morange")
        #expect(first.spans.map(\.text) == ["red", " plain ", "orange"])
        #expect(first.spans[0].style == Style(foreground: .red, attributes: .bold))
        #expect(first.spans[1].style == .plain)
        #expect(first.spans[2].style.foreground == .indexed(208))
        let second = parser.line("still orange\u{1B}[39m default")
        #expect(second.spans[0].style.foreground == .indexed(208), "a colour runs on across lines")
        #expect(second.spans[1].style == .plain)
        let truecolor = parser.line("\u{1B}[48;2;255;0;0mx")
        #expect(truecolor.spans[0].style.background == .indexed(196), "RGB becomes the nearest cube colour")
    }

    @Test func everyOtherEscapeSequenceIsRemoved() {
        var parser = ANSIText()
        let line = parser.line("a\u{1B}[2Jb\u{1B}]0;title\u{07}c\u{1B}]8;;http://x\u{1B}\\d\u{1B}[10;5He\u{1B}7f\u{1B}[")
        #expect(line.plainText == "abcdef")
        #expect(line.spans.allSatisfy { $0.style == .plain })
    }

    @Test func previewTextKeepsColoursOnlyWhenAsked() {
        let bytes = Array("\u{1B}[32mgreen\u{1B}[0m\n".utf8)
        let plain = PreviewText(bytes: bytes)
        #expect(plain.lines.map(\.plainText) == ["^[[32mgreen^[[0m"])
        let coloured = PreviewText(bytes: bytes, ansi: true)
        #expect(coloured.lines.map(\.plainText) == ["green"])
        #expect(coloured.lines[0].spans[0].style.foreground == .green)
    }
}

/// Rows whose text changes with each load, previewed in the frame: a refresh must not keep
/// showing the preview made from the rows before it.
@MainActor
struct Counters: ListScreen {
    struct Counter: Identifiable, Sendable { let id: Int; let value: Int }
    let title = "Counters"
    let loads: ScriptedLoader<Int>
    nonisolated func load() async throws -> [Counter] {
        let value = try await loads.load()
        return [Counter(id: 1, value: value)]
    }
    func row(_ counter: Counter, context: RowContext) -> Text { Text("counter \(counter.value)") }
    var previewPlacement: PreviewPlacement? { .right(.cells(20)) }
    func preview(_ counter: Counter, context: ListContext<Self>) -> Preview? {
        .immediate(key: counter.id) { PreviewText(lines: [Text("value \(counter.value)")]) }
    }
}

@MainActor
@Suite struct ImmediatePreviewRefreshTests {
    @Test func aRefreshRemakesThePreviewOfTheSameKey() async {
        let loads = ScriptedLoader<Int>()
        let app = HeadlessApp(root: Counters(loads: loads), size: Size(rows: 8, columns: 50))
        await app.start()
        loads.succeed(1)
        await app.settle()
        #expect(app.lines[1].hasSuffix("│value 1"))
        await app.press(.character("r"))
        loads.succeed(2)
        await app.settle()
        #expect(app.lines[1].hasPrefix("counter 2"))
        #expect(app.lines[1].hasSuffix("│value 2"))
    }
}
