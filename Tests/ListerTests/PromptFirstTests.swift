@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A prompt-first list (``ListScreenOptions/filterPrompt``), as `lister pick` uses it.
private struct FinderScreen: ListScreen {
    let loader: ScriptedLoader<[Fruit]>
    var onTop = false
    var upward = false
    var title: String { "Find" }
    var pickMode: PickMode { .multiple }
    var filterPrompt: FilterPrompt? {
        FilterPrompt(prompt: "> ", query: "e", acceptKeys: [.control("x")], isOnTop: onTop, growsUpward: upward)
    }

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func filterQuery(_ text: String) -> FilterQuery { FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(text))) }
}

@MainActor
@Suite struct PromptFirstTests {
    func loadedApp(onTop: Bool = false, upward: Bool = false) async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FinderScreen(loader: loader, onTop: onTop, upward: upward), size: Size(rows: 10, columns: 40))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        return app
    }

    @Test func thePromptIsOpenWithTheQueryAndMatchesAreRankedBestFirst() async {
        let app = await loadedApp()
        #expect(app.lines[8] == "> e")
        await app.type("r")
        await app.settle()
        // "er" scores alike in both; the shorter line first (the length tiebreak).
        #expect(Array(app.lines[1...3]) == ["  cherry", "  elderberry", ""])
        #expect(app.lines[9].hasPrefix("1/2 of 7"))
        await app.press(.backspace)
        await app.press(.backspace)
        await app.type("pe")
        await app.settle()
        // grape's consecutive "pe" ranks above apple's scattered one, against list order.
        #expect(Array(app.lines[1...3]) == ["  grape", "  apple", ""])
        #expect(app.lines[9].hasPrefix("1/2 of 7"))  // the best match is selected
    }

    @Test func commandKeysAreTextAndEnterChoosesTheBestMatch() async {
        let app = await loadedApp()
        await app.press(.backspace)
        await app.press(.backspace)  // on an empty line: nothing, the prompt stays
        await app.type("q/r?g")
        #expect(app.outcome == nil)
        #expect(app.lines[8] == "> q/r?g")
        for _ in 0..<4 { await app.press(.backspace) }
        await app.press(.enter)
        guard case .picked(let items)? = app.outcome else { Issue.record("no pick"); return }
        #expect((items.first as? PromptChoice) == PromptChoice(query: "q", key: nil))
        #expect(items.count == 1)  // nothing matches "q": no item after the choice
    }

    @Test func anAcceptKeyChoosesAndIsTold() async {
        let app = await loadedApp()
        await app.type("fig")
        await app.press(.control("x"))
        guard case .picked(let items)? = app.outcome else { Issue.record("no pick"); return }
        #expect((items.first as? PromptChoice) == PromptChoice(query: "efig", key: .control("x")))
        #expect(items.count == 1)
        let other = await loadedApp()
        await other.press(.backspace)
        await other.type("fi")
        await other.press(.control("x"))
        guard case .picked(let found)? = other.outcome else { Issue.record("no pick"); return }
        #expect((found.last as? Fruit)?.name == "fig")
    }

    @Test func thePromptCanBeOnTopOfTheRows() async {
        let app = await loadedApp(onTop: true)
        await app.type("r")
        await app.settle()
        #expect(Array(app.lines[1...4]) == ["> er", "  cherry", "  elderberry", ""])
        #expect(app.frame?.cursor == Point(row: 1, column: 4))
        await app.mouse(.press, row: 3)  // elderberry, under the prompt
        #expect(app.lines[9].hasPrefix("2/2 of 7"))
        await app.mouse(.press, row: 1)  // the prompt selects nothing
        #expect(app.lines[9].hasPrefix("2/2 of 7"))
    }

    /// fzf's default layout: the best match just above the prompt, the others above it.
    @Test func theRowsCanGrowUpwardFromThePrompt() async {
        let app = await loadedApp(upward: true)
        await app.type("r")
        await app.settle()
        #expect(Array(app.lines[5...8]) == ["", "  elderberry", "  cherry", "> er"])
        #expect(app.lines[9].hasPrefix("1/2 of 7"), "the best is selected, at the bottom")
        await app.press(.down)
        #expect(app.lines[9].hasPrefix("2/2 of 7"))
        await app.mouse(.press, row: 7)  // cherry, just above the prompt
        #expect(app.lines[9].hasPrefix("1/2 of 7"))
        await app.mouse(.press, row: 6)
        #expect(app.lines[9].hasPrefix("2/2 of 7"))
        await app.mouse(.press, row: 2)  // above the rows: nothing
        #expect(app.lines[9].hasPrefix("2/2 of 7"))
        await app.mouse(.wheelDown, row: 6)  // down the screen: towards the best
        #expect(app.lines[9].hasPrefix("1/2 of 7"))
        await app.mouse(.wheelUp, row: 6)
        #expect(app.lines[9].hasPrefix("2/2 of 7"))
    }
}
