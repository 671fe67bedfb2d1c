import Lister
@testable import ListerSources
import Testing

/// A record longer than a row keeps (``Line/shownLimit``): its long field is cut for
/// display, and the fields after it are still found (issue 35).
@Suite struct CSVLongFieldTests {
    /// `h1,h2`, then a row whose quoted first field is `length` bytes and whose second is
    /// `end`, then `2,3`.
    static func input(fieldLength length: Int, quoted: Bool = true) -> [UInt8] {
        let field = [UInt8](repeating: UInt8(ascii: "q"), count: length)
        let first = quoted ? [0x22] + field + [0x22] : field
        return Array("h1,h2\n".utf8) + first + Array(",end\n2,3\n".utf8)
    }

    @Test(arguments: CSVParserTests.Storage.allCases)
    func theFieldsAfterAFieldLongerThanARowKeepsAreRight(_ storage: CSVParserTests.Storage) throws {
        let length = Line.shownLimit * 2
        let table = try CSVParserTests.table(Self.input(fieldLength: length), cuts: [100, Line.shownLimit + 3], storage: storage)
        #expect(table.count == 2)
        let row = table[0]
        #expect(row.isCut)
        #expect(row.field(1) == "end")
        let fields = row.fields
        #expect(fields.count == 2)
        #expect(fields.last == "end")
        // The long field is cut for display, and says so.
        #expect(fields.first == String(repeating: "q", count: CSVRow.fieldShownLimit) + "…")
        #expect(table[1].fields == ["2", "3"])
        // What --pick prints is the whole record.
        #expect(row.record.wholeBytes.bytes.count == length + 2 + 4)
    }

    @Test func anUnquotedLongFieldIsCutAndTheNextFieldKept() throws {
        let table = try CSVParserTests.table(Self.input(fieldLength: Line.shownLimit + 10, quoted: false))
        #expect(table[0].fields == [String(repeating: "q", count: CSVRow.fieldShownLimit) + "…", "end"])
    }

    @Test func aCutFieldEndsAtACharactersStart() {
        // "é" is two bytes: a cut after 3 bytes would split the second one.
        let bytes = Array("ééé,x".utf8)
        let fields = bytes.withUnsafeBufferPointer { CSVFields.split($0, delimiter: 0x2C, fieldLimit: 3) }
        #expect(fields == ["é…", "x"])
        let quoted = Array("\"ééé\",x".utf8)
        #expect(quoted.withUnsafeBufferPointer { CSVFields.split($0, delimiter: 0x2C, fieldLimit: 3) } == ["é…", "x"])
    }

    @MainActor @Test func theRowScreenSaysItsFieldsAreCut() throws {
        let table = try CSVParserTests.table(Self.input(fieldLength: Line.shownLimit + 10))
        let screen = CSVRecordScreen(row: table[0], columns: table.columns)
        let lines = screen.content(table[0], width: 80).map(\.plainText)
        #expect(lines.contains { $0.hasPrefix("h2") && $0.hasSuffix(": end") })
        #expect(lines.contains { $0.contains("cut here") })
    }
}
