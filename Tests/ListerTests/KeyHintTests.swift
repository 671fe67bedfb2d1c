import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Hints name the keys of the app's key map: rebinding retry changes every hint.
@MainActor
@Suite struct KeyHintTests {
    /// The standard keys with retry on `t` (and F5) instead of `r`.
    var retryOnT: Configuration {
        var keys = KeyMap.standard
        keys.bindings.removeAll { $0.command == .refresh }
        keys.bind([.character("t"), .function(5)], to: .refresh, help: "Retry, else refresh")
        return Configuration(keyMap: keys)
    }

    @Test func theErrorViewNamesTheReboundRetryKey() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 8, columns: 40), configuration: retryOnT)
        await app.start()
        loader.fail(ListError("connection refused"))
        await app.settle()
        #expect(app.lines[3] == "  Press t to retry")
        await app.press(.character("t"))
        #expect(loader.waitingCalls == [2])
    }

    @Test func aFailedPageNamesTheReboundRetryKey() async {
        let endpoint = ScriptedEndpoint<LimitOffset, [Book]>()
        let screen = PagedBooks(api: endpoint, prefetchDistance: 1, timeout: nil)
        let app = HeadlessApp(root: screen, size: Size(rows: 10, columns: 40), configuration: retryOnT)
        await app.start()
        endpoint.succeed(books(0..<5))
        await app.settle()
        await app.press(.end)
        endpoint.fail(ListError("server busy"))
        await app.settle()
        #expect(app.screen.contains("server busy · t to retry"), "\(app.lines)")
    }

    @Test func withNoRetryKeyNoHintOffersOne() async {
        var keys = KeyMap.standard
        keys.bindings.removeAll { $0.command == .refresh }
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 8, columns: 40),
                              configuration: Configuration(keyMap: keys))
        await app.start()
        loader.fail(ListError("connection refused"))
        await app.settle()
        #expect(!app.screen.contains("to retry"))
    }

    @Test func theStandardKeysStillSayR() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 8, columns: 40))
        await app.start()
        loader.fail(ListError("connection refused"))
        await app.settle()
        #expect(app.lines[3] == "  Press r to retry")
    }
}
