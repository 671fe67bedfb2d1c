@_spi(Testing) import Lister
@testable import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// The first frame of a CSV file of many columns waits for no load and reads the titles it
/// draws only (issue 33): the header of 10,000 columns is longer than the 64 KB read before
/// the screen opens, and splitting it into 10,000 titles and a column each, at every
/// progress report of the load, was what the first frame waited for.
@MainActor
@Suite struct CSVWideHeadTests {
    /// A header of `columns` titles `c00001,…` and two rows `r1c00001,…`, `r2c00001,…`.
    static func wideFile(columns: Int, in scratch: DirSqlScratch) throws -> String {
        let header = (1...columns).map { String(format: "c%05d", $0) }.joined(separator: ",")
        let rows = (1...2).map { row in (1...columns).map { String(format: "r\(row)c%05d", $0) }.joined(separator: ",") }
        return try scratch.file("wide.csv", Array(([header] + rows).map { $0 + "\n" }.joined().utf8))
    }

    @Test func theHeadOf10000ColumnsReachesTheFirstRowAndSplitsNoHeader() throws {
        let scratch = try DirSqlScratch()
        var screen = CSVScreen(input: .file(try Self.wideFile(columns: 10_000, in: scratch)))
        screen.readHead()
        // The header alone is 70 KB: the head reads on to the end of the first row (it
        // stopped at 64 KB, with no row, and the first frame waited for the load).
        let head = try #require(screen.head, "no head: the first frame waits for the load")
        #expect(head.count >= 1)
        #expect(head[0].field(0) == "r1c00001" && head[0].field(9_999) == "r1c10000")
        #expect(head.titles.count == 10_000)
        // Titles are read when asked for: the head read none (the header was split whole).
        #expect(head.titles.readCount == 0)
        #expect(head.titles[9_999] == "c10000")
    }

    /// At 30,000 columns the head (750 KB) ends past the load's first read (256 KB, the
    /// header alone): that report must not take back the rows the first frame showed (it
    /// reached the table as fewer rows than shown, and the model stopped on it).
    @Test(arguments: [10_000, 30_000])
    func theFirstFrameReadsTheTitlesItDraws(columns: Int) async throws {
        let scratch = try DirSqlScratch()
        var screen = CSVScreen(input: .file(try Self.wideFile(columns: columns, in: scratch)))
        screen.readHead()
        let head = try #require(screen.head)
        let app = HeadlessApp(root: screen, size: Size(rows: 10, columns: 80))
        await app.start()
        #expect(app.lines[1].hasPrefix("c00001"), "\(app.lines)")
        #expect(app.lines[2].hasPrefix("r1c00001"), "\(app.lines)")
        // A column is made (its title read) each time the table reads it: a few times for
        // each column the first frame places or measures at the end, a few hundred in all
        // whatever the count; making every column before the first frame read each title.
        #expect(head.titles.readCount < 1_000, "\(head.titles.readCount) titles read by the first frame")
        await app.settle()
        // The load's own table: its progress reports and the frames after it read as few.
        let loaded = try #require(screen.latestTable)
        #expect(loaded.count == 2)
        #expect(loaded.titles.readCount < 1_000, "\(loaded.titles.readCount) titles read after the load")
        await app.press(.character(">"))
        #expect(app.lines[1].hasPrefix("c00001") && app.lines[1].contains("c00003") && !app.lines[1].contains("c00002"),
                "\(app.lines)")
    }

    /// Every column still has its title: the header's, then letters for a longer row.
    @Test func titlesAreTheHeadersThenLetters() {
        let table = CSVTable(Array("a,\"b,c\",d\r\n1,2,3,4,5\n".utf8))
        #expect(table.columns == ["a", "b,c", "d", "D", "E"])
        #expect(table[0].columns == ["a", "b,c", "d"])
        #expect(CSVTable(Array("1,2\n".utf8), hasHeader: false).columns == ["A", "B"])
    }
}
