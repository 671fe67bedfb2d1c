@_spi(Testing) import Lister
import ListerTestSupport
import Synchronization
import TerminalCore
import Testing

/// The fruits whose previews are asked for, in order, whoever asks (the pane or a prefetch).
final class AskedKeys: Sendable {
    private let storage = Mutex<[Int]>([])

    func note(_ key: Int) { storage.withLock { $0.append(key) } }

    var keys: [Int] { storage.withLock { $0 } }
}

/// A list of fruits whose preview pane loads through a scripted loader and may prefetch the
/// neighbours' previews.
@MainActor
struct PrefetchedFruits: ListScreen {
    var title = "Fruits"
    var prefetches = true
    var canReload = false
    let loader: ScriptedLoader<PreviewText>
    let asked: AskedKeys

    nonisolated func load() async throws -> [Fruit] {
        (1...30).map { Fruit(id: $0, name: "fruit \($0)") }
    }

    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }

    var previewPlacement: PreviewPlacement? { .right(.cells(20)) }

    func preview(_ fruit: Fruit, context: ListContext<Self>) -> Preview? {
        let (loader, asked, id) = (self.loader, self.asked, fruit.id)
        return Preview(key: fruit.id, prefetchesNeighbours: prefetches) {
            asked.note(id)
            return try await loader.load()
        }
    }
}

@MainActor
@Suite struct PreviewPrefetchTests {
    let loader = ScriptedLoader<PreviewText>()
    let asked = AskedKeys()

    func makeApp(prefetches: Bool = true, loader: ScriptedLoader<PreviewText>? = nil) async -> HeadlessApp {
        let screen = PrefetchedFruits(prefetches: prefetches, loader: loader ?? self.loader, asked: asked)
        let app = HeadlessApp(root: screen, size: Size(rows: 12, columns: 50))
        await app.start()
        return app
    }

    /// The text of the pane (columns 30-49 of a 50-column screen with a 20-column pane).
    func pane(_ app: HeadlessApp, line: Int = 1) -> String {
        String(app.lines[line].dropFirst(30)).trimmingCharacters(in: .whitespaces)
    }

    func text(_ line: String) -> PreviewText { PreviewText(lines: [Text(line)]) }

    /// Presses `key` and looks at the frame it gives, before any load delivers.
    func keyFrame(_ app: HeadlessApp, _ key: Key) -> String {
        app.runtime.process(.terminal(.key(key)))
        return pane(app)
    }

    @Test func aDownOntoAPrefetchedNeighbourShowsItsPreviewInTheKeysFrame() async throws {
        let app = await makeApp()
        loader.succeed(text("about fruit 1"))
        await app.settle()
        #expect(pane(app) == "about fruit 1")
        #expect(asked.keys == [1, 2], "once fruit 1 shows, fruit 2 (Down's) loads ahead; there is no row above")
        try #require(loader.waitingCalls == [2])
        loader.succeed(text("about fruit 2"))
        await app.settle()
        #expect(pane(app) == "about fruit 1", "a prefetched value is not shown before its item is selected")

        #expect(keyFrame(app, .down) == "about fruit 2", "the key's own frame shows the prefetched preview")
        await app.settle()
        #expect(asked.keys == [1, 2, 3], "no load for fruit 2; fruit 3 loads ahead")
        #expect(app.loadsInFlight == 1 && loader.waitingCalls == [3])

        #expect(keyFrame(app, .up) == "about fruit 1", "the preview left is kept: Up shows it at once")
        await app.settle()
        #expect(loader.cancelledCalls == [3], "moving on cancels the prefetch of the old neighbour")
        #expect(asked.keys == [1, 2, 3], "fruit 1's neighbour (fruit 2) is cached: nothing loads")
        #expect(app.loadsInFlight == 0)
    }

    @Test func theFrameDrawnAheadForDownShowsThePrefetchedPreview() async throws {
        let app = await makeApp()
        loader.succeed(text("about fruit 1"))
        await app.settle()
        try #require(loader.waitingCalls == [2])
        loader.succeed(text("about fruit 2"))
        await app.settle()
        let ahead = app.terminal.preparedFrame(for: .down)
        #expect(ahead?.lines[1].hasSuffix("│about fruit 2") == true)
        await app.press(.down)
        #expect(app.frame == ahead, "the frame drawn ahead is the one the key gives, pane and all")
    }

    @Test func aPreviewThatDidNotOptInIsNeverPrefetched() async {
        let app = await makeApp(prefetches: false)
        loader.succeed(text("about fruit 1"))
        await app.settle()
        #expect(pane(app) == "about fruit 1")
        #expect(asked.keys == [1])
        #expect(app.loadsInFlight == 0)
        #expect(keyFrame(app, .down) == "", "without a prefetch the pane waits for the load")
        await app.settle()
        #expect(asked.keys == [1, 2])
    }

    @Test func theRetryKeyDropsThePrefetchedPreviews() async throws {
        let app = await makeApp()
        loader.succeed(text("about fruit 1"))
        await app.settle()
        try #require(loader.waitingCalls == [2])
        loader.succeed(text("old fruit 2"))
        await app.settle()
        await app.press(.character("r"))
        #expect(asked.keys == [1, 2, 1], "r loads the preview shown again")
        #expect(keyFrame(app, .down) == "", "fruit 2's value from before r is not shown")
        await app.settle()
        #expect(asked.keys == [1, 2, 1, 2], "fruit 2 loads again")
        loader.succeed(text("new fruit 2"), call: 4)
        await app.settle()
        #expect(pane(app) == "new fruit 2")
    }

    @Test func aCancelledPrefetchIsNeverShownNorKept() async throws {
        let stubborn = ScriptedLoader<PreviewText>(ignoresCancellation: true)
        let app = await makeApp(loader: stubborn)
        stubborn.succeed(text("about fruit 1"))
        await app.settle()
        try #require(stubborn.waitingCalls == [2])  // fruit 2, loading ahead
        await app.press(.down)
        #expect(stubborn.cancelledCalls == [2])
        #expect(asked.keys == [1, 2, 2], "fruit 2 was not there yet: its own load runs")
        await app.press(.down)
        #expect(asked.keys == [1, 2, 2, 3])
        stubborn.succeed(text("stale fruit 2"), call: 2)
        await app.settle()
        #expect(pane(app) == "", "the prefetch of fruit 2 ends while fruit 3 loads: not shown")
        stubborn.succeed(text("about fruit 3"), call: 4)
        await app.settle()
        #expect(pane(app) == "about fruit 3")
        stubborn.succeed(text("late fruit 2"), call: 3)  // fruit 2's own load, cancelled
        await app.settle()
        #expect(pane(app) == "about fruit 3")
        #expect(keyFrame(app, .up) == "", "the cancelled prefetch of fruit 2 was not kept")
        #expect(!app.screen.contains("stale") && !app.screen.contains("late"))
        await answerAll(stubborn, app)
    }

    /// Answers every call still waiting (and those they lead to), so no task is left parked.
    func answerAll(_ loader: ScriptedLoader<PreviewText>, _ app: HeadlessApp) async {
        for _ in 0..<10 where !loader.waitingCalls.isEmpty {
            for call in loader.waitingCalls { loader.succeed(text("done"), call: call) }
            await app.settle()
        }
    }

    @Test func loadsInFlightStayBoundedWhileDownIsHeld() async throws {
        // A loader that ignores cancellation: a cancelled prefetch keeps its task until it
        // is answered, and no other prefetch starts meanwhile.
        let stubborn = ScriptedLoader<PreviewText>(ignoresCancellation: true)
        let app = await makeApp(loader: stubborn)
        stubborn.succeed(text("about fruit 1"))
        await app.settle()
        var most = app.loadsInFlight
        for fruit in 2...15 {
            await app.press(.down)
            most = max(most, app.loadsInFlight)
            // Each key's own load is answered at once; the prefetch never is.
            if let call = stubborn.waitingCalls.last, call != 2 {
                stubborn.succeed(text("about fruit \(fruit)"), call: call)
                await app.settle()
            }
            most = max(most, app.loadsInFlight)
            #expect(pane(app) == "about fruit \(fruit)")
        }
        #expect(most == 2, "the selected item's load and one prefetch at most")
        #expect(asked.keys.filter { $0 == 2 }.count == 2, "one prefetch started (of fruit 2), and no other while it runs")
        #expect(stubborn.cancelledCalls == [2])
        await answerAll(stubborn, app)
    }
}
