import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list whose load brings `initial` and whose feed the test drives.
struct LiveFruits: LiveListScreen {
    var title = "Live"
    let feed: ScriptedFeed<Fruit>
    var initial: [Fruit] = []
    var follows = false
    var picks: PickMode = .none

    nonisolated func load() async throws -> [Fruit] { initial }
    nonisolated func changes() -> ScriptedFeed<Fruit>.Changes { feed.changes() }
    var followsEnd: Bool { follows }
    var pickMode: PickMode { picks }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
}

/// Rows `range` named "row N".
private func rows(_ range: Range<Int>) -> [Fruit] { range.map { Fruit(id: $0, name: "row \($0)") } }

@MainActor
@Suite struct LiveListTests {
    /// An app of 8 lines (6 rows) on a live list, started, with its feed waiting.
    func start(_ screen: LiveFruits) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: Size(rows: 8, columns: 40))
        await app.start()
        return app
    }

    var status: (HeadlessApp) -> String { { $0.lines.last ?? "" } }

    @Test func aFeedOnlyListShowsItsChangesAsTheyCome() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed))
        #expect(app.screen.contains("Nothing here"))
        #expect(status(app).contains("live"), "\(app.lines)")
        #expect(feed.isWaiting)
        feed.send(.append(rows(0..<3)))
        await app.settle()
        #expect(app.lines[1...3] == ["row 0", "row 1", "row 2"])
        #expect(status(app).hasPrefix("1/3   live"), "\(app.lines)")
    }

    @Test func rowsInsertedAndRemovedAboveKeepTheSelectionOnItsItem() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<10)))
        await app.press(.down, .down, .down)  // row 3
        feed.send(.insert(rows(100..<102), at: 0))
        await app.settle()
        #expect(status(app).hasPrefix("6/12"), "\(app.lines)")
        #expect(app.lines.contains("row 3"))
        feed.send(.remove(0), .remove(1))
        await app.advance(by: .milliseconds(16))
        #expect(status(app).hasPrefix("4/10"), "\(app.lines)")
        await app.press(.enter)  // nothing to open, but the selection is still on row 3:
        await app.type("/row 3")
        await app.press(.enter)
        #expect(status(app).hasPrefix("1/1 of 10"), "\(app.lines)")
    }

    @Test func removingTheSelectedItemSelectsItsNeighbour() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<5)))
        await app.press(.down, .down)  // row 2
        feed.send(.remove(2))
        await app.settle()
        #expect(status(app).hasPrefix("3/4"), "\(app.lines)")  // row 3, where row 2 was
        await app.press(.end)
        feed.send(.remove(4))
        await app.advance(by: .milliseconds(16))
        #expect(status(app).hasPrefix("3/3"), "\(app.lines)")  // the last row went: the one before it
    }

    @Test func updatesReplaceItemsWhereTheyAre() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<3)))
        feed.send(.update(Fruit(id: 1, name: "row 1 done")), .update(Fruit(id: 9, name: "new 9")))
        await app.settle()
        #expect(app.lines[1...4] == ["row 0", "row 1 done", "row 2", "new 9"])
        feed.send(.replaceAll(ItemList(rows(1..<2))))
        await app.advance(by: .milliseconds(16))
        #expect(app.lines[1...2] == ["row 1", ""])
    }

    @Test func aListAtItsEndFollowsNewRowsAndElsewhereCountsThem() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<10), follows: true))
        #expect(status(app).hasPrefix("10/10"), "\(app.lines)")  // it opens on its last row
        feed.send(.append(rows(10..<12)))
        await app.settle()
        #expect(status(app).hasPrefix("12/12"), "\(app.lines)")
        #expect(app.lines[6] == "row 11")
        await app.press(.up, .up)
        feed.send(.append(rows(12..<15)))
        await app.advance(by: .milliseconds(16))
        #expect(status(app).hasPrefix("10/15"), "\(app.lines)")
        #expect(status(app).contains("3 new ↓"), "\(app.lines)")
        await app.press(.end)
        #expect(!status(app).contains("new"), "\(app.lines)")
        feed.send(.append(rows(15..<16)))
        await app.advance(by: .milliseconds(16))
        #expect(status(app).hasPrefix("16/16"), "\(app.lines)")
    }

    @Test func changesWithinAFrameAreDrawnOnce() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<2)))
        feed.send(.append(rows(2..<3)))
        await app.settle()  // the first batch is applied at once
        let frames = app.terminal.framesPresented
        for id in 3..<50 {
            feed.send(.append(rows(id..<id + 1)))
            await app.settle()
        }
        #expect(app.terminal.framesPresented == frames)  // within the frame: waiting
        #expect(status(app).hasPrefix("1/3"), "\(app.lines)")
        await app.advance(by: .milliseconds(16))
        #expect(app.terminal.framesPresented == frames + 1)
        #expect(status(app).hasPrefix("1/50"), "\(app.lines)")
    }

    @Test func theEndAndTheErrorOfTheFeedKeepTheRowsAndRStartsItAgain() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<3)))
        feed.send(.append(rows(3..<4)))
        await app.settle()
        feed.finish()
        await app.settle()
        #expect(status(app).contains("feed ended"), "\(app.lines)")
        #expect(app.lines[4] == "row 3")
        #expect(!feed.isWaiting)
        await app.press(.character("r"))
        #expect(feed.isWaiting)  // started again, the rows kept
        #expect(status(app).hasPrefix("1/4   live"), "\(app.lines)")
        feed.fail(ListError("connection reset"))
        await app.settle()
        #expect(status(app).contains("feed stopped: connection reset"), "\(app.lines)")
        #expect(app.lines[4] == "row 3")
        await app.press(.character("r"))
        #expect(feed.isWaiting)
        #expect(status(app).contains("live"), "\(app.lines)")
    }

    @Test func refreshLoadsAgainAndThenStartsTheFeed() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<3)))
        #expect(feed.waitCount == 1)
        await app.press(.character("r"))  // the running feed is cancelled; the load runs again
        #expect(feed.waitCount == 2)
        #expect(feed.isWaiting)
        feed.send(.append(rows(3..<4)))
        await app.settle()
        #expect(status(app).hasPrefix("1/4   live"), "\(app.lines)")
    }

    @Test func aFeedNoteShowsInTheStatusBar() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<3)))
        feed.send(.note("truncated"))
        await app.settle()
        #expect(status(app).contains("live · truncated"), "\(app.lines)")
    }

    @Test func theFilterKeepsWorkingWhileRowsArrive() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<20)))
        await app.type("/row 1")
        await app.press(.enter)
        #expect(status(app).hasPrefix("1/11 of 20"), "\(app.lines)")
        feed.send(.append(rows(20..<120)))
        await app.settle()
        #expect(status(app).hasPrefix("1/39 of 120"), "\(app.lines)")  // 21, 31, …, 91 and 100-119 too
        feed.send(.remove(1))
        await app.advance(by: .milliseconds(16))
        #expect(status(app).hasPrefix("1/38 of 119"), "\(app.lines)")
    }

    @Test func marksStayOnTheirItemsAndGoWithThem() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<5), picks: .multiple))
        await app.press(.tab, .tab)  // rows 0 and 1 marked, row 2 selected
        #expect(status(app).contains("2 marked"), "\(app.lines)")
        feed.send(.insert(rows(100..<103), at: 0))
        await app.settle()
        #expect(status(app).hasPrefix("6/8 · 2 marked"), "\(app.lines)")
        feed.send(.remove(1))
        await app.advance(by: .milliseconds(16))
        #expect(status(app).contains("1 marked"), "\(app.lines)")
        feed.send(.replaceAll(ItemList(rows(100..<103) + rows(2..<5))))
        await app.advance(by: .milliseconds(16))
        #expect(!status(app).contains("marked"), "\(app.lines)")
        await app.press(.tab, .enter)
        #expect(app.outcome?.picked(as: Fruit.self).map(\.name) == ["row 2"])
    }

    /// A list that opens a live list on Enter.
    struct Opener: ListScreen {
        let title = "Opener"
        let feed: ScriptedFeed<Fruit>
        nonisolated func load() async throws -> [Fruit] { rows(0..<1) }
        func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
        func open(_ fruit: Fruit) -> OpenResult { .screen(LiveFruits(feed: feed, initial: rows(0..<3))) }
    }

    @Test func leavingTheScreenCancelsItsFeed() async {
        let feed = ScriptedFeed<Fruit>()
        let app = HeadlessApp(root: Opener(feed: feed), size: Size(rows: 8, columns: 40))
        await app.start()
        await app.press(.enter)
        #expect(feed.isWaiting)
        await app.press(.escape)
        #expect(app.screen.contains("Opener"))
        #expect(feed.cancelCount == 1)
        #expect(app.loadsInFlight == 0)
    }
}
