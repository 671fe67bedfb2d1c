@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// The `/` filter line of an ordinary list edits at a cursor with the prompt's keys the
/// standard key table leaves free, and the cursor is drawn where the edit happens.
@MainActor
@Suite struct FilterLineEditingTests {
    func loadedApp() async -> HeadlessApp {
        let loader = ScriptedLoader<[Fruit]>()
        let app = HeadlessApp(root: FruitScreen(loader: loader), size: Size(rows: 10, columns: 40))
        await app.start()
        loader.succeed(fruits)
        await app.settle()
        return app
    }

    @Test func ctrlAMovesTheCursorAndTypingGoesThere() async {
        let app = await loadedApp()
        await app.press(.character("/"))
        await app.type("rry")
        await app.press(.control("a"))
        #expect(app.frame?.cursor == Point(row: 8, column: 1))  // after "/"
        await app.type("e")
        #expect(app.lines[8] == "/erry")
        #expect(app.frame?.cursor == Point(row: 8, column: 2))
        #expect(Array(app.lines[1...2]) == ["cherry", "elderberry"])
    }

    @Test func altKeysEditWordsAndNeverLeave() async {
        let app = await loadedApp()
        await app.press(.character("/"))
        await app.type("el berry")
        await app.press(.alt(.character("b")))
        #expect(app.frame?.cursor == Point(row: 8, column: 4))  // before "berry"
        await app.press(.alt(.backspace))  // kills "el "
        #expect(app.lines[8] == "/berry")
        await app.press(.control("e"))
        await app.press(.control("y"))
        #expect(app.lines[8] == "/berryel")  // and a blank, which lines trims
        #expect(app.frame?.cursor == Point(row: 8, column: 9))  // after the blank
        #expect(app.outcome == nil)
        await app.press(.control("u"))
        #expect(app.lines[8] == "/")
        await app.press(.control("d"))  // on an empty line: nothing, the line stays open
        #expect(app.outcome == nil)
        #expect(app.lines[8] == "/")
    }

    @Test func arrowsStillMoveTheListWhileTheLineIsOpen() async {
        let app = await loadedApp()
        await app.press(.character("/"))
        await app.type("e")
        await app.press(.down)
        #expect(app.lines[8] == "/e")
        #expect(app.lines[9].hasPrefix("2/"))
    }

    @Test func aWideCharacterTakesTwoColumnsBeforeTheCursor() async {
        let app = await loadedApp()
        await app.press(.character("/"))
        await app.type("日x")
        await app.press(.control("a"))
        await app.press(.alt(.character("f")))
        #expect(app.frame?.cursor == Point(row: 8, column: 4))  // "/", two cells, "x"
    }
}
