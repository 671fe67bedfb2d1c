import Lister

/// One row of a CSV input: its number and the record's bytes as read (printed back by
/// `--pick`); its fields are split from them when asked for (only rows drawn or sorted are).
package struct CSVRow: Identifiable, Hashable, Sendable {
    /// The row's number among the data rows, from 1 (the header is not a row); its identity.
    package let number: Int
    /// The record as read, without the newline that ended it (a final CR kept).
    package let record: Line
    /// The byte between fields.
    package let delimiter: UInt8
    /// The titles of the table's columns, shared by its rows.
    let titles: CSVTitles

    /// The titles of the header's fields (or A, B, C… up to the first row's fields), every
    /// one read (the record screen shows them all).
    package var columns: [String] { titles.namedTitles }

    /// Where the fields of a wide or a cut record are (nil for a narrow one, read field by
    /// field: a sort reads one field of each row, and pays for no more). Made when the row
    /// is fetched, and found only as far as they are read: a fetch costs no field (a row is
    /// fetched for its identity too), and a frame reads the fields it draws.
    let index: CSVFieldIndex?

    /// A field of a record too long for a row shows its first this many bytes (64 KiB),
    /// then `…`; `--pick` prints it whole.
    package static let fieldShownLimit = 1 << 16

    package var id: Int { number }

    /// A row of `record`; `locating` indexes its fields as they are read (a wide table's).
    init(number: Int, record: Line, delimiter: UInt8, titles: CSVTitles, locating: Bool = false) {
        self.number = number
        self.record = record
        self.delimiter = delimiter
        self.titles = titles
        // A row keeps only the record's first bytes (``Line/shownLimit``): the fields after
        // a long one are found in all of them, read when such a field is asked for.
        index = locating || record.isCut
            ? CSVFieldIndex(record: record, delimiter: delimiter, limit: record.isCut ? Self.fieldShownLimit : .max)
            : nil
    }

    /// Whether the record is longer than a row keeps (``Line/shownLimit``): its long fields
    /// are cut (they end in `…`).
    package var isCut: Bool { record.isCut }

    /// The fields, quotes undone (a long one of a cut record cut to ``fieldShownLimit``).
    package var fields: [String] {
        index?.fields ?? CSVFields.split(record.bytes, delimiter: delimiter)
    }

    /// The field of column `index`, or "" when the row has fewer fields (ragged).
    package func field(_ column: Int) -> String {
        guard let index else { return CSVFields.field(column, of: record.bytes, delimiter: delimiter) ?? "" }
        return index.field(column) ?? ""
    }

    package static func == (lhs: CSVRow, rhs: CSVRow) -> Bool {
        lhs.number == rhs.number && lhs.record == rhs.record
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(record)
    }
}

/// The rows of a CSV input read so far, kept as the records' offsets (a ``LineStore`` cut
/// by a ``CSVFraming``): a row's fields are split when it is fetched.
package struct CSVTable: RandomAccessCollection, Sendable {
    /// The records, the header first when there is one.
    let records: LineStore
    /// Whether the first record names the columns.
    package let hasHeader: Bool
    /// The byte between fields.
    package let delimiter: UInt8
    /// What the scan found: records, ragged rows, bad quotes, invalid UTF-8.
    package let stats: CSVStats
    /// The column titles, read from the header when asked for (a progress report of the
    /// load and the first frame split no header).
    let titles: CSVTitles

    /// The column titles: the header's fields (or A, B, C…), then letters for the fields
    /// of rows longer than the header. Reads every title: a table reads ``titles``.
    package var columns: [String] { titles.all }

    /// The records of `records`, scanned by the ``CSVFraming`` the store carries.
    init(records: LineStore, hasHeader: Bool, delimiter: UInt8) {
        self.records = records
        self.hasHeader = hasHeader
        self.delimiter = delimiter
        let stats = (records.framing as? CSVFraming)?.stats ?? CSVStats()
        self.stats = stats
        let header = hasHeader && !records.isEmpty ? records[0] : nil
        var named = hasHeader ? 0 : stats.columns
        if let header {
            // A header still being read (longer than a row shows) has not been counted.
            named = stats.records > 0 ? stats.columns : CSVFields.split(header.bytes, delimiter: delimiter).count
        }
        titles = CSVTitles(header: header, delimiter: delimiter, named: named, widest: stats.widest)
    }

    /// Parses `bytes` whole (tests, small inputs).
    package init(_ bytes: [UInt8], hasHeader: Bool = true, delimiter: UInt8 = 0x2C) {
        var builder = LineStoreBuilder(separator: 0x0A, framing: CSVFraming(delimiter: delimiter))
        bytes.withUnsafeBufferPointer { builder.append($0) }
        self.init(records: builder.finish(), hasHeader: hasHeader, delimiter: delimiter)
    }

    /// Rows of tables of more columns than this index their fields as they read them; the
    /// rows of narrower ones read one field at a time (a sort reads one of each row).
    static let wide = 32

    /// Records before the first row: 1 with a header (once it has come), else 0.
    var headerRecords: Int { hasHeader && !records.isEmpty ? 1 : 0 }

    package var startIndex: Int { 0 }
    package var endIndex: Int { records.count - headerRecords }

    package subscript(position: Int) -> CSVRow {
        let record = records[position + headerRecords]
        return CSVRow(number: position + 1, record: record, delimiter: delimiter, titles: titles,
                      locating: titles.count > Self.wide)
    }

    /// Whether the file the records are read back from was truncated under the list.
    package var hasShrunk: Bool { records.hasShrunk }

    /// What is wrong with the rows, for the status line ("3 ragged rows · 1 bad quote"),
    /// or nil when nothing is. Row numbers count data rows from 1.
    package var problems: String? {
        var parts: [String] = []
        func plural(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        if stats.ragged > 0 { parts.append(plural(stats.ragged, "ragged row", "ragged rows")) }
        if stats.badQuotes > 0 { parts.append(plural(stats.badQuotes, "bad quote", "bad quotes")) }
        if stats.invalidUTF8 > 0 { parts.append(plural(stats.invalidUTF8, "row not UTF-8", "rows not UTF-8")) }
        if let first = [stats.firstRagged, stats.firstBadQuote, stats.firstInvalidUTF8].compactMap({ $0 }).min() {
            parts.append(first < headerRecords ? "first: the header" : "first: row \(first - headerRecords + 1)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

extension CSVTable: FilterableText {
    package var count: Int { endIndex }

    /// The record's bytes as read: the filter matches what the row shows, quotes aside.
    package func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        records.withUTF8(row: row + headerRecords, body)
    }
}
