import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list of mixed kinds (issue 20): headings and notes are drawn but cannot be selected.
enum Entry: Identifiable, Sendable {
    case heading(String)
    case fruit(Fruit)
    case note(String)

    var id: String {
        switch self {
        case .heading(let title): return "heading \(title)"
        case .fruit(let fruit): return "fruit \(fruit.id)"
        case .note(let text): return "note \(text)"
        }
    }
}

struct Mixed: ListScreen {
    let title = "Mixed"
    let entries: [Entry]

    nonisolated func load() async throws -> [Entry] { entries }
    var rowHeight: RowHeight { .measured(limit: 3) }
    func isSelectable(_ entry: Entry) -> Bool {
        if case .fruit = entry { return true }
        return false
    }
    func filterText(_ entry: Entry) -> String {
        switch entry {
        case .heading(let text), .note(let text): return text
        case .fruit(let fruit): return fruit.name
        }
    }
    func row(_ entry: Entry, context: RowContext) -> Group {
        Group {
            switch entry {
            case .heading(let title): Text(title).bold()
            case .fruit(let fruit): VStack { Text(fruit.name); Text("  fresh").dim() }
            case .note(let text): Text(text).dim()
            }
        }
    }
}

@MainActor
@Suite struct MixedKindsTests {
    static let entries: [Entry] = [
        .heading("Citrus"), .fruit(Fruit(id: 0, name: "lemon")), .fruit(Fruit(id: 1, name: "lime")),
        .note("(seasonal)"), .heading("Berries"), .fruit(Fruit(id: 2, name: "cherry")),
        .fruit(Fruit(id: 3, name: "grape")), .heading("The end"),
    ]

    func start(rows: Int = 16) async -> HeadlessApp {
        let app = HeadlessApp(root: Mixed(entries: Self.entries), size: Size(rows: rows, columns: 30))
        await app.start()
        await app.settle()
        return app
    }

    var position: (HeadlessApp) -> String { { String($0.lines.last?.prefix(4) ?? "") } }

    @Test func theMoveKeysPassOverRowsThatCannotBeSelected() async {
        let app = await start()
        #expect(position(app) == "2/8 ", "\(app.lines)")  // the first row is a heading: lemon
        await app.press(.down)
        #expect(position(app) == "3/8 ")
        await app.press(.down)  // over the note and the heading
        #expect(position(app) == "6/8 ", "\(app.lines)")
        await app.press(.down, .down)  // grape, then only a heading below: it stays
        #expect(position(app) == "7/8 ", "\(app.lines)")
        await app.press(.home)
        #expect(position(app) == "2/8 ")
        await app.press(.up)  // a heading above: it stays
        #expect(position(app) == "2/8 ")
        await app.press(.end)  // the last row is a heading: the one before it
        #expect(position(app) == "7/8 ")
        await app.press(.pageUp)
        #expect(position(app) == "2/8 ", "\(app.lines)")
    }

    @Test func aClickOnAHeadingSelectsNothing() async {
        let app = await start()
        #expect(app.lines[1] == "Citrus" && app.lines[2] == "lemon" && app.lines[6] == "(seasonal)", "\(app.lines)")
        await app.mouse(.press, row: 7)  // "Berries"
        #expect(position(app) == "2/8 ")
        await app.mouse(.press, row: 9)  // cherry's second line
        #expect(position(app) == "6/8 ", "\(app.lines)")
    }

    @Test func theFilterNeverShowsThem() async {
        let app = await start()
        await app.type("/e")  // "Berries", "The end" and "(seasonal)" have an e too
        #expect(app.lines.last?.contains("of 8") == true, "\(app.lines)")
        #expect(app.lines.last?.hasPrefix("1/4 of 8") == true, "\(app.lines)")
        #expect(!app.screen.contains("Berries") && !app.screen.contains("seasonal"))
    }
}
