import Lister
@testable import ListerSources
import Testing

/// The fields of a wide record are found only as far as they are read (issue 33): a
/// frame of a 30,000-column file reads the bytes of the fields it draws, and fetching a row
/// (for its identity: the selection, a click) reads none.
@Suite struct CSVFieldIndexTests {
    /// A header of `columns` titles and one row of fields `r1c00001,…`.
    static func wide(columns: Int) -> CSVTable {
        let header = (1...columns).map { "c\($0)" }.joined(separator: ",")
        let row = (1...columns).map { String(format: "r1c%05d", $0) }.joined(separator: ",")
        return CSVTable(Array("\(header)\n\(row)\n".utf8))
    }

    @Test(arguments: [1_000, 30_000])
    func aRowReadsTheBytesOfTheFieldsAskedForOnly(columns: Int) throws {
        let table = Self.wide(columns: columns)
        let row = table[0]
        let index = try #require(row.index)
        #expect(index.scannedBytes == 0, "a fetch reads no field")
        for column in 0..<12 { #expect(row.field(column) == String(format: "r1c%05d", column + 1)) }
        // 12 fields of 8 bytes and their commas: the same for 1,000 columns as for 30,000
        // (the row of 30,000 is cut, ``Line/shownLimit``, and is still read in its first bytes).
        #expect(index.scannedBytes < 12 * 9, "\(index.scannedBytes) bytes read for 12 fields")
        #expect(row.field(columns - 1) == String(format: "r1c%05d", columns))
        #expect(row.field(columns) == "")
        #expect(row.fields.count == columns)
    }

    /// The fields found one by one are those `CSVFields.split` makes of the whole record:
    /// quotes, doubled quotes, delimiters and line breaks inside quotes, text after a
    /// closing quote, a quote inside an unquoted field, empty fields, a final CR.
    @Test func theFieldsFoundOneByOneAreTheSplitOnes() {
        var random = SplitMix64(seed: 33)
        let pieces = ["a", "bc", "\"q\"", "\"x,y\"", "\"a\"\"b\"", "\"\"", "\"p\"z", "k\"m", "\"c\rd\"", "\"l\nn\"", "é", ""]
        for _ in 0..<2_000 {
            let count = Int(random.next() % 40) + 33  // wide: indexed
            var fields: [String] = []
            for _ in 0..<count {
                let parts = Int(random.next() % 3)
                fields.append((0..<parts).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
            }
            let record = fields.joined(separator: ",") + (random.next() % 4 == 0 ? "\r\n" : "\n")
            var builder = LineStoreBuilder(separator: 0x0A, framing: CSVFraming(delimiter: 0x2C))
            Array(record.utf8).withUnsafeBufferPointer { builder.append($0) }
            // A quote inside an unquoted field is text: a line break after it ends the
            // record, so the text may be several records. Each is compared.
            let store = builder.finish()
            for position in 0..<store.count {
                let line = store[position]
                let expected = CSVFields.split(line.bytes, delimiter: 0x2C)
                let index = CSVFieldIndex(record: line, delimiter: 0x2C, limit: .max)
                // Asked out of order, then whole.
                let probe = Int(random.next() % UInt64(expected.count + 2))
                #expect(index.field(probe) == (probe < expected.count ? expected[probe] : nil), "\(record.debugDescription) field \(probe)")
                #expect(index.fields == expected, "\(record.debugDescription)")
            }
        }
    }
}
