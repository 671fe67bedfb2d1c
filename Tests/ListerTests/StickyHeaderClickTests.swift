import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A sticky section header covers the first line of a grouped list: a click there selects
/// nothing, as in a sectioned list (``RowLayout/position(atLine:from:rows:height:stickyHeader:upward:)``).
@MainActor
@Suite struct StickyHeaderClickTests {
    @Test func aClickOnTheStickyHeaderSelectsNotTheRowUnderIt() async {
        let loader = ScriptedLoader<[Book]>()
        let app = HeadlessApp(root: ShelvedBooks(loader: loader), size: Size(rows: 8, columns: 30))
        await app.start()
        loader.succeed(books(0..<25))
        await app.settle()
        await app.press(.pageDown, .pageDown)
        // "Shelf 0" is drawn over book 6, the first row shown.
        #expect(Array(app.lines[1...2]) == ["Shelf 0", "book 7"])
        #expect(app.lines[7].hasPrefix("11/25 "))
        await app.mouse(.press, row: 1)
        #expect(app.lines[7].hasPrefix("11/25 "))
        await app.mouse(.press, row: 2)  // book 7, the row below it
        #expect(app.lines[7].hasPrefix("8/25 "))
    }
}
