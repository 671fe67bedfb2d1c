import Foundation
import Lister
@testable import ListerSources
import Testing

/// `lister csv`'s reading: RFC 4180 records found as the bytes stream by (in any chunks,
/// across tiny blocks, in memory, read back from a file or moved to one), split into fields
/// when a row is fetched, and what is wrong with them counted.
@Suite struct CSVParserTests {
    /// Every RFC 4180 case in one input: CRLF ends, an empty field, a quoted delimiter, a
    /// doubled quote, LF and CRLF inside quotes, an empty quoted field, a quoted field
    /// that ends the record, non-ASCII text, a last record without a line end.
    static let text: String = [
        "id,name,note\r\n",
        "1,plain,\r\n",
        "2,\"a, b\",\"say \"\"hi\"\"\"\r\n",
        "3,\"two\nlines\",\"crlf\r\ninside\"\r\n",
        "4,\"\",ünï ✓\n",
        "5,last,\"end\"",
    ].joined()
    static let input = Array(text.utf8)

    static let rows: [[String]] = [
        ["1", "plain", ""],
        ["2", "a, b", "say \"hi\""],
        ["3", "two\nlines", "crlf\r\ninside"],
        ["4", "", "ünï ✓"],
        ["5", "last", "end"],
    ]

    /// Where the records are kept.
    enum Storage: CaseIterable {
        case memory
        /// Read back from a file holding the input after four bytes the builder never sees.
        case file
        /// Moved from memory to a temporary file once 20 bytes were read (a pipe).
        case spilled
    }

    /// The table of `input` given in the chunks that `cuts` makes, to a builder with tiny
    /// blocks (8 bytes, 3 records).
    static func table(_ input: [UInt8], cuts: [Int] = [], storage: Storage = .memory, hasHeader: Bool = true,
                      delimiter: UInt8 = 0x2C) throws -> CSVTable {
        let framing = CSVFraming(delimiter: delimiter)
        var builder: SpillingLineBuilder
        switch storage {
        case .memory:
            builder = SpillingLineBuilder(indexing: LineStoreBuilder(separator: 0x0A, blockBytes: 8, blockLines: 3, framing: framing))
        case .file:
            let file = try #require(LineSourceFile(readingFrom: try temporaryFile(Array("skip".utf8) + input, at: 4), minimumBytes: 0))
            builder = SpillingLineBuilder(indexing: LineStoreBuilder(separator: 0x0A, blockBytes: 8, blockLines: 3,
                                                                     file: file, offset: 4, framing: framing))
        case .spilled:
            builder = SpillingLineBuilder(LineStoreBuilder(separator: 0x0A, blockBytes: 8, blockLines: 3, framing: framing),
                                          policy: LineSpillPolicy(threshold: 20), logger: Configuration.silentLogger)
        }
        var start = 0
        for cut in cuts + [input.count] {
            input[start..<cut].withUnsafeBufferPointer { builder.append($0) }
            start = cut
        }
        return CSVTable(records: builder.finish(), hasHeader: hasHeader, delimiter: delimiter)
    }

    @Test func everyRFC4180CaseGivesItsFields() throws {
        let table = try Self.table(Self.input)
        #expect(table.columns == ["id", "name", "note"])
        #expect(table.map(\.fields) == Self.rows)
        #expect(table.map(\.number) == [1, 2, 3, 4, 5])
        #expect(table.stats == CSVStats(records: 6, columns: 3))
        #expect(table.problems == nil)
        // The record as read, quotes and the CR of CRLF kept: what --pick prints.
        #expect(Array(table[1].record.bytes) == Array("2,\"a, b\",\"say \"\"hi\"\"\"\r".utf8))
        #expect(Array(table[2].record.bytes) == Array("3,\"two\nlines\",\"crlf\r\ninside\"\r".utf8))
    }

    @Test(arguments: Storage.allCases)
    func anyChunkingGivesTheSameRows(_ storage: Storage) throws {
        // Every pair of cuts: quotes, doubled quotes and CRLF split between two reads.
        let input = Self.input
        for first in stride(from: 0, through: input.count, by: 1) {
            for second in stride(from: first, through: input.count, by: storage == .memory ? 1 : 7) {
                let table = try Self.table(input, cuts: [first, second], storage: storage)
                #expect(table.map(\.fields) == Self.rows, "cuts at \(first) and \(second)")
                #expect(table.stats == CSVStats(records: 6, columns: 3), "cuts at \(first) and \(second)")
            }
        }
    }

    @Test func aSnapshotShowsTheRecordsCompleteSoFar() throws {
        var builder = LineStoreBuilder(separator: 0x0A, framing: CSVFraming(delimiter: 0x2C))
        Array("a,b\n1,\"open\nstill".utf8).withUnsafeBufferPointer { builder.append($0) }
        let early = CSVTable(records: builder.snapshot(), hasHeader: true, delimiter: 0x2C)
        #expect(early.isEmpty)  // the quoted newline ends no record
        #expect(early.columns == ["a", "b"])
        Array(" open\"\n2,x\n".utf8).withUnsafeBufferPointer { builder.append($0) }
        let later = CSVTable(records: builder.snapshot(), hasHeader: true, delimiter: 0x2C)
        #expect(later.map(\.fields) == [["1", "open\nstill open"], ["2", "x"]])
    }

    @Test func raggedRowsAreShownAndCounted() throws {
        let table = try Self.table(Array("a,b,c\n1,2,3\n1,2\n1,2,3,4,5\n\n1,2,3\n".utf8))
        #expect(table.map(\.fields) == [["1", "2", "3"], ["1", "2"], ["1", "2", "3", "4", "5"], [""], ["1", "2", "3"]])
        #expect(table.stats.ragged == 3)
        #expect(table.columns == ["a", "b", "c", "D", "E"])  // the longest row's extra fields get letters
        #expect(table[1].field(2) == "")
        #expect(table.problems == "3 ragged rows · first: row 2")
    }

    @Test func badQuotesAreKeptAsTextAndCounted() throws {
        // A quote inside an unquoted field, text after a closing quote, a quote never closed.
        let table = try Self.table(Array("a,b\nab\"c,d\n\"x\"y,z\n\"ok\",\"never closed\n1,2\n".utf8))
        #expect(table.map(\.fields) == [["ab\"c", "d"], ["xy", "z"], ["ok", "never closed\n1,2\n"]])
        #expect(table.stats.badQuotes == 3)
        #expect(table.stats.ragged == 0)
        #expect(table.problems == "3 bad quotes · first: row 1")
    }

    @Test func invalidUTF8IsShownAndCounted() throws {
        // A stray continuation byte, an overlong slash, a surrogate, a sequence cut by a
        // comma, one cut by the end of the record; then a valid 4-byte emoji.
        let bad: [[UInt8]] = [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82, 0x2C], [0xF0, 0x9F, 0x98]]
        var input = Array("a,b\n".utf8)
        for bytes in bad { input += Array("x,".utf8) + bytes + [0x0A] }
        input += Array("ok,😀\n".utf8)
        for cut in 0...input.count {
            let table = try Self.table(input, cuts: [cut])
            #expect(table.stats.invalidUTF8 == 5, "cut at \(cut)")
            #expect(table.stats.firstInvalidUTF8 == 1)
            #expect(table.count == 6)
            #expect(table[5].fields == ["ok", "😀"])
        }
        let table = try Self.table(input)
        #expect(table[0].fields == ["x", "\u{FFFD}"])
        #expect(table.problems == "1 ragged row · 5 rows not UTF-8 · first: row 1")  // the comma made a field
    }

    /// Records whose unquoted stretches are longer than 16 and 32 bytes (their delimiters
    /// counted sixteen bytes at a time): a ragged one, a bad quote, non-ASCII and invalid
    /// UTF-8 inside such a stretch, a quoted field closing right before CRLF; cut at every
    /// byte (a quote, a CR, a split sequence at a chunk's very end), in every storage.
    @Test(arguments: Storage.allCases)
    func longRecordsAreCountedTheSameInAnyChunking(_ storage: Storage) throws {
        let long = "0123456789abcdef0123456789abcdef"
        var input = Array("alpha,bravo,charlie,delta,echo,foxtrot\r\n".utf8)
        input += Array("\(long),\(long)x,y,\"quoted, \(long)\",e,f\r\n".utf8)
        input += Array("short,ragged row of more than sixteen bytes\r\n".utf8)
        input += Array("\(long),ünï ✓ \(long),c,d\"bad,e,\"f\"\"\"\r\n".utf8)
        input += Array("\(long),b,c,d,e,".utf8) + [0xE2, 0x82] + Array("\(long)\n".utf8)
        input += Array("1,2,3,4,5,\"\(long)\"".utf8)
        let rows: [[String]] = [
            [long, long + "x", "y", "quoted, " + long, "e", "f"],
            ["short", "ragged row of more than sixteen bytes"],
            [long, "ünï ✓ " + long, "c", "d\"bad", "e", "f\""],
            [long, "b", "c", "d", "e", "\u{FFFD}" + long],
            ["1", "2", "3", "4", "5", long],
        ]
        for cut in 0...input.count {
            let table = try Self.table(input, cuts: [cut], storage: storage)
            #expect(table.map(\.fields) == rows, "cut at \(cut)")
            #expect(table.stats.records == 6 && table.stats.columns == 6 && table.stats.widest == 6, "cut at \(cut)")
            #expect(table.problems == "1 ragged row · 1 bad quote · 1 row not UTF-8 · first: row 2", "cut at \(cut)")
        }
    }

    @Test func anEmptyInputHasNoRowsAndNoColumns() throws {
        let table = try Self.table([])
        #expect(table.isEmpty)
        #expect(table.columns == [])
        #expect(table.stats.records == 0)
        #expect(try Self.table(Array("\n".utf8)).count == 0)  // one empty record: the header
    }

    @Test func aHeaderAloneNamesTheColumnsOfNoRows() throws {
        for input in ["name,size", "name,size\n", "name,size\r\n"] {
            let table = try Self.table(Array(input.utf8))
            #expect(table.isEmpty, "\(input)")
            #expect(table.columns == ["name", "size"], "\(input)")
        }
    }

    @Test func withoutAHeaderTheFirstRowIsDataAndColumnsAreLetters() throws {
        let table = try Self.table(Array("1,2,3\n4,5,6\n".utf8), hasHeader: false)
        #expect(table.columns == ["A", "B", "C"])
        #expect(table.map(\.fields) == [["1", "2", "3"], ["4", "5", "6"]])
        #expect(table.map(\.number) == [1, 2])
        #expect(CSVFields.letterName(25) == "Z")
        #expect(CSVFields.letterName(26) == "AA")
        #expect(CSVFields.letterName(27) == "AB")
        #expect(CSVFields.letterName(26 * 27) == "AAA")
    }

    @Test func tabsSeparateTSVFieldsAndCommasAreText() throws {
        let table = try Self.table(Array("a\tb\n1,5\t\"x\ty\"\n".utf8), delimiter: 0x09)
        #expect(table.map(\.fields) == [["1,5", "x\ty"]])
    }

    @Test func theFilterReadsTheRowsRecordsPastTheHeader() throws {
        let table = try Self.table(Self.input)
        var text = ""
        table.withUTF8(row: 0) { text = String(decoding: $0, as: UTF8.self) }
        #expect(text == "1,plain,")  // the final CR is not shown
    }

    @Test func aLargeFileIsReadBackAndGivesTheSameRowsAsInMemory() throws {
        // Past the read-back threshold: records are offsets into the file.
        var input = Array("id,text\n".utf8)
        var expected: [[String]] = []
        var number = 0
        while input.count < LineSourceFile.threshold + 1000 {
            number += 1
            let text = number % 97 == 0 ? "multi\nline \"\(number)\"" : "row \(number)"
            input += Array("\(number),".utf8) + (number % 97 == 0 ? Array("\"multi\nline \"\"\(number)\"\"\"".utf8) : Array(text.utf8)) + [0x0A]
            expected.append(["\(number)", text])
        }
        let fd = try temporaryFile(input, at: 0)
        defer { close(fd) }
        let store = try LineReader.read(fd: fd, name: "test", separator: 0x0A, framing: CSVFraming(delimiter: 0x2C), progress: .ignored)
        #expect(store.blocks.allSatisfy { if case .file = $0.storage { true } else { false } })
        let table = CSVTable(records: store, hasHeader: true, delimiter: 0x2C)
        #expect(table.count == expected.count)
        for index in [0, 95, 96, 97, expected.count / 2, expected.count - 1] {
            #expect(table[index].fields == expected[index])
        }
        #expect(table.problems == nil)
    }
}

extension CSVStats {
    /// Stats of clean input: `records` records of `columns` fields.
    init(records: Int, columns: Int) {
        self.init()
        for _ in 0..<records { note(fields: columns, badQuote: false, invalidUTF8: false) }
    }
}

/// The delimiter count that finds ragged rows, eight bytes at a time.
@Suite struct CSVDelimiterCountTests {
    @Test func theCountIsExactForAnyLengthAndPlacement() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 2040, 2041, 8 * 255 + 8, 16 * 254 + 15,
                       16 * 255, 16 * 255 + 1, 16 * 255 + 16, 16 * 256 + 7, 8 * 600 + 3, 16 * 510 + 9] {
            for density in [0, 1, 3, 100] {
                var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
                for index in bytes.indices where bytes[index] == 0x2C { bytes[index] = 0x41 }
                for index in bytes.indices where density > 0 && Int.random(in: 0..<100, using: &generator) < density { bytes[index] = 0x2C }
                if density == 100 { bytes = [UInt8](repeating: 0x2C, count: length) }
                let expected = bytes.filter { $0 == 0x2C }.count
                let counted = bytes.withUnsafeBytes { CSVFraming.count(0x2C, in: $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, length) }
                #expect(counted.matches == expected, "length \(length), density \(density)")
                #expect(!counted.high)
            }
        }
        let high: [UInt8] = Array("abcdefgh,ij".utf8) + [0xC3, 0xA9]
        #expect(high.withUnsafeBytes { CSVFraming.count(0x2C, in: $0.baseAddress!, high.count) } == (1, true))
        let longHigh: [UInt8] = Array("0123456789,bcdef".utf8) + [0xC3, 0xA9] + Array("0123456789abcdefghijk,".utf8)
        #expect(longHigh.withUnsafeBytes { CSVFraming.count(0x2C, in: $0.baseAddress!, longHigh.count) } == (2, true))
        // A byte above 0x7F in any place of every length up to 40 (the whole vectors, the last
        // sixteen bytes, eight at a time below sixteen); none just outside the bytes counted.
        for length in 1...40 {
            for place in 0..<length {
                var bytes = [UInt8](repeating: 0xFF, count: length + 2)
                for index in 1...length { bytes[index] = index % 3 == 0 ? 0x2C : 0x41 }
                let clean = bytes.withUnsafeBytes { CSVFraming.count(0x2C, in: $0.baseAddress! + 1, length) }
                #expect(clean == (length / 3, false), "length \(length)")
                bytes[place + 1] = 0xC3
                let counted = bytes.withUnsafeBytes { CSVFraming.count(0x2C, in: $0.baseAddress! + 1, length) }
                #expect(counted.high, "length \(length), place \(place)")
            }
        }
    }
}

/// `lister csv FILE`'s first screenful, read before the terminal starts: whole records
/// only (a quoted line break does not end one), the titles known for the first frame.
@MainActor
@Suite struct CSVHeadTests {
    @Test func theHeadHoldsTheRecordsThatEndInItsBytesAndNamesTheColumns() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-csv-head-\(UUID()).csv")
        try Data(CSVParserTests.input).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var screen = CSVScreen(input: .file(url.path))
        screen.readHead()
        let head = try #require(screen.head)
        #expect(head.count == 4)  // "5,last,…" has no line end yet: the load brings it
        #expect(head[2].field(1) == "two\nlines")
        #expect(screen.columns.map(\.title) == ["id", "name", "note"])
        #expect(screen.initialItems?.count == 4 && screen.continuesInitialItems)
    }

    @Test func aPipeOrAHeaderAloneHasNoHead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-csv-head-\(UUID()).csv")
        try Data("a,b\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var screen = CSVScreen(input: .file(url.path))
        screen.readHead()
        #expect(screen.head == nil && !screen.continuesInitialItems)
    }
}
