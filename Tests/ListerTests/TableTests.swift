@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Tables (issue 20): column widths, the pinned header, sideways scroll by column, sorting.
@MainActor
@Suite struct TableTests {
    static let planets = [
        Record(id: 0, name: "Mercury", size: 2440), Record(id: 1, name: "Venus", size: 6052),
        Record(id: 2, name: "Earth", size: 6371), Record(id: 3, name: "Mars", size: 3390),
        Record(id: 4, name: "Jupiter", size: 69911),
    ]

    func start(_ screen: some Screen, rows: Int = 12, columns: Int = 40) async -> HeadlessApp {
        let app = HeadlessApp(root: screen, size: Size(rows: rows, columns: columns))
        await app.start()
        await app.settle()
        return app
    }

    /// The text of the selected row (where the list puts the cursor).
    @Test func headerLineNamesTheColumnsAboveAlignedCells() async {
        let app = await start(RecordTable(records: Self.planets))
        #expect(app.lines[1] == "Name      Size  Note")
        #expect(app.lines[2] == "Mercury   2440")
        #expect(app.lines[6] == "Jupiter  69911")  // numbers sit right, under their title's end
    }

    /// A column of numbers draws its NULLs (here as `-`) right-aligned like the numbers,
    /// even when the first row in view is the NULL.
    @Test func nullsInANumericColumnSitRightLikeTheNumbers() async {
        let records = [Record(id: 0, name: "a", size: 0, mixed: .null), Record(id: 1, name: "b", size: 0, mixed: .integer(12345)),
                       Record(id: 2, name: "c", size: 0, mixed: .null)]
        let app = await start(NullsTable(records: records))
        #expect(app.lines[1] == "Name  Amount")
        #expect(app.lines[2] == "a          -")
        #expect(app.lines[3] == "b      12345")
        #expect(app.lines[4] == "c          -")
    }

    @Test func widthsCountWideAndCombiningCharactersByTheColumnsTheyTake() async {
        let records = [
            Record(id: 0, name: "日本語の名前", size: 1),  // 12 columns wide, 6 characters
            Record(id: 1, name: "cafe\u{301}", size: 22),  // 4 columns, 5 scalars
            Record(id: 2, name: "abc", size: 333),
        ]
        let app = await start(RecordTable(records: records))
        // Every row ends where the header's Size title ends: the cells line up on screen.
        let ends = app.lines[1...4].map { DisplayWidth.of($0.replacingOccurrences(of: "  Note", with: "")) }
        #expect(ends == [18, 18, 18, 18])
        #expect(app.lines[2].hasPrefix("日本語の名前  "))
        #expect(app.lines[3].hasPrefix("cafe\u{301}            22"))
    }

    @Test func widthsCountControlCharactersAsTheyAreShown() async {
        let records = [Record(id: 0, name: "a\u{1B}b", size: 1), Record(id: 1, name: "abcd", size: 22)]
        let app = await start(RecordTable(records: records))
        #expect(app.lines[2] == "a^[b     1")  // ESC drawn as ^[: two columns, counted as two
        #expect(app.lines[3] == "abcd    22")
    }

    @Test func aHugeColumnIsCutWithAnEllipsisAndTheOthersStayInView() async {
        let huge = String(repeating: "x", count: 5000)
        let records = [Record(id: 0, name: "a", size: 1, note: huge), Record(id: 1, name: "b", size: 2, note: "short")]
        let screen = RecordTable(records: records, withMixed: true)
        let app = await start(screen, columns: 40)
        #expect(app.lines[1].hasSuffix("Mixed"))  // the column after the huge one is on screen
        #expect(app.lines[2].hasSuffix("…"))
        #expect(app.lines[2].hasPrefix("a        1  xxx"))
        #expect(DisplayWidth.of(app.lines[2]) <= 40 - "  Mixed".count)
    }

    @Test func wideTextIsCutAtItsCellsWidthNotMidCharacter() async {
        let records = [Record(id: 0, name: String(repeating: "語", count: 30), size: 5, note: "n")]
        let app = await start(RecordTable(records: records, frozen: 0), columns: 30)
        // 30 columns: the name is cut to leave Size and Note in view, ending in `…`.
        let line = app.lines[2]
        #expect(line.hasSuffix("5  n"))
        #expect(line.contains("…"))
        #expect(DisplayWidth.of(line) <= 30)
    }

    @Test func theHeaderStaysPinnedWhileTheRowsScroll() async {
        let records = (0..<100).map { Record(id: $0, name: "item \($0)", size: $0) }
        let app = await start(RecordTable(records: records), rows: 10)
        await app.press(.pageDown, .pageDown, .down)
        #expect(app.lines[1].hasPrefix("Name"))
        #expect(!app.lines.contains { $0.hasPrefix("item 0 ") })
        #expect(app.selectedLine.hasPrefix("item 13"))
        #expect(app.lines[1...].filter { $0.hasPrefix("item") }.count == 7)  // 10 - title, header, status
    }

    @Test func widthsOnlyGrowWhileScrollingSoColumnsStayPut() async {
        let records = [Record(id: 0, name: "a rather long name", size: 0)] + (1..<100).map { Record(id: $0, name: "n\($0)", size: $0) }
        let app = await start(RecordTable(records: records), rows: 10)
        let sizeAt = app.lines[1].distance(of: "Size")
        #expect(sizeAt == "a rather long name  ".count)
        await app.press(.pageDown, .pageDown, .pageDown)  // the long name is out of view
        #expect(!app.screen.contains("a rather long name"))
        #expect(app.lines[1].distance(of: "Size") == sizeAt)
        await app.press(.character("s"))  // new rows (sorted): widths from the rows in view again
        #expect(app.lines[1].distance(of: "Size") < sizeAt)
    }

    @Test func sidewaysKeysScrollByColumnKeepingTheFrozenOne() async {
        let records = [Record(id: 0, name: "alpha", size: 12345, note: "a fairly long note here", mixed: .text("tail"))]
        let app = await start(RecordTable(records: records, withMixed: true), columns: 24)
        #expect(app.lines[1] == "Name    Size  Note")
        #expect(app.lines[2] == "alpha  12345  a fairly …")  // the long note cut at the edge
        await app.press(.character(">"))
        #expect(app.lines[1] == "Name   Note")
        #expect(app.lines[2] == "alpha  a fairly long n…")
        await app.press(.right)  // Right scrolls too, while columns are out of view
        #expect(app.lines[1] == "Name   Mixed")
        await app.press(.character(">"))  // nothing further: the last column is in view
        #expect(app.lines[1] == "Name   Mixed")
        await app.press(.left, .character("<"))
        #expect(app.lines[1] == "Name    Size  Note")
        await app.press(.left)  // nothing scrolled out, nothing to go back to: nothing happens
        #expect(app.lines[1] == "Name    Size  Note")
    }

    @Test func sortingKeepsTheSelectionOnTheSameItem() async {
        let app = await start(RecordTable(records: Self.planets))
        await app.press(.down, .down)  // Earth
        #expect(app.selectedLine.hasPrefix("Earth"))
        await app.press(.character("s"))  // by name
        #expect(app.lines[1].hasPrefix("Name ▲"))
        #expect(Array(app.lines[2...6].map { String($0.prefix(7)) }) == ["Earth  ", "Jupiter", "Mars   ", "Mercury", "Venus  "])
        #expect(app.selectedLine.hasPrefix("Earth"))
        #expect(app.lines.last?.hasPrefix("1/5") == true)
        await app.press(.character("s"))  // by size
        #expect(app.lines[1].contains("Size ▲"))
        #expect(app.selectedLine.hasPrefix("Earth"))
        await app.press(.character("S"))  // by size, descending
        #expect(app.lines[1].contains("Size ▼"))
        #expect(app.lines[2].hasPrefix("Jupiter"))
        #expect(app.selectedLine.hasPrefix("Earth"))
        await app.press(.character("s"), .character("s"))  // past the last sortable column: the load's order
        #expect(!app.lines[1].contains("▲") && !app.lines[1].contains("▼"))
        #expect(app.lines[2].hasPrefix("Mercury"))
        #expect(app.selectedLine.hasPrefix("Earth"))
    }

    @Test func clickingATitleSortsByItsColumnThenTheOtherWay() async {
        let app = await start(RecordTable(records: Self.planets))
        let sizeColumn = app.lines[1].distance(of: "Size")
        await app.mouse(.press, row: 1, column: sizeColumn)
        #expect(app.lines[1].contains("Size ▲"))
        #expect(app.lines[2].hasPrefix("Mercury"))
        await app.mouse(.press, row: 1, column: app.lines[1].distance(of: "Size"))
        #expect(app.lines[1].contains("Size ▼"))
        #expect(app.lines[2].hasPrefix("Jupiter"))
    }

    @Test func aSortedTableStillFiltersAndTheMatchesKeepTheOrder() async {
        let app = await start(RecordTable(records: Self.planets))
        await app.press(.character("S"))  // by name, descending
        await app.press(.character("/"))
        await app.type("r")
        #expect(Array(app.lines[2...5].map { String($0.prefix(7)) }) == ["Mercury", "Mars   ", "Jupiter", "Earth  "])
    }

    /// 200,000 rows sort off the main actor; `S` right after `s` cancels the first sort,
    /// and no frame ever shows the order the first one was making.
    @Test func aSortCancelledByANewOneNeverShowsItsOrder() async {
        let count = 200_000
        let records = (0..<count).map { Record(id: $0, name: "row " + sixDigits(count - $0), size: $0) }
        let app = await start(RecordTable(records: records))
        #expect(app.lines[2].hasPrefix("row 200000"))
        app.runtime.process(.terminal(.key(.character("s"))))  // by name, ascending: off the main actor
        #expect(app.lines.last?.contains("sorting…") == true)
        #expect(app.lines[2].hasPrefix("row 200000"))  // the rows stay as they were meanwhile
        app.runtime.process(.terminal(.key(.character("S"))))  // descending: the first sort is dropped
        #expect(app.lines[1].hasPrefix("Name ▼"))
        var frames = [app.lines]
        while app.runtime.pendingLoads.inFlight > 0, let event = await app.runtime.nextEvent() {
            app.runtime.process(event)
            frames.append(app.lines)
        }
        // Every frame shows rows in descending order (the load's order was descending too).
        for frame in frames {
            let names = frame.filter { $0.hasPrefix("row ") }.map { $0.prefix(10) }
            #expect(names.count == 9 && names == names.sorted(by: >))
        }
        #expect(app.lines[2].hasPrefix("row 200000") && app.lines[3].hasPrefix("row 199999"))
        #expect(app.lines.last?.contains("sorting") == false)
        await app.press(.character("S"))  // ascending: the selected row 200000 goes last, and the list with it
        #expect(app.selectedLine.hasPrefix("row 200000"))
        #expect(app.lines.last?.hasPrefix("200000/200000") == true)
        await app.press(.home)
        #expect(app.lines[2].hasPrefix("row 000001"))
    }

    @Test func mixedTypesSortNumbersFirstThenTextsThenEmptyLast() throws {
        let values: [TableValue] = [.text("b"), .integer(10), .null, .number(2.5), .text(""), .text("A"), .integer(-1), .text("a")]
        let ascending = try TableSorting.permutation(count: values.count, ascending: true) { values[$0] }
        let expectedAscending: [TableValue] = [.integer(-1), .number(2.5), .integer(10), .text("A"), .text("a"), .text("b"), .null, .text("")]
        #expect(ascending.map { values[Int($0)] } == expectedAscending)
        let descending = try TableSorting.permutation(count: values.count, ascending: false) { values[$0] }
        let expectedDescending: [TableValue] = [.text("b"), .text("a"), .text("A"), .integer(10), .number(2.5), .integer(-1), .null, .text("")]
        #expect(descending.map { values[Int($0)] } == expectedDescending)
    }

    @Test func textsSortByTheirBytesWithAsciiCaseFoldedAndLongCommonPrefixes() throws {
        let values = ["prefix-0000000b", "Prefix-0000000a", "prefix-0000000a", "é", "z", "prefix-"].map(TableValue.text)
        let order = try TableSorting.permutation(count: values.count, ascending: true) { values[$0] }
        #expect(order.map { values[Int($0)] } == ["prefix-", "Prefix-0000000a", "prefix-0000000a", "prefix-0000000b", "z", "é"].map(TableValue.text))
    }

    /// Texts are compared by their first 16 bytes as two integers, then whole: the order
    /// must be that of the bytes (ASCII case folded, then exact, then position) whatever
    /// the length of what they share, in both directions.
    @Test func textsThatShareLongPrefixesSortAsTheirBytes() throws {
        var random = SplitMix64(seed: 20)
        let alphabet = Array("aAb-0é")
        let values: [TableValue] = (0..<400).map { _ in
            let shared = String(repeating: "Name0000", count: Int(random.next() % 3))
            let tail = (0..<Int(random.next() % 20)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            return .text(shared + String(tail))
        }.filter { $0 != .text("") }
        func text(_ value: TableValue) -> [UInt8] { if case .text(let t) = value { Array(t.utf8) } else { [] } }
        func fold(_ bytes: [UInt8]) -> [UInt8] { bytes.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 } }
        for ascending in [true, false] {
            let order = try TableSorting.permutation(count: values.count, ascending: ascending) { values[$0] }
            let expected = values.indices.sorted { a, b in
                let (x, y) = (text(values[a]), text(values[b]))
                if fold(x) != fold(y) { return ascending ? fold(x).lexicographicallyPrecedes(fold(y)) : fold(y).lexicographicallyPrecedes(fold(x)) }
                if x != y { return ascending ? x.lexicographicallyPrecedes(y) : y.lexicographicallyPrecedes(x) }
                return a < b
            }
            #expect(order.map(Int.init) == expected, "ascending: \(ascending)")
        }
    }

    @Test func aSourceThatSortsIsAskedAgainInTheNewOrder() async {
        let log = LoadLog()
        let app = await start(SourceSortedTable(records: Self.planets, asked: log))
        await app.press(.down)  // Venus
        await app.press(.character("s"), .character("s"))  // by size, at the source
        #expect(log.all == ["none", "0+", "1+"])
        #expect(app.lines[1].contains("Size ▲"))
        #expect(app.lines[2].hasPrefix("Mercury"))
        #expect(app.selectedLine.hasPrefix("Venus"))
        #expect(!(app.lines.last ?? "").contains("loaded rows only"))
    }

    /// A sort at a paged source keeps the selection on its item when, in the new order,
    /// the item is far past the first page: the source is told which item to reach.
    @Test func aPagedSourceSortKeepsTheSelectionPastTheFirstPage() async {
        // In load order (by size) row 3 is "name 26"; by name, descending, it comes 26th.
        let records = (0..<30).map { Record(id: $0, name: "name " + String(($0 * 7) % 30 + 10), size: $0) }
        let app = await start(PagedSortedTable(records: records), rows: 12)
        await app.press(.down, .down, .down)
        #expect(app.selectedLine.hasPrefix("name 31"))
        await app.press(.character("S"))  // by name, descending
        #expect(app.lines[1].hasPrefix("Name ▼"))
        #expect(app.selectedLine.hasPrefix("name 31"))
        #expect(app.lines.last?.hasPrefix("9/") == true)
        await app.press(.character("s"))  // by size, ascending: back near the top
        #expect(app.selectedLine.hasPrefix("name 31"))
        #expect(app.lines.last?.hasPrefix("4/") == true)
        await app.press(.end, .end, .end, .end, .end, .end)  // the last row, every page loaded
        await app.press(.character("S"))  // by size, descending: the last row is now first
        #expect(app.lines[2].hasPrefix("name 33") && app.selectedLine.hasPrefix("name 33"))
        await app.press(.character("S"))  // ascending again: the row is 30th of 30
        #expect(app.selectedLine.hasPrefix("name 33"))
        #expect(app.lines.last?.hasPrefix("30/30") == true)
    }
}

/// `n` in six digits: `000042`.
func sixDigits(_ n: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: Swift.max(0, 6 - digits.count)) + digits
}

extension String {
    /// The display column where `part` begins (0 when absent).
    func distance(of part: String) -> Int {
        guard let range = range(of: part) else { return 0 }
        return DisplayWidth.of(String(self[..<range.lowerBound]))
    }
}

/// A table whose numbers may be NULL, drawn as `-`.
struct NullsTable: TableScreen {
    var title = "Nulls"
    let records: [Record]
    nonisolated func load() async throws -> [Record] { records }
    var columns: [TableColumn<Record>] {
        [TableColumn("Name") { $0.name },
         TableColumn("Amount") { $0.mixed }.text { $0.mixed == .null ? Text("-") : Text($0.mixed.displayText) }]
    }
}
