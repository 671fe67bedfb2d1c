import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A paged screen driven headless: scripted endpoint, virtual clock, no sleeps.
@MainActor
@Suite struct PagingAppTests {
    let timing = LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(300), frameInterval: .milliseconds(80))

    /// An app 8 rows high: title, 6 list rows, status bar.
    func makeApp(_ screen: PagedBooks) -> HeadlessApp {
        HeadlessApp(root: screen, size: Size(rows: 8, columns: 40), configuration: Configuration(timing: timing))
    }

    @Test func refreshingAPagedListSaysItStartsAgainFromPageOne() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = HeadlessApp(root: PagedBooks(api: api, limit: 5), size: Size(rows: 8, columns: 80),
                              configuration: Configuration(timing: timing))
        await app.start()
        api.succeed(books(0..<5))
        await app.settle()
        api.succeed(books(5..<10))  // page 2 came at once (five rows do not fill the screen)
        await app.settle()
        #expect(app.lines[7].hasPrefix("1/10+ · page 2"))
        await app.press(.character("r"))
        #expect(app.lines[7].contains("Refreshing page 1; page 2 loads again as you scroll"), "\(app.lines)")
    }

    @Test func scrollingToTheEndLoadsEveryPageAndSaysSo() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = makeApp(PagedBooks(api: api, limit: 5))
        await app.start()
        #expect(api.requests == [LimitOffset(limit: 5, offset: 0)])
        api.succeed(books(0..<5))
        await app.settle()
        // Five rows do not fill the screen: the next page is asked for at once.
        #expect(api.requests.map(\.offset) == [0, 5])
        #expect(Array(app.lines[1...6]) == ["book 0", "book 1", "book 2", "book 3", "book 4", "Loading more…"])
        #expect(app.lines[7].hasPrefix("1/5+ · page 1   loading page 2"))
        api.succeed(books(5..<10))
        await app.settle()
        #expect(api.requests.count == 2)  // row 1 of 10 is more than a screen from the end
        #expect(app.lines[7].hasPrefix("1/10+ · page 2"))
        await app.press(.character("G"))  // the last loaded row, which asks for page 3
        #expect(api.requests.map(\.offset) == [0, 5, 10])
        #expect(Array(app.lines[5...6]) == ["book 9", "Loading more…"])
        #expect(app.lines[7].hasPrefix("10/10+ · page 2"))
        await app.press(.up)  // keys keep working while a page loads
        #expect(app.lines[7].hasPrefix("9/10+"))
        api.succeed(books(10..<13))  // short: the last page
        await app.settle()
        await app.press(.end)
        #expect(Array(app.lines[5...6]) == ["book 12", "End of list · 13 items"])
        #expect(app.lines[7].hasPrefix("13/13 · page 3 "))
        #expect(api.requests.count == 3)
        #expect(app.nextDeadline == nil)  // idle
    }

    @Test func aFailedPageShowsItsErrorInlineAndRRetriesThatPage() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = makeApp(PagedBooks(api: api, limit: 5))
        await app.start()
        api.succeed(books(0..<5))
        await app.settle()
        await app.press(.down, .down)
        api.fail(ListError("HTTP 502 from books.example"))
        await app.settle()
        #expect(app.lines[6] == "✗ HTTP 502 from books.example · r to re…")
        #expect(app.lines[1] == "book 0")  // every row stays
        #expect(app.lines[7].hasPrefix("3/5+ · page 1"))
        #expect(app.lines[7].contains("page 2 failed"))
        await app.press(.character("r"))
        #expect(api.requests.map(\.offset) == [0, 5, 5])  // the same page, not page 1
        #expect(app.lines[6] == "Loading more…")
        api.succeed(books(5..<9))
        await app.settle()
        #expect(app.lines[7].hasPrefix("3/9 · page 2"))
        await app.press(.end)
        #expect(app.lines[6] == "End of list · 9 items")
    }

    @Test func refreshCancelsThePageInFlightAndKeepsTheSelectedBook() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = makeApp(PagedBooks(api: api, limit: 5))
        await app.start()
        api.succeed(books(0..<5))
        await app.settle()
        await app.press(.down, .down, .down)  // book 3; page 2 is loading (call 2)
        await app.press(.character("r"))
        #expect(api.cancelledCalls == [2])  // the cancellation reached the endpoint
        #expect(api.requests.last == LimitOffset(limit: 5, offset: 0))
        #expect(app.lines[1] == "book 0")  // rows stay while refreshing
        #expect(app.lines[7].contains("refreshing"))
        api.succeed([Book(100, title: "new book")] + books(0..<4))
        await app.settle()
        #expect(app.lines[1] == "new book")
        #expect(app.lines[7].hasPrefix("5/5+ · page 1"))
        #expect(app.frame?[5, 0].style.attributes.contains(.reverse) == true)
        #expect(app.lines[5] == "book 3")
        #expect(api.requests.last == LimitOffset(limit: 5, offset: 5))  // paging resumes from page 1
    }

    @Test func aLateResultOfACancelledPageNeverChangesTheScreen() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>(ignoresCancellation: true)
        let app = makeApp(PagedBooks(api: api, limit: 5))
        await app.start()
        api.succeed(books(0..<5))
        await app.settle()
        await app.press(.character("r"))  // call 3 supersedes page 2 (call 2)
        #expect(api.cancelledCalls == [2])
        api.succeed(books(20..<25), call: 3)
        await app.settle()
        #expect(app.lines[1] == "book 20")
        api.succeed(books(5..<10), call: 2)  // page 2 of the old list, late
        await app.settle()
        #expect(!app.screen.contains("book 5"))
        #expect(app.lines[7].hasPrefix("1/5+ · page 1"))
    }

    @Test func aPageThatHangsTimesOutOnTheVirtualClockAndCanBeRetried() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = makeApp(PagedBooks(api: api, limit: 5))
        await app.start()
        api.succeed(books(0..<5))
        await app.settle()
        #expect(app.nextDeadline == .seconds(30))  // the only thing the app waits for
        await app.advance(by: .seconds(29))
        #expect(app.lines[6] == "Loading more…")
        await app.advance(by: .seconds(1))
        #expect(app.lines[6] == "✗ timed out after 30 s · r to retry")
        #expect(api.cancelledCalls == [2])  // the request was cancelled, not left running
        #expect(app.nextDeadline == nil)
        await app.press(.character("r"))
        #expect(api.requests.map(\.offset) == [0, 5, 5])
        api.succeed(books(5..<7))
        await app.settle()
        #expect(app.lines[7].hasPrefix("1/7 · page 2"))
    }

    @Test func reloadDiscardsThePagesAndShowsTheSpinner() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = makeApp(PagedBooks(api: api, limit: 5))
        await app.start()
        api.succeed(books(0..<5))
        await app.settle()
        await app.press(.character("R"))
        #expect(api.cancelledCalls == [2])
        #expect(!app.screen.contains("book 0"))
        await app.advance(by: .milliseconds(100))
        #expect(app.lines[1] == "⠋ Loading Books…")
        api.succeed(books(0..<2))
        await app.settle()
        await app.advance(by: .milliseconds(300))
        #expect(Array(app.lines[1...3]) == ["book 0", "book 1", "End of list · 2 items"])
        #expect(app.lines[7].hasPrefix("1/2 · page 1"))
    }

    @Test func aPrefetchDistanceOfZeroWaitsForTheLastRow() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = makeApp(PagedBooks(api: api, limit: 10, prefetchDistance: 0))
        await app.start()
        api.succeed(books(0..<10))
        await app.settle()
        #expect(api.requests.count == 1)
        await app.press(.pageDown)
        #expect(api.requests.count == 1)
        await app.press(.end)
        #expect(api.requests.count == 2)
    }

    @Test func goingBackFromAPagedScreenCancelsItsPageLoad() async {
        struct Shelves: ListScreen {
            let title = "Shelves"
            let api: ScriptedEndpoint<LimitOffset, [Book]>
            var initialItems: [Fruit]? { [Fruit(id: 0, name: "fiction")] }
            var canReload: Bool { false }
            nonisolated func load() async throws -> [Fruit] { [] }
            func row(_ shelf: Fruit, context: RowContext) -> Text { Text(shelf.name) }
            func open(_ shelf: Fruit) -> OpenResult { .screen(PagedBooks(api: api)) }
        }
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = HeadlessApp(root: Shelves(api: api), size: Size(rows: 8, columns: 40))
        await app.start()
        await app.press(.enter)
        api.succeed(books(0..<5))
        await app.settle()
        #expect(api.waitingCalls == [2])
        await app.press(.escape)
        #expect(app.lines[0] == "Shelves")
        #expect(api.cancelledCalls == [2])
    }
}

@MainActor
@Suite struct PagingMouseTests {
    @Test func clickingAFailedPagesRowRetriesThatPage() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = HeadlessApp(root: PagedBooks(api: api, limit: 5), size: Size(rows: 10, columns: 40))
        await app.start()
        api.succeed(books(0..<5))
        await app.settle()
        api.fail(ListError("HTTP 502"))  // page 2, asked for at once
        await app.settle()
        #expect(app.lines[6].contains("r to retry"))
        await app.mouse(.press, row: 6)
        #expect(api.requests.map(\.offset) == [0, 5, 5])
        api.succeed(books(5..<8))
        await app.settle()
        #expect(app.lines[8] == "book 7")
        #expect(app.lines[9].hasPrefix("1/8 · page 2"))  // nothing lost, the list has ended
    }
}
