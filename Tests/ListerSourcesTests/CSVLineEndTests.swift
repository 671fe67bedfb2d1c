import Lister
@testable import ListerSources
import Testing

/// CSV whose lines end with CR alone (old spreadsheet exports) is read as Python's `csv`
/// reads it: the first line end outside quotes decides (issue 35).
@Suite struct CSVLineEndTests {
    /// CR-only line ends, a quoted field holding CR and LF, a last record with no line end.
    static let input = Array("name,val\rAlpha,1\r\"Br\ravo\",\"x\ny\"\rCharlie,3".utf8)
    static let rows = [["Alpha", "1"], ["Br\ravo", "x\ny"], ["Charlie", "3"]]

    @Test(arguments: CSVParserTests.Storage.allCases)
    func crAloneEndsRecordsInAnyChunking(_ storage: CSVParserTests.Storage) throws {
        // Every cut, among them one right after the first CR (the next byte decides).
        for cut in 0...Self.input.count {
            let table = try CSVParserTests.table(Self.input, cuts: [cut], storage: storage)
            #expect(table.columns == ["name", "val"], "cut at \(cut)")
            #expect(table.map(\.fields) == Self.rows, "cut at \(cut)")
            #expect(table.stats == CSVStats(records: 4, columns: 2), "cut at \(cut)")
        }
    }

    @Test func theReportedCaseShowsItsRows() throws {
        let table = CSVTable(Array("name,val\rAlpha,1\rBravo,2\r".utf8))
        #expect(table.map(\.fields) == [["Alpha", "1"], ["Bravo", "2"]])
        #expect(table.problems == nil)
    }

    @Test func crlfAndLfStayAsTheyWere() throws {
        // A CR inside quotes before the first line end decides nothing.
        let crlf = CSVTable(Array("a,b\r\n\"x\ry\",2\r\n3,4\n".utf8))
        #expect(crlf.map(\.fields) == [["x\ry", "2"], ["3", "4"]])
        // Once LF decided, a CR alone later is text.
        let lf = CSVTable(Array("a,b\n1,x\ry\n".utf8))
        #expect(lf.map(\.fields) == [["1", "x\ry"]])
        for cut in 0...5 {
            let split = try CSVParserTests.table(Array("a,b\r\n1,2\r\n".utf8), cuts: [cut])
            #expect(split.map(\.fields) == [["1", "2"]], "cut at \(cut)")
            #expect(Array(split[0].record.bytes) == Array("1,2\r".utf8), "cut at \(cut)")
        }
    }
}
