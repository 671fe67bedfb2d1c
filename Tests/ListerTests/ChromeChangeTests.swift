import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list whose chrome changes when it replaces itself: by an action (`s`) or by its own
/// command (a ``ScreenChange``).
private struct Restyled: CommandHandlingScreen {
    var title = "Plain"
    var statusOnTop = false

    var chrome: ScreenChrome {
        statusOnTop ? ScreenChrome(top: [.statusBar], bottom: [ChromeLine { _ in Text("restyled") }]) : .standard
    }

    var actions: [ScreenAction<Self>] {
        [ScreenAction(.character("s"), help: "Restyle") { screen in
            var changed = screen
            changed.statusOnTop.toggle()
            changed.title = "Restyled"
            return changed
        }]
    }

    nonisolated func load() async throws -> [Fruit] { fruits }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }

    func change(command number: Int, context: ListContext<Self>) -> ScreenChange<Self>? {
        var changed = self
        changed.statusOnTop.toggle()
        changed.title = "Changed"
        return ScreenChange(screen: changed, rows: .kept)
    }
}

/// A list that binds no command of its own.
private struct Unbound: ListScreen {
    let title = "Unbound"
    nonisolated func load() async throws -> [Fruit] { fruits }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
}

/// The chrome a screen is drawn with follows the screen as it is now: one that replaces
/// itself with a screen of other chrome is drawn with the new chrome.
@MainActor
@Suite struct ChromeChangeTests {
    private func app(_ root: some Screen) async -> HeadlessApp {
        var configuration = Configuration()
        configuration.keyMap.bindings.insert(KeyBinding([.character("!")], .screenCommand(0), help: "Change"), at: 0)
        let app = HeadlessApp(root: root, size: Size(rows: 6, columns: 30), configuration: configuration)
        await app.start()
        return app
    }

    @Test func anActionThatChangesTheChromeIsDrawnWithTheNewOne() async {
        let app = await app(Restyled())
        #expect(app.lines[0] == "Plain")
        #expect(app.lines[5].hasPrefix("1/7"))
        await app.press(.character("s"))
        #expect(app.lines[0].hasPrefix("1/7"))  // the status bar on top
        #expect(app.lines[5] == "restyled")
        await app.press(.character("s"))
        #expect(app.lines[0] == "Restyled")  // the breadcrumb again, with the new title
        #expect(app.lines[5].hasPrefix("1/7"))
    }

    @Test func aScreenChangeThatChangesTheChromeIsDrawnWithTheNewOne() async {
        let app = await app(Restyled())
        await app.press(.down, .character("!"))
        #expect(app.lines[0].hasPrefix("2/7"))
        #expect(app.lines[5] == "restyled")
        #expect(Array(app.lines[1...4]) == ["apple", "banana", "cherry", "damson"])
    }

    /// A screen that binds a command but is no `CommandHandlingScreen` (one written when the
    /// requirements were `ListScreen`'s) says so instead of doing nothing.
    @Test func aScreenWithoutCommandsOfItsOwnSaysSo() async {
        let app = await app(Unbound())
        let rows = Array(app.lines[1...4])
        await app.press(.character("!"))
        #expect(Array(app.lines[1...4]) == rows)
        #expect(app.screen.contains("No commands of its own"), "\(app.screen)")
    }
}
