import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A screen whose rows arrive while its load goes on.
struct StreamScreen: ListScreen {
    var title = "Stream"
    let stream: ScriptedStream<[Fruit]>

    nonisolated func load() async throws -> [Fruit] { try await stream.load(progress: .ignored) }
    nonisolated func load(progress: LoadProgress<[Fruit]>) async throws -> [Fruit] { try await stream.load(progress: progress) }

    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
}

/// Rows numbered 0..<count named "row N".
private func rows(_ count: Int) -> [Fruit] { (0..<count).map { Fruit(id: $0, name: "row \($0)") } }

@MainActor
@Suite struct StreamingAppTests {
    func makeApp(_ stream: ScriptedStream<[Fruit]>) -> HeadlessApp {
        HeadlessApp(root: StreamScreen(stream: stream), size: Size(rows: 8, columns: 40))
    }

    @Test func theReadingCountStaysVisibleWhileFiltering() async {
        let stream = ScriptedStream<[Fruit]>()
        let app = makeApp(stream)
        await app.start()
        stream.send(rows(30))
        await app.settle()
        await app.type("/row 1")
        await app.press(.enter)
        #expect(app.lines.last?.hasPrefix("1/12 of 30+   reading… 30") == true, "\(app.lines)")
        stream.send(rows(45))
        await app.settle()
        #expect(app.lines.last?.hasPrefix("1/14 of 45+   reading… 45") == true, "\(app.lines)")
        stream.finish(rows(45))
        await app.settle()
        #expect(app.lines.last?.hasPrefix("1/14 of 45 ") == true, "\(app.lines)")
        #expect(!app.screen.contains("reading"))
    }

    @Test func rowsShowAndNavigateWhileTheStreamGoesOn() async {
        let stream = ScriptedStream<[Fruit]>()
        let app = makeApp(stream)
        await app.start()
        #expect(app.lines.last?.hasPrefix("0/0   loading") == true)
        stream.send(rows(3))
        await app.settle()
        #expect(app.lines[1...3] == ["row 0", "row 1", "row 2"])
        #expect(app.lines.last?.hasPrefix("1/3+") == true, "\(app.lines)")
        #expect(app.loadsInFlight == 1)
        await app.press(.down, .down)
        stream.send(rows(40))
        await app.settle()
        #expect(app.lines.last?.hasPrefix("3/40+   reading… 40") == true, "\(app.lines)")  // the selection stayed on row 2
        await app.press(.end)
        #expect(app.lines.last?.hasPrefix("40/40+") == true)
        stream.finish(rows(41))
        await app.settle()
        #expect(app.lines.last?.hasPrefix("40/41 ") == true)
        #expect(!app.screen.contains("reading"))
        #expect(app.loadsInFlight == 0)
    }

    /// `lister lines FILE`'s first screenful, read before the terminal starts: shown in the
    /// first frame, and the stream's reports continue it (no refresh hides them).
    @Test func initialItemsThatStartTheStreamShowAtOnceAndGrow() async {
        struct HeadStart: ListScreen {
            let title = "Stream"
            let stream: ScriptedStream<[Fruit]>
            var initialItems: [Fruit]? { rows(3) }
            var continuesInitialItems: Bool { true }
            nonisolated func load() async throws -> [Fruit] { try await stream.load(progress: .ignored) }
            nonisolated func load(progress: LoadProgress<[Fruit]>) async throws -> [Fruit] { try await stream.load(progress: progress) }
            func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
        }
        let stream = ScriptedStream<[Fruit]>()
        let app = HeadlessApp(root: HeadStart(stream: stream), size: Size(rows: 8, columns: 40))
        await app.start()
        #expect(app.lines[1...3] == ["row 0", "row 1", "row 2"])
        #expect(app.lines.last?.hasPrefix("1/3+") == true, "\(app.lines)")
        #expect(app.loadsInFlight == 1)
        await app.press(.down)
        stream.send(rows(40))
        await app.settle()
        #expect(app.lines.last?.hasPrefix("2/40+   reading… 40") == true, "\(app.lines)")
        stream.finish(rows(41))
        await app.settle()
        #expect(app.lines.last?.hasPrefix("2/41 ") == true, "\(app.lines)")
        #expect(app.loadsInFlight == 0)
    }

    @Test func theFilterTakesRowsThatArriveLater() async {
        let stream = ScriptedStream<[Fruit]>()
        let app = makeApp(stream)
        await app.start()
        stream.send(rows(12))
        await app.settle()
        await app.type("/row 1")
        #expect(app.lines[1...4] == ["row 1", "row 10", "row 11", ""])
        stream.send(rows(14))
        await app.settle()
        #expect(app.lines[1...5] == ["row 1", "row 10", "row 11", "row 12", "row 13"])
        stream.finish(rows(20))
        await app.settle()
        #expect(app.lines.last?.hasPrefix("1/11 of 20") == true)  // row 1, rows 10–19
    }

    @Test func aFailedStreamKeepsItsRowsAndSaysWhy() async {
        let stream = ScriptedStream<[Fruit]>()
        let app = makeApp(stream)
        await app.start()
        stream.send(rows(2))
        await app.settle()
        stream.fail(ListError("cannot read standard input: Input/output error"))
        await app.settle()
        #expect(app.lines[1...2] == ["row 0", "row 1"])
        #expect(app.lines.last?.contains("stopped: cannot read standard") == true, "\(app.lines)")
    }

    @Test func aReloadDropsTheRowsOfTheStreamItReplaced() async {
        let stream = ScriptedStream<[Fruit]>(ignoresCancellation: true)
        let app = makeApp(stream)
        await app.start()
        stream.send(rows(5))
        await app.settle()
        await app.press(.character("R"))  // reload: a second stream starts
        stream.send(rows(30))  // the first stream goes on (it ignores cancellation): stale
        await app.settle()
        #expect(app.lines.last?.hasPrefix("0/0   loading") == true)
        stream.send([Fruit(id: 100, name: "fresh")])
        await app.settle()
        #expect(app.lines[1] == "fresh")
        #expect(app.lines.last?.hasPrefix("1/1+") == true)
    }

    @Test func typingAFilterWhileAReloadShowsNoRowsDoesNotCrash() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 8, columns: 40))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("/"), .enter, .character("R"), .character("/"), .character("e"))
        #expect(app.lines.last?.contains("of 0") == true, "\(app.lines)")
        loader.succeed(fruits)
        await app.settle()
        #expect(app.lines[1] == "apple")
    }
}
