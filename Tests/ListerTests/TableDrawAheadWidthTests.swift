@testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A frame drawn ahead of a key (the frame Up or Down would give) may never be shown: it
/// must not widen the columns of the frames that are (issue 33). The differential test
/// found the real terminal and `HeadlessApp` showing a column at different widths after a
/// sort: the width depended on which frames each had drawn ahead.
@MainActor
@Suite struct TableDrawAheadWidthTests {
    struct City: Identifiable, Sendable {
        let id: Int
        let city: String
    }

    /// Ids 0-49 in "B", then ids 100000-100049 in "A": sorted by city, the row selected
    /// (id 0) comes first among the B rows, just after an id of six digits; sorted by id
    /// descending before, it was last, so the view comes up to it and shows it at its top.
    struct Cities: TableScreen {
        let title = "Cities"
        nonisolated func load() async throws -> [City] {
            (0..<50).map { City(id: $0, city: "B") } + (0..<50).map { City(id: 100_000 + $0, city: "A") }
        }
        var columns: [TableColumn<City>] {
            [TableColumn("id") { $0.id }, TableColumn("city") { $0.city }]
        }
    }

    @Test func aFrameDrawnAheadDoesNotWidenTheColumnsShown() async {
        let app = HeadlessApp(root: Cities(), size: Size(rows: 12, columns: 40))
        await app.start()
        await app.settle()
        await app.press(.character("S"))  // by id, descending: id 0 (selected) last, in view
        await app.press(.character("s"))  // by city: A rows, then B rows from id 0, at the top
        await app.settle()
        // Once the list waits for keys, the frames Up and Down would give are drawn ahead.
        await app.advance(by: .seconds(1))
        let rows = app.lines.dropFirst(2).dropLast().filter { !$0.isEmpty }
        #expect(app.lines[1].hasPrefix("id  city ▲"), "\(app.lines)")
        // The rows in view are those of B; the id column is as wide as their ids: the
        // six-digit id of the row above the view (in the frame Up would give) is not shown.
        #expect(rows.allSatisfy { $0.hasSuffix("B") }, "\(app.lines)")
        #expect(rows.first?.hasPrefix(" 0  B") == true, "\(app.lines)")
    }
}
