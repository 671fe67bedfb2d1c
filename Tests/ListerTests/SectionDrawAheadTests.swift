import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A sectioned list moves like a plain one: Down and Up are drawn ahead once every section
/// has settled, and `<` / `>` scroll long rows sideways.
@MainActor
@Suite struct SectionDrawAheadTests {
    func settledLibrary(rows: Int = 8) async -> (HeadlessApp, Library) {
        let library = Library()
        let app = HeadlessApp(root: library, size: Size(rows: rows, columns: rows > 8 ? 60 : 24))
        await app.start()
        for (index, loader) in library.loaders.enumerated() {
            loader.succeed(books((index * 4)..<(index * 4 + 4)))
        }
        await app.settle()
        return (app, library)
    }

    @Test func eachMoveGivesTheFrameDrawnAheadForIt() async {
        let (app, _) = await settledLibrary()
        var checked = 0
        for _ in 0..<14 {
            let ahead = app.terminal.preparedFrame(for: .down)
            let before = app.frame
            await app.press(.down)
            if app.frame != before {
                #expect(ahead != nil && app.frame == ahead, "Down to \(app.lines.last ?? "")")
                checked += 1
            }
        }
        for _ in 0..<14 {
            let ahead = app.terminal.preparedFrame(for: .up)
            let before = app.frame
            await app.press(.up)
            if app.frame != before {
                #expect(ahead != nil && app.frame == ahead, "Up to \(app.lines.last ?? "")")
                checked += 1
            }
        }
        #expect(checked >= 20)  // 11 moves down past the headers, 11 back
    }

    @Test func nothingIsDrawnAheadWhileASectionLoads() async {
        let library = Library()
        let app = HeadlessApp(root: library, size: Size(rows: 8, columns: 24))
        await app.start()
        library.loaders[0].succeed(books(0..<4))
        await app.settle()
        #expect(app.terminal.prepared.isEmpty)  // two sections still load
        library.loaders[1].succeed(books(4..<8))
        library.loaders[2].succeed(books(8..<12))
        await app.settle()
        #expect(!app.terminal.prepared.isEmpty)
        await app.press(.character("r"))  // refreshing: rows may change under a move
        #expect(app.terminal.prepared.isEmpty)
    }

    @Test func longRowsScrollSideways() async {
        let (app, _) = await settledLibrary()
        let first = app.lines[2]
        await app.press(.character(">"))
        #expect(app.lines[2] != first)
        #expect(first.dropFirst(8).hasPrefix(app.lines[2].prefix(3)))
        await app.press(.character("<"))
        #expect(app.lines[2] == first)
        let (tall, _) = await settledLibrary(rows: 30)
        await tall.press(.character("?"))
        #expect(tall.screen.contains("Scroll long rows left"))  // help offers the sideways keys here
    }
}
