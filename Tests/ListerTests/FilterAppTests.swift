@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// The filter line as a person uses it, through a headless app.
@MainActor
@Suite struct FilterAppTests {
    func loadedApp(_ items: [Fruit] = fruits, size: Size = Size(rows: 10, columns: 40)) async -> (HeadlessApp, ScriptedLoader<[Fruit]>) {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: size)
        await app.start()
        loader.succeed(items)
        await app.settle()
        return (app, loader)
    }

    @Test func typingNarrowsTheListAndHighlightsTheMatches() async {
        let (app, _) = await loadedApp()
        await app.press(.character("/"))
        await app.type("rr")
        #expect(Array(app.lines[1...3]) == ["cherry", "elderberry", ""])
        #expect(app.lines[8] == "/rr")
        #expect(app.lines[9].hasPrefix("1/2 of 7"))
        // "rr" in "cherry" is drawn highlighted, the rest is not.
        #expect(app.frame?[1, 3].style.attributes.contains(.underline) == true)
        #expect(app.frame?[2, 1].style.attributes.contains(.underline) == false)
        #expect(app.frame?.cursor == Point(row: 8, column: 3))  // at the end of the typed query
    }

    @Test func enterKeepsTheFilterAndEscClearsItBeforeGoingBack() async {
        let (app, _) = await loadedApp()
        await app.press(.character("/"))
        await app.type("an")
        await app.press(.enter)
        #expect(Array(app.lines[1...2]) == ["banana", ""])
        #expect(app.lines[8].hasPrefix("/an"))
        await app.press(.down)  // keys navigate again
        await app.press(.escape)
        #expect(app.outcome == nil)
        #expect(app.lines[2] == "banana")
        #expect(app.lines[9].hasPrefix("2/7"))  // the selection stayed on banana
        await app.press(.escape)
        #expect(app.outcome?.exitStatus == 0)
    }

    @Test func keysThatAreCommandsElsewhereAreTypedIntoTheLine() async {
        let (app, _) = await loadedApp()
        await app.press(.character("/"))
        await app.type("q?r")
        #expect(app.outcome == nil)
        #expect(app.lines[8] == "/q?r")
        #expect(app.lines[1] == "No matches")
    }

    @Test func backspaceOnAnEmptyLineClosesIt() async {
        let (app, _) = await loadedApp()
        await app.press(.character("/"))
        await app.type("x")
        await app.press(.backspace)
        #expect(app.lines[8] == "/")
        await app.press(.backspace)
        #expect(app.lines[8] == "")
        #expect(app.lines[9].hasPrefix("1/7"))
    }

    @Test func theSelectionStaysOnTheSameItemAndMovesToTheNearestMatchWhenFilteredOut() async {
        let (app, _) = await loadedApp()
        await app.press(.down, .down)  // cherry
        await app.press(.character("/"))
        await app.type("e")
        #expect(app.lines[9].hasPrefix("2/4 of 7"))  // apple, cherry, elderberry, grape
        await app.type("l")              // "el": cherry is filtered out
        #expect(Array(app.lines[1...2]) == ["elderberry", ""])
        #expect(app.lines[9].hasPrefix("1/1 of 7"))
        await app.press(.escape)
        #expect(app.lines[9].hasPrefix("5/7"))  // still elderberry, now in the full list
    }

    @Test func rowsThatArriveWhileFilteringAreFilteredToo() async {
        let (app, loader) = await loadedApp()
        await app.press(.character("/"))
        await app.type("berry")
        await app.press(.enter)
        await app.press(.character("r"))
        loader.succeed(fruits + [Fruit(id: 20, name: "blueberry")])
        await app.settle()
        #expect(Array(app.lines[1...3]) == ["elderberry", "blueberry", ""])
        #expect(app.lines[9].hasPrefix("1/2 of 8"))
    }

    @Test func aLargeListIsFilteredOffTheMainActor() async {
        let many = (0..<120_000).map { Fruit(id: $0, name: "row \($0)") }
        let (app, _) = await loadedApp(many)
        await app.press(.character("/"))
        await app.type("11999")  // "1" scans 120,000 rows off the main actor; the rest narrow its matches
        #expect(app.lines[9].hasPrefix("1/12 of 120000"))
        #expect(Array(app.lines[1...2]) == ["row 11999", "row 111999"])
        #expect(app.loadsInFlight == 0)
    }

    /// Enter typed right after the query, before the run off the main actor has come back,
    /// chooses a match of the whole query, not of the prefix whose matches are on screen.
    @Test func enterWhileALargeFilterRunsChoosesAMatchOfTheWholeQuery() async {
        let many = (0..<120_000).map { Fruit(id: $0, name: "row \($0)") }
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader, pickMode: .single), size: Size(rows: 10, columns: 40))
        await app.start()
        loader.succeed(many)
        await app.settle()
        await app.press(.character("/"))
        await app.type("1")  // settled: the matches of "1" are on screen, row 1 selected
        // Keys without settling, as fast as a person types: "19999" runs off the main actor.
        for key: Key in [.character("9"), .character("9"), .character("9"), .character("9"), .enter, .enter] {
            app.runtime.process(.terminal(.key(key)))
        }
        #expect(app.outcome?.picked(as: Fruit.self).map(\.name) == ["row 19999"])
    }
}

@MainActor
@Suite struct MultiplePickerTests {
    func picker() async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader, pickMode: .multiple), size: Size(rows: 10, columns: 40))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        return app
    }

    @Test func tabMarksAndEnterReturnsTheMarksInListOrder() async {
        let app = await picker()
        await app.press(.end, .tab)         // grape, the last
        await app.press(.home, .tab)        // apple, then the selection moves to banana
        #expect(Array(app.lines[1...2]) == ["● apple", "  banana"])
        #expect(app.lines[9].hasPrefix("2/7 · 2 marked"))
        await app.press(.enter)
        #expect(app.outcome?.picked(as: Fruit.self).map(\.name) == ["apple", "grape"])
    }

    @Test func enterWithoutMarksReturnsTheSelectedRow() async {
        let app = await picker()
        await app.press(.down, .enter)
        #expect(app.outcome?.picked(as: Fruit.self).map(\.name) == ["banana"])
    }

    @Test func escClearsTheMarksBeforeItCancels() async {
        let app = await picker()
        await app.press(.tab, .tab)
        await app.press(.escape)
        #expect(app.outcome == nil)
        #expect(!app.screen.contains("●"))
        await app.press(.escape)
        #expect(app.outcome?.exitStatus == 1)
    }

    @Test func escClosesMarksThenTheFilterThenThePicker() async {
        let app = await picker()
        await app.press(.character("/"))
        await app.type("rr")
        await app.press(.enter, .tab, .tab)  // cherry, elderberry
        await app.press(.escape)             // clears the marks first
        #expect(app.lines[8].hasPrefix("/rr"))
        await app.press(.tab)
        await app.press(.escape, .escape)    // the marks, then the filter
        #expect(app.outcome == nil)
        #expect(app.lines[9].hasPrefix("5/7"))  // Tab went from cherry to elderberry, the last match
        await app.press(.escape)             // then the picker
        #expect(app.outcome?.exitStatus == 1)
    }
}

/// A filter over a paged list does not page through the whole source by itself.
@MainActor
@Suite struct FilterPagingTests {
    @Test func prefetchWaitsForTheEndOfTheMatchesAndTheFooterCountsLoadedRows() async {
        let api = ScriptedEndpoint<LimitOffset, [Book]>()
        let app = HeadlessApp(root: PagedBooks(api: api, limit: 10, prefetchDistance: 3), size: Size(rows: 8, columns: 50))
        await app.start()
        api.succeed(books(0..<10))
        await app.settle()
        #expect(api.requests.count == 1)
        await app.press(.character("/"))
        await app.type("1")  // book 1 only, among the first ten
        await app.press(.enter)
        #expect(Array(app.lines[1...2]) == ["book 1", "1 matches in the 10 rows loaded so far"])
        // The selection is at the end of the matches: the next page loads, and its
        // matching rows join the list.
        #expect(api.requests.map(\.offset) == [0, 10])
        api.succeed(books(10..<20))
        await app.settle()
        #expect(app.lines[1...3].contains("book 10"))
        #expect(app.lines[7].hasPrefix("1/11 of 20+"))
        #expect(api.requests.count == 2)  // the selection is far from the last match
    }
}
