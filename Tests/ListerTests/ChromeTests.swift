import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list with the chrome it is given.
struct ChromedScreen: ListScreen {
    let title = "Chromed"
    var chrome: ScreenChrome

    nonisolated func load() async throws -> [Fruit] { fruits }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
}

/// The breadcrumb and the status bar are chrome lines a screen places, drops or joins with
/// its own views (`ScreenChrome`); the standard chrome is the one every other test sees.
@MainActor
@Suite struct ChromeTests {
    func makeApp(_ chrome: ScreenChrome, rows: Int = 6) async -> HeadlessApp {
        let app = HeadlessApp(root: ChromedScreen(chrome: chrome), size: Size(rows: rows, columns: 30))
        await app.start()
        return app
    }

    @Test func aScreenPutsTheStatusOnTopAndALineOfItsOwnBelow() async {
        let mine = ChromeLine { context in Text("mine: \(context.position) of \(context.titles.joined(separator: "/"))") }
        let app = await makeApp(ScreenChrome(top: [.statusBar], bottom: [mine]))
        #expect(app.lines[0].hasPrefix("1/7"))
        #expect(app.lines[0].hasSuffix("? help"))
        #expect(Array(app.lines[1...4]) == ["apple", "banana", "cherry", "damson"])
        #expect(app.lines[5] == "mine: 1/7 of Chromed")
        await app.press(.down)
        #expect(app.lines[5] == "mine: 2/7 of Chromed")  // made again for each frame
        // Clicks go by where the list is: row 2 is banana's.
        await app.mouse(.press, row: 3, column: 1)
        #expect(app.lines[0].hasPrefix("3/7"))
    }

    @Test func noChromeGivesTheBodyTheWholeTerminal() async {
        let app = await makeApp(.none)
        #expect(Array(app.lines) == ["apple", "banana", "cherry", "damson", "elderberry", "fig"])
        await app.mouse(.press, row: 4, column: 1)
        await app.press(.down)
        #expect(app.frame?[5, 0].style.attributes.contains(.reverse) == true)  // fig
    }

    @Test func aShortTerminalKeepsARowForTheBodyLinesBelowFirst() async {
        let two = ChromeLine(height: 2) { _ in Text("two rows") }
        let chrome = ScreenChrome(top: [.breadcrumb, .statusBar], bottom: [two])
        // 3 rows: the two-row line below first, then nothing above (the body keeps a row).
        var app = await makeApp(chrome, rows: 3)
        #expect(app.lines == ["apple", "two rows", ""])
        // 4 rows: the breadcrumb fits too; the status bar does not.
        app = await makeApp(chrome, rows: 4)
        #expect(app.lines == ["Chromed", "apple", "two rows", ""])
        // 5 rows: every line, one row of body.
        app = await makeApp(chrome, rows: 5)
        #expect(app.lines[0] == "Chromed")
        #expect(app.lines[1].hasPrefix("1/7"))
        #expect(app.lines[2] == "apple")
        #expect(app.lines[3] == "two rows")
    }

    @Test func theStandardChromeIsTheBreadcrumbAboveAndTheStatusBelow() async {
        let app = await makeApp(.standard)
        #expect(app.lines[0] == "Chromed")
        #expect(app.lines[1] == "apple")
        #expect(app.lines[5].hasPrefix("1/7"))
        #expect(app.lines[5].hasSuffix("? help"))
    }
}
