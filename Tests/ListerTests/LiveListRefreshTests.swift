import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A live list with no `load()` of its own: its rows come only from its feed, so it cannot
/// be read again (``ListScreenOptions/canReload``).
private struct FeedOnlyFruits: LiveListScreen {
    let title = "Feed only"
    let feed: ScriptedFeed<Fruit>
    var canReload: Bool { false }

    nonisolated func changes() -> ScriptedFeed<Fruit>.Changes { feed.changes() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
}

/// Rows `range` named "row N".
private func rows(_ range: Range<Int>) -> [Fruit] { range.map { Fruit(id: $0, name: "row \($0)") } }

/// `r` on a live list (issue 33): a list with a load loads again behind its rows and starts a
/// new feed; a list fed only by its feed keeps its rows and starts its feed again.
@MainActor
@Suite struct LiveListRefreshTests {
    func start(_ screen: some LiveListScreen, rows: Int = 8) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: Size(rows: rows, columns: 40))
        await app.start()
        return app
    }

    func status(_ app: HeadlessApp) -> String { app.lines.last ?? "" }

    @Test func aFeedOnlyListKeepsItsRowsAndStartsItsFeedAgain() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(FeedOnlyFruits(feed: feed))
        feed.send(.append(rows(0..<40)))
        await app.settle()
        #expect(status(app).hasPrefix("1/40   live"), "\(app.lines)")
        #expect(feed.waitCount == 2 && feed.cancelCount == 0)
        await app.press(.character("r"))
        // The running feed was cancelled and asked for again; nothing was loaded.
        #expect(feed.cancelCount == 1)
        #expect(feed.isWaiting)
        #expect(status(app).hasPrefix("1/40   live"), "\(app.lines)")
        #expect(app.lines[1] == "row 0")
        feed.send(.append(rows(40..<41)))
        await app.advance(by: .milliseconds(16))
        #expect(status(app).hasPrefix("1/41   live"), "\(app.lines)")
    }

    @Test func aFeedOnlyListOffersR() async {
        let app = await start(FeedOnlyFruits(feed: ScriptedFeed<Fruit>()), rows: 30)
        await app.press(.character("?"))
        #expect(app.screen.contains("Retry, else refresh"), "\(app.lines)")
    }

    @Test func aLoadThatReplacesTheRowsForgetsTheRowsCountedAsNew() async {
        let feed = ScriptedFeed<Fruit>()
        let app = await start(LiveFruits(feed: feed, initial: rows(0..<3)))
        feed.send(.append(rows(3..<39)))
        await app.settle()
        #expect(status(app).contains("36 new ↓"), "\(app.lines)")
        await app.press(.character("r"))  // loads the 3 rows again, then a new feed
        #expect(feed.isWaiting)
        #expect(status(app).hasPrefix("1/3   live"), "\(app.lines)")
        #expect(!status(app).contains("new"), "\(app.lines)")
    }
}
