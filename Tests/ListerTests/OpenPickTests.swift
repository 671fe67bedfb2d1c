import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A browser whose rows either open (even numbers) or choose (odd numbers).
private struct NumbersScreen: ListScreen {
    struct Number: Identifiable, Sendable { let id: Int }
    let title = "Numbers"
    nonisolated func load() async throws -> [Number] { [Number(id: 2), Number(id: 3)] }
    func row(_ number: Number, context: RowContext) -> Text { Text(String(number.id)) }
    func open(_ number: Number) -> OpenResult {
        number.id.isMultiple(of: 2) ? .screen(NumbersScreen()) : .pick("chose \(number.id)")
    }
}

@MainActor
@Suite struct OpenPickTests {
    /// Keys already read after the one that ended the app (typed ahead) change nothing.
    @Test func keysAfterTheEndDoNotChangeTheOutcome() async {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader, pickMode: .single))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        await app.press(.character("q"), .enter)
        #expect(app.outcome?.exitStatus == 1, "cancelled, not picked or interrupted")
        await app.press(.control("c"))
        #expect(app.outcome?.exitStatus == 1, "cancelled, not picked or interrupted")
    }

    @Test func openCanPickOneRowAndOpenAnother() async {
        let app = HeadlessApp(root: NumbersScreen())
        await app.start()
        await app.press(.enter)  // 2 opens another screen
        #expect(app.outcome == nil)
        #expect(app.lines[0].contains("Numbers › Numbers"))
        await app.press(.right)  // Right never chooses
        await app.press(.down, .right)
        #expect(app.outcome == nil)
        #expect(app.screen.contains("Enter chooses this row"))
        await app.press(.enter)  // 3 picks
        #expect(app.outcome?.picked(as: String.self) == ["chose 3"])
    }
}
