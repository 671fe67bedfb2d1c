@_spi(Testing) import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A table whose rows stream in while it is shown, as `lister csv` reads its file.
struct StreamedTable: TableScreen {
    var title = "Streamed"
    let stream: ScriptedStream<[Record]>

    nonisolated func load() async throws -> [Record] { try await stream.load(progress: .ignored) }
    nonisolated func load(progress: LoadProgress<[Record]>) async throws -> [Record] { try await stream.load(progress: progress) }
    var columns: [TableColumn<Record>] { Record.nameAndSize }
}

/// A streamed table whose first rows were read before it opened, as `lister csv FILE`
/// reads its file's head: the first frame shows them, and the stream continues them.
struct HeadStartTable: TableScreen {
    var title = "Head start"
    let head: [Record]
    let stream: ScriptedStream<[Record]>

    var initialItems: [Record]? { head }
    var continuesInitialItems: Bool { true }
    nonisolated func load() async throws -> [Record] { try await stream.load(progress: .ignored) }
    nonisolated func load(progress: LoadProgress<[Record]>) async throws -> [Record] { try await stream.load(progress: progress) }
    var columns: [TableColumn<Record>] { Record.nameAndSize }
}

/// A paged table that cannot sort at its source (its loaded rows are sorted in memory),
/// 5 rows a page.
struct PagedInMemoryTable: PagedListScreen, TableScreen {
    typealias Item = Record
    var title = "Paged"
    let records: [Record]
    var prefetchDistance: Int? { 1 }

    nonisolated var pages: PaginatedRepository<Record, Int> {
        let rows = records
        return PaginatedRepository(first: 0) { offset in
            let end = min(rows.count, offset + 5)
            return Page(Array(rows[offset..<end]), next: end < rows.count ? end : nil)
        }
    }
    var columns: [TableColumn<Record>] { Record.nameAndSize }
}

/// Rows that arrive while a table is sorted in memory (a stream's reports and its end, a
/// page), in every order against the sort's request and its result: the selection stays
/// on its item and the rows show in the order asked (issue 22; the CI failure of
/// CSVEndToEndTests.sortByKeyAndByClickThenFilter after eee0250).
@MainActor
@Suite struct TableSortArrivalTests {
    /// The file of CSVEndToEndTests.sortByKeyAndByClickThenFilter, in load order.
    static let small = [
        Record(id: 0, name: "beta", size: 20), Record(id: 1, name: "alpha", size: 3),
        Record(id: 2, name: "gamma", size: 100), Record(id: 3, name: "delta", size: 7),
    ]

    /// The text of the selected row (where the list puts the cursor).
    /// The first word of the rows shown, top to bottom.
    func names(_ app: HeadlessApp, _ rows: ClosedRange<Int> = 2...5) -> [String] {
        app.lines[rows].map { String($0.split(separator: " ").first ?? "") }
    }

    func start(_ stream: ScriptedStream<[Record]>, rows: Int = 12) async -> HeadlessApp {
        let app = HeadlessApp(root: StreamedTable(stream: stream), size: Size(rows: rows, columns: 40))
        await app.start()
        return app
    }

    /// A table whose stream has reported `small` and stays open.
    func startReportingSmall() async -> (ScriptedStream<[Record]>, HeadlessApp) {
        let stream = ScriptedStream<[Record]>()
        let app = await start(stream)
        stream.send(Self.small)
        await app.settle()
        return (stream, app)
    }

    /// The CI failure's order: the rows came in a report, `s` sorted them, and the stream's
    /// end came after. The end's rows are in load order; the selection must not stay on the
    /// row at its place (alpha), but on beta.
    @Test func aStreamsEndAfterASortKeepsTheSelectionOnItsItem() async {
        let (stream, app) = await startReportingSmall()
        #expect(app.lines.last?.hasPrefix("1/4+") == true, "\(app.lines)")
        await app.press(.character("s"))  // by name: beta goes second
        #expect(names(app) == ["alpha", "beta", "delta", "gamma"])
        #expect(app.selectedLine.hasPrefix("beta"))
        stream.finish(Self.small)
        await app.settle()
        #expect(app.lines.last?.hasPrefix("2/4 ") == true, "\(app.lines)")
        #expect(names(app) == ["alpha", "beta", "delta", "gamma"])
        #expect(app.selectedLine.hasPrefix("beta"))
        // The rest of the end-to-end test: by size both ways, then the filter.
        let sizeColumn = app.lines[1].distance(of: "Size")
        await app.mouse(.press, row: 1, column: sizeColumn)
        #expect(names(app) == ["alpha", "delta", "beta", "gamma"])
        await app.mouse(.press, row: 1, column: sizeColumn)
        #expect(names(app) == ["gamma", "beta", "delta", "alpha"])
        #expect(app.selectedLine.hasPrefix("beta"))
        await app.press(.character("/"))
        await app.type("ta")
        #expect(app.lines.last?.hasPrefix("1/2 of 4") == true, "\(app.lines)")
        await app.press(.enter)  // the filter kept, the cursor back on the rows
        #expect(app.selectedLine.hasPrefix("beta"))
        await app.press(.escape)
        #expect(names(app) == ["gamma", "beta", "delta", "alpha"])
        #expect(app.lines.last?.hasPrefix("2/4") == true, "\(app.lines)")
    }

    /// `lister csv FILE`'s path: the file's head is shown in the first frame and its load
    /// (started after that frame since eee0250) ends after `s`.
    @Test func aHeadStartsEndAfterASortKeepsTheSelectionOnItsItem() async {
        let stream = ScriptedStream<[Record]>()
        let app = HeadlessApp(root: HeadStartTable(head: Self.small, stream: stream), size: Size(rows: 12, columns: 40))
        await app.start()
        #expect(app.lines.last?.hasPrefix("1/4+") == true, "\(app.lines)")
        await app.press(.character("s"))
        #expect(app.selectedLine.hasPrefix("beta"))
        stream.finish(Self.small)
        await app.settle()
        #expect(app.lines.last?.hasPrefix("2/4 ") == true, "\(app.lines)")
        #expect(names(app) == ["alpha", "beta", "delta", "gamma"])
        #expect(app.selectedLine.hasPrefix("beta"))
    }

    /// The end comes after the clicks instead: the selection was third (size ascending).
    @Test func aStreamsEndAfterTwoClicksKeepsTheSelectionOnItsItem() async {
        let (stream, app) = await startReportingSmall()
        await app.press(.character("s"))
        let sizeColumn = app.lines[1].distance(of: "Size")  // where the sorted header has it
        await app.mouse(.press, row: 1, column: sizeColumn)  // alpha delta beta gamma
        #expect(app.selectedLine.hasPrefix("beta"))
        stream.finish(Self.small)
        await app.settle()
        #expect(names(app) == ["alpha", "delta", "beta", "gamma"])
        #expect(app.selectedLine.hasPrefix("beta"))
        await app.mouse(.press, row: 1, column: sizeColumn)
        #expect(names(app) == ["gamma", "beta", "delta", "alpha"])
        #expect(app.selectedLine.hasPrefix("beta"))
    }

    /// The end comes while the filter is open on the sorted rows.
    @Test func aStreamsEndWhileFilteringASortedTableKeepsTheSelection() async {
        let (stream, app) = await startReportingSmall()
        await app.press(.character("S"))  // by name, descending: gamma delta beta alpha
        await app.press(.character("/"))
        await app.type("ta")  // delta beta; beta (selected) stays
        await app.press(.enter)  // the filter kept, the cursor back on the rows
        #expect(app.selectedLine.hasPrefix("beta"))
        #expect(app.lines.last?.hasPrefix("2/2 of 4+") == true, "\(app.lines)")
        stream.finish(Self.small)
        await app.settle()
        #expect(app.lines.last?.hasPrefix("2/2 of 4 ") == true, "\(app.lines)")
        #expect(names(app, 2...3) == ["delta", "beta"])
        #expect(app.selectedLine.hasPrefix("beta"))
    }

    /// A report with new rows after the sort: the sorted rows keep their order, the new ones
    /// follow; at the end everything is sorted, and the selection never left its item.
    @Test func reportsAfterASortFollowTheSortedRowsAndTheEndSortsThemAll() async {
        let stream = ScriptedStream<[Record]>()
        let app = await start(stream)
        stream.send(Array(Self.small.prefix(2)))  // beta alpha
        await app.settle()
        await app.press(.character("s"))  // alpha beta; beta (selected) goes second
        stream.send(Array(Self.small.prefix(3)))
        await app.settle()
        #expect(names(app, 2...4) == ["alpha", "beta", "gamma"])
        #expect(app.selectedLine.hasPrefix("beta"))
        stream.finish(Self.small + [Record(id: 4, name: "aardvark", size: 1)])
        await app.settle()
        #expect(names(app, 2...6) == ["aardvark", "alpha", "beta", "delta", "gamma"])
        #expect(app.selectedLine.hasPrefix("beta"))
        await app.press(.character("s"), .character("s"))  // past the last column: the load's order
        #expect(names(app, 2...6) == ["beta", "alpha", "gamma", "delta", "aardvark"])
        #expect(app.selectedLine.hasPrefix("beta"))
    }

    /// A page appended to a paged table sorted in memory: its rows come in load order, and
    /// the selection stays on its item.
    @Test func aPageAfterASortInMemoryKeepsTheSelectionOnItsItem() async {
        // Names that sort against the load order: nz, ny, nx, …, nq.
        let records = (0..<10).map { Record(id: $0, name: "n" + String(UnicodeScalar(UInt8(122 - $0))), size: $0) }
        let app = HeadlessApp(root: PagedInMemoryTable(records: records), size: Size(rows: 16, columns: 40))
        await app.start()
        #expect(app.lines.last?.hasPrefix("1/5") == true, "\(app.lines)")
        #expect(app.selectedLine.hasPrefix("nz"))
        // nv nw nx ny nz: the selection (nz) goes last, near the end, so page 2 loads.
        await app.press(.character("s"))
        #expect(app.lines.last?.hasPrefix("10/10") == true, "\(app.lines)")
        #expect(names(app, 2...11) == ["nq", "nr", "ns", "nt", "nu", "nv", "nw", "nx", "ny", "nz"])
        #expect(app.selectedLine.hasPrefix("nz"))
    }

    // MARK: - Sorts off the main actor, their result held back

    /// Rows named so that sorting by name reverses the load order.
    static func many(_ count: Int) -> [Record] {
        (0..<count).map { Record(id: $0, name: "row " + sixDigits(count - $0), size: $0) }
    }

    /// Applies the events that come until `done` holds (the stream's, while the test holds
    /// the sort's result back).
    /// A regression that never meets the condition fails after this many, instead of
    /// looping for ever.
    static let eventLimit = 1_000

    func deliver(_ app: HeadlessApp, until done: () -> Bool) async {
        for _ in 0..<Self.eventLimit {
            guard !done(), let event = await app.runtime.nextEvent() else { return }
            app.runtime.process(event)
        }
        Issue.record("not met after \(Self.eventLimit) events: \(app.lines)")
    }

    /// The next load's result, not applied: the sort's, while the stream waits for the test
    /// (other events, such as the wake of a parked load, are applied). Nil, with an issue,
    /// when no sort runs off the main actor (its result would never come).
    func holdSortResult(_ app: HeadlessApp) async -> Runtime.Event? {
        guard app.lines.last?.contains("sorting…") == true else {
            Issue.record("no sort in progress: \(app.lines)")
            return nil
        }
        for _ in 0..<Self.eventLimit {
            guard let event = await app.runtime.nextEvent() else { return nil }
            if case .loadFinished = event { return event }
            app.runtime.process(event)
        }
        Issue.record("no sort result after \(Self.eventLimit) events")
        return nil
    }

    /// 60,000 of 60,010 rows reported, row 060008 selected, `s` pressed (sorted off the main
    /// actor) and its result held back while the stream reports 60,005: the start of the
    /// two tests below, which end the stream and deliver the result in either order.
    func startSortingWhileMoreRowsCome() async -> (ScriptedStream<[Record]>, HeadlessApp, [Record], Runtime.Event?) {
        let stream = ScriptedStream<[Record]>()
        let app = await start(stream)
        let all = Self.many(60_010)
        stream.send(Array(all.prefix(60_000)))
        await app.settle()
        await app.press(.down, .down)  // row 060008
        #expect(app.selectedLine.hasPrefix("row 060008"))
        app.runtime.process(.terminal(.key(.character("s"))))  // off the main actor
        let sortResult = await holdSortResult(app)  // fails the test when no sort is in progress
        stream.send(Array(all.prefix(60_005)))
        await deliver(app) { app.lines.last?.contains("/60005+") == true }
        return (stream, app, all, sortResult)
    }

    /// `s` on a big table (sorted off the main actor); the stream reports more rows and ends
    /// before the sort's result comes; the result (now stale) comes last.
    @Test func aStreamsReportAndEndBetweenASortsRequestAndResultKeepTheSelection() async {
        let (stream, app, all, sortResult) = await startSortingWhileMoreRowsCome()
        #expect(app.selectedLine.hasPrefix("row 060008"))
        stream.finish(all)
        await deliver(app) { app.lines.last?.contains("/60010 ") == true }
        #expect(app.selectedLine.hasPrefix("row 060008"))
        if let sortResult { app.runtime.process(sortResult) }
        await app.settle()
        #expect(!app.screen.contains("sorting"))
        #expect(app.selectedLine.hasPrefix("row 060008"))
        #expect(app.lines.last?.hasPrefix("60008/60010 ") == true, "\(app.lines)")
        await app.press(.home)
        #expect(app.lines[2].hasPrefix("row 000001"))
    }

    /// As above, but the sort's result comes between the report and the end.
    @Test func aSortsResultBetweenAStreamsReportAndEndKeepsTheSelection() async {
        let (stream, app, all, sortResult) = await startSortingWhileMoreRowsCome()
        if let sortResult { app.runtime.process(sortResult) }
        #expect(!app.screen.contains("sorting"))
        #expect(app.selectedLine.hasPrefix("row 060008"))
        // The 60,000 rows sorted (row 000011 … row 060010), then the 5 new ones.
        #expect(app.lines.last?.hasPrefix("59998/60005+") == true, "\(app.lines)")
        stream.finish(all)
        await app.settle()
        #expect(app.selectedLine.hasPrefix("row 060008"))
        #expect(app.lines.last?.hasPrefix("60008/60010 ") == true, "\(app.lines)")
        await app.press(.home)
        #expect(app.lines[2].hasPrefix("row 000001"))
    }
}
