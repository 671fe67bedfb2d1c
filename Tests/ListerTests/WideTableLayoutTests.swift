@testable import Lister
import ListerTestSupport
import Synchronization
import TerminalCore
import Testing

/// A table whose columns cannot all fit even at no width measures only the columns it
/// places (issue 33): the first frame of 10,000 columns must not cost every cell in view.
@MainActor
@Suite struct WideTableLayoutTests {
    struct WideRow: Identifiable, Sendable {
        let id: Int
        let values: [String]
    }

    /// Two rows of `count` columns; each cell's text is counted as it is made.
    struct WideTable: TableScreen {
        let title = "Wide"
        let count: Int
        let made: Counter

        nonisolated func load() async throws -> [WideRow] {
            (0..<2).map { row in WideRow(id: row, values: (0..<count).map { "r\(row)c\($0)" }) }
        }

        var columns: [TableColumn<WideRow>] {
            let made = self.made
            return (0..<count).map { column in
                TableColumn("c\(column)") { $0.values[column] }.text { row in
                    made.add(column)
                    return Text(row.values[column])
                }
            }
        }
    }

    /// Counts the cells made, and keeps the last column one was made of.
    final class Counter: Sendable {
        private let value = Mutex((count: 0, lastColumn: -1))
        func add(_ column: Int) { value.withLock { $0.count += 1; $0.lastColumn = max($0.lastColumn, column) } }
        var count: Int { value.withLock { $0.count } }
        var lastColumn: Int { value.withLock { $0.lastColumn } }
    }

    @Test func theFirstFrameOf10000ColumnsMakesTheCellsOfTheColumnsItPlaces() async {
        let made = Counter()
        let app = HeadlessApp(root: WideTable(count: 10_000, made: made), size: Size(rows: 10, columns: 80))
        await app.start()
        await app.settle()
        #expect(app.lines[1].hasPrefix("c0"), "\(app.lines)")
        #expect(app.lines[2].hasPrefix("r0c0"), "\(app.lines)")
        // A few columns fit in 80: their cells are measured and drawn, a few dozen at most
        // (measuring every cell in view made 20,000).
        #expect(made.count < 200, "\(made.count) cells made")
        // The columns at the end (which say how far the table scrolls) are not measured
        // while the view is far from them.
        #expect(made.lastColumn < 100, "a cell of column \(made.lastColumn) made")
        let before = made.count
        #expect(app.lines[1].hasPrefix("c0    c1    c2"), "\(app.lines)")
        await app.press(.character(">"))  // a column to the right (c0 stays: it is frozen)
        #expect(app.lines[1].hasPrefix("c0    c2    c3"), "\(app.lines)")
        #expect(made.count - before < 100, "\(made.count - before) cells made by a key")
    }

    /// The first frame and a key read the facts (title, width rule, alignment) of the
    /// columns they place and of the few at the end that say how far the table scrolls: as
    /// many for 30,000 columns as for 1,000, give or take the width of the last titles
    /// (reading every column's made the first frame grow with the columns off screen).
    @Test func theFirstFrameAndAKeyReadAsManyColumnsOf30000AsOf1000() async throws {
        var read: [Int] = []
        var afterKey: [Int] = []
        for count in [1_000, 30_000] {
            let app = HeadlessApp(root: WideTable(count: count, made: Counter()), size: Size(rows: 10, columns: 80))
            await app.start()
            await app.settle()
            #expect(app.lines[1].hasPrefix("c0    c1    c2"), "\(app.lines)")
            let cache = try #require((app.runtime.stack.last as? ListHost<WideTable>)?.table.cache)
            read.append(cache.columnsRead)
            await app.press(.character(">"))
            #expect(app.lines[1].hasPrefix("c0    c2    c3"), "\(app.lines)")
            afterKey.append(cache.columnsRead - read.last!)
        }
        #expect(read.allSatisfy { $0 < 100 }, "columns read by the first frame: \(read)")
        #expect(afterKey.allSatisfy { $0 < 100 }, "columns read by a key: \(afterKey)")
    }

    /// `>` scrolls a wide table to its last column and stops there, though its first frames
    /// do not measure the columns at the end.
    @Test func scrollingRightReachesTheLastColumnAndStops() async throws {
        let app = HeadlessApp(root: WideTable(count: 200, made: Counter()), size: Size(rows: 10, columns: 80))
        await app.start()
        await app.settle()
        var header = app.lines[1]
        for _ in 0..<250 {
            await app.press(.character(">"))
            if app.lines[1] == header { break }
            header = app.lines[1]
        }
        #expect(header.hasPrefix("c0 "), "\(header)")
        #expect(header.hasSuffix("c199"), "\(header)")
        // The table is scrolled as far as the whole layout says.
        let cache = try #require((app.runtime.stack.last as? ListHost<WideTable>)?.table.cache)
        let last = try #require(cache.lastLayout)
        #expect(last.firstScrolled == last.maxFirstScrolled)
        let whole = TableLayout.make(natural: (0..<200).map { max(DisplayWidth.of("c\($0)"), DisplayWidth.of("r1c\($0)")) },
                                     rules: WideTable(count: 200, made: Counter()).columns.map(\.width), titles: (0..<200).map { DisplayWidth.of("c\($0)") },
                                     width: 80, frozen: 1, firstScrolled: 10_000)
        #expect(last.placed == whole.placed, "\(last.placed) \(whole.placed)")
    }

    /// The cut layout is the whole layout's, for random tables whose gaps pass the width
    /// (but for how far it scrolls when the view is far from the end).
    @Test func theCutLayoutIsTheWholeLayout() {
        var random = SplitMix64(seed: 33)
        for _ in 0..<300 {
            let width = Int(random.next() % 120) + 1
            let count = width / TableLayout.gap + 2 + Int(random.next() % 40)
            #expect(TableLayout.gapsPass(width, count: count))
            let natural = (0..<count).map { _ in Int(random.next() % 40) }
            let titles = (0..<count).map { min(natural[$0], Int(random.next() % 20)) }
            let rules: [ColumnWidth] = (0..<count).map { _ in
                switch random.next() % 4 {
                case 0: .fixed(Int(random.next() % 12) + 1)
                case 1: .fit(max: Int(random.next() % 30) + 1)
                case 2: .flexible(Int(random.next() % 3) + 1)
                default: .fit
                }
            }
            let frozen = Int(random.next() % 3)
            let first = Int(random.next() % UInt64(count))
            let whole = TableLayout.make(natural: natural, rules: rules, titles: titles, width: width, frozen: frozen, firstScrolled: first)
            let cut = TableLayout.makeCut(count: count, floor: {
                TableLayout.floorWidth(natural: natural[$0], rule: rules[$0].rule, title: titles[$0])
            }, width: width, frozen: frozen, firstScrolled: first)
            #expect(cut.placed == whole.placed && cut.firstScrolled == whole.firstScrolled, "width \(width), \(count) columns")
            // Far from the end, the cut layout's last first column is a bound below the
            // exact one, which the view is before: a key (one column) is never stopped short.
            #expect(cut.maxFirstScrolled == whole.maxFirstScrolled
                    || (cut.maxFirstScrolled < whole.maxFirstScrolled && cut.firstScrolled < cut.maxFirstScrolled),
                    "width \(width), \(count) columns: \(cut.maxFirstScrolled), \(whole.maxFirstScrolled)")
        }
    }
}
