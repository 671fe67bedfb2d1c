import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Frames drawn ahead for Down and Up (``PreparedFrame``): each is the frame the key then
/// gives, and they are drawn only when that is safe.
@MainActor
@Suite struct DrawAheadTests {
    /// A screen 5 rows high (title, 3 list rows, status bar) with `screen` loaded.
    func loadedApp<S: ListScreen>(_ screen: S, loader: ScriptedLoader<[Fruit]>,
                                  configuration: Configuration = Configuration()) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: Size(rows: 5, columns: 30), configuration: configuration)
        await app.start()
        #expect(app.terminal.prepared.isEmpty)  // loading: nothing is drawn ahead
        loader.succeed(fruits)
        await app.settle()
        return app
    }

    @Test func eachMoveGivesTheFrameDrawnAheadForIt() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = await loadedApp(FruitScreen(loader: loader), loader: loader)
        // On the first row Up changes nothing, so only Down is drawn ahead.
        #expect(app.terminal.prepared.map(\.keys) == [[.down, .character("j")]])
        // Down within the page, then scrolling, then on the last row (nothing to draw).
        for step in 0..<fruits.count {
            let ahead = app.terminal.preparedFrame(for: .character("j"))
            let before = app.frame
            await app.press(.character("j"))
            if step < fruits.count - 1 {
                #expect(ahead != nil && app.frame == ahead && app.frame != before, "Down \(step + 1)")
            } else {
                #expect(ahead == nil, "nothing below the last row")
            }
        }
        #expect(app.lines[3] == "grape")
        for step in 0..<fruits.count - 1 {
            let ahead = app.terminal.preparedFrame(for: .up)
            await app.press(.up)
            #expect(ahead != nil && app.frame == ahead, "Up \(step + 1)")
        }
        #expect(app.lines[1] == "apple")
    }

    @Test func nothingIsDrawnAheadUnderHelpAHintOrAnOpenFilter() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = await loadedApp(FruitScreen(loader: loader, canReload: false), loader: loader)
        #expect(!app.terminal.prepared.isEmpty)
        await app.press(.character("?"))
        #expect(app.terminal.prepared.isEmpty)
        await app.press(.character("?"))
        #expect(!app.terminal.prepared.isEmpty)
        await app.press(.character("r"))  // "This list cannot be read again": a key clears it
        #expect(app.lines[4].contains("cannot be rea"))
        #expect(app.terminal.prepared.isEmpty)
        await app.press(.character("/"))
        await app.type("an")
        #expect(app.terminal.prepared.isEmpty)
        await app.press(.escape)
        #expect(!app.terminal.prepared.isEmpty)
    }

    @Test func drawingAheadStartsNoLoad() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = HeadlessApp(root: PagedBooks(api: api, limit: 20), size: Size(rows: 6, columns: 40))
        await app.start()
        api.succeed(books(0..<20))
        await app.settle()
        // Down until the row it leads to brings the next page into reach: the frame drawn
        // ahead says the page is loading, but only the real Down asks for it.
        var ahead: Buffer?
        for _ in 0..<20 {
            #expect(api.requests.map(\.offset) == [0])
            ahead = app.terminal.preparedFrame(for: .down)
            if ahead?.description.contains("loading page 2") == true { break }
            await app.press(.down)
        }
        #expect(ahead?.description.contains("loading page 2") == true)
        await app.press(.down)
        #expect(api.requests.map(\.offset) == [0, 20])
        #expect(app.frame == ahead)
    }

    @Test func keysTheScreenTakesAreNotDrawnAheadAndItCanBeTurnedOff() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = await loadedApp(JumpScreen(loader: loader), loader: loader)
        #expect(app.terminal.prepared.map(\.keys) == [[.down]])  // `j` is the screen's own key
        let off = ScriptedLoader<[Fruit]>()
        let quiet = await loadedApp(FruitScreen(loader: off), loader: off, configuration: Configuration(drawsAhead: false))
        #expect(quiet.terminal.prepared.isEmpty)
    }

    @Test func theKeysOfACommandFollowTheBindings() {
        var keys = KeyMap.standard
        #expect(keys.keys(for: .down) == [.down, .character("j")])
        keys.bind([.character("j")], to: .reload, help: "Reload")
        #expect(keys.keys(for: .down) == [.down])
        #expect(keys.keys(for: .reload) == [.character("R"), .character("j")])
    }
}

/// A screen whose own action takes `j`.
struct JumpScreen: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var title: String { "Fruit" }
    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    var actions: [ScreenAction<Self>] {
        [ScreenAction(.character("j"), help: "Jump") { _ in nil }]
    }
}
