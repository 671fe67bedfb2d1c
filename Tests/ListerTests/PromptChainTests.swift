@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A prompt-first list whose screen command 0 reloads its rows (fzf's `reload`, or
/// `reload-sync` when `behind`).
private struct ReloadingFinder: CommandHandlingScreen {
    let loader: ScriptedLoader<[Fruit]>
    var behind = false
    var title: String { "Find" }
    var pickMode: PickMode { .multiple }
    var filterPrompt: FilterPrompt? {
        var prompt = FilterPrompt(prompt: "> ", isOnTop: true)
        prompt.reservedKeys = [.control("a")]  // the chain's key, not the editor's
        return prompt
    }

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    func filterQuery(_ text: String) -> FilterQuery { FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(text))) }
    func change(command number: Int, context: ListContext<Self>) -> ScreenChange<Self>? {
        ScreenChange(screen: self, rows: behind ? .reloadedBehind : .reloaded, clearsMarks: true)
    }
}

/// A chain of commands acts on the rows shown when it began (fzf's, whose search and reload
/// run between keys); a reload keeps the cursor's place, not its row.
@MainActor
@Suite struct PromptChainTests {
    private let reload = Command.screenCommand(0)

    private func app(_ chain: [Command], behind: Bool = false, rows: [String] = ["a1", "ab1", "ab2", "b3", "ab4"])
        async -> (HeadlessApp, ScriptedLoader<[Fruit]>) {
        var keyMap = KeyMap.standard
        keyMap.bind([.control("a")], to: .sequence(chain), help: "the chain")
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: ReloadingFinder(loader: loader, behind: behind), size: Size(rows: 12, columns: 30),
                              configuration: Configuration(keyMap: keyMap))
        await app.start()
        loader.succeed(Self.fruits(rows))
        await app.settle()
        return (app, loader)
    }

    private static func fruits(_ names: [String]) -> [Fruit] {
        names.enumerated().map { Fruit(id: $0.offset, name: $0.element) }
    }

    /// The names the outcome picked (after the prompt's choice).
    private func picked(_ app: HeadlessApp) -> [String] {
        guard case .picked(let items)? = app.outcome else { return [] }
        return items.compactMap { ($0 as? Fruit)?.name }
    }

    @Test func movesAndAcceptAfterAQueryChangeActOnTheRowsShown() async {
        let (app, _) = await app([.setQuery("ab"), .down, .open])
        await app.press(.control("a"))
        #expect(picked(app) == ["ab1"])  // the row below a1 in all five, not ab2
    }

    @Test func marksAfterAQueryChangeTakeTheRowsShown() async {
        let (app, _) = await app([.setQuery("ab"), .markRow(.toggle), .open])
        await app.press(.control("a"))
        #expect(picked(app) == ["a1"])  // a1 does not match ab: marked all the same
    }

    @Test func theNewMatchesComeWhenTheChainEndsAtTheCursorsPlace() async {
        let (app, _) = await app([.setQuery("ab"), .down])
        await app.press(.control("a"))
        await app.settle()
        #expect(app.lines[1] == "> ab", "\(app.screen)")
        await app.press(.enter)
        #expect(picked(app) == ["ab2"])  // place 1 of ab1 ab2 ab4
    }

    @Test func anAcceptInTheChainOfAReloadTakesTheRowShown() async {
        let (app, loader) = await app([reload, .open])
        await app.press(.control("a"))
        #expect(picked(app) == ["a1"])
        #expect(loader.callCount == 1)  // the app ended: no reload started
    }

    @Test func aReloadKeepsTheCursorsPlaceAmongTheNewMatches() async {
        for behind in [false, true] {
            let (app, loader) = await app([reload], behind: behind, rows: ["a1", "a2", "a3", "a4", "a5"])
            await app.type("a")
            await app.press(.down)
            await app.press(.down)
            await app.press(.control("a"))
            await app.settle()
            loader.succeed(Self.fruits(["x1", "a6", "a7", "a8", "a9", "b1"]))
            await app.settle()
            await app.press(.enter)
            #expect(picked(app) == ["a8"], "behind: \(behind)")  // the third match, as before the reload
        }
    }

    // fzf 0.74.5: Up Up, reload-sync, Up while it runs: the fourth match is chosen.
    @Test func aMoveWhileAReloadSyncRunsMovesThePlace() async {
        let (app, loader) = await app([reload], behind: true, rows: ["a1", "a2", "a3", "a4", "a5"])
        await app.type("a")
        await app.press(.down)
        await app.press(.down)
        await app.press(.control("a"))
        await app.settle()
        await app.press(.down)  // the old rows are still shown
        loader.succeed(Self.fruits(["x1", "a6", "a7", "a8", "a9", "b1"]))
        await app.settle()
        await app.press(.enter)
        #expect(picked(app) == ["a9"])
    }

    @Test func aReloadUnderNoQueryKeepsThePlaceAndClampsIt() async {
        let (app, loader) = await app([.down, .down, .down, reload], rows: ["a1", "a2", "a3", "a4", "a5"])
        await app.press(.control("a"))
        await app.settle()
        loader.succeed(Self.fruits(["x1", "x2"]))
        await app.settle()
        await app.press(.enter)
        #expect(picked(app) == ["x2"])
    }
}
