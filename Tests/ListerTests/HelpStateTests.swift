@testable import Lister
import ListerTestSupport
import Testing

/// The help overlay's state on its own: the keys it takes while up and its lines.
@MainActor
@Suite struct HelpStateTests {
    @Test func whileUpItScrollsClosesAndSwallowsTheRestButQuitting() {
        var help = HelpState()
        #expect(help.take(.down) == nil)  // not up: every command passes
        help.offset = 7
        help.show()
        #expect(help.isShown && help.offset == 0)
        #expect(help.take(.pageDown) == true && help.offset == 10)
        #expect(help.take(.up) == true && help.offset == 9)
        #expect(help.take(.top) == true && help.offset == 0)
        #expect(help.take(.open) == false && help.isShown)  // swallowed
        #expect(help.take(.quit) == nil && help.take(.redraw) == nil)  // act as always
        #expect(help.take(.back) == true && !help.isShown)
    }

    @Test func itsLinesAreTheCommandsThatDoSomethingHere() async throws {
        let app = HeadlessApp(root: FruitScreen(loader: ScriptedLoader()))
        await app.start()
        let entry = try #require(app.runtime.entries.last)
        let keyMap = Configuration().keyMap
        #expect(!HelpState.offers(.parent, on: entry, canGoBack: false))
        #expect(HelpState.offers(.parent, on: entry, canGoBack: true) && HelpState.offers(.quit, on: entry, canGoBack: false))
        #expect(!HelpState.offers(.sortNext, on: entry, canGoBack: false))  // not a table
        let root = HelpState.lines(of: entry, keyMap: keyMap, canGoBack: false)
        let deeper = HelpState.lines(of: entry, keyMap: keyMap, canGoBack: true)
        let parent = keyMap.bindings.filter { $0.command == .parent }.map(\.help)
        #expect(!parent.isEmpty && root.count + parent.count == deeper.count)
        #expect(root.allSatisfy { line in !parent.contains(line.help) || keyMap.bindings.contains { $0.help == line.help && $0.command != .parent } })
    }
}
