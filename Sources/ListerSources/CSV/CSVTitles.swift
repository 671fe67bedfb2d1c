import Synchronization

/// The column titles of a CSV table, read from the header when asked for: the header's
/// fields (or A, B, C… without one), then letters for the fields of rows longer than it.
///
/// A table of 30,000 columns draws a dozen titles; splitting its header into 30,000 strings
/// (at each progress report of the load, and again before the first frame) was most of
/// what its load cost. The header's fields are found as far as they are read
/// (``CSVFieldIndex``).
final class CSVTitles: Sendable {
    /// The header's fields, found when read; nil without a header (or before it came).
    private let header: CSVFieldIndex?
    /// How many titles the header gives (its fields, or the first row's without one).
    let named: Int
    /// How many titles there are: ``named``, or the fields of the longest row.
    let count: Int
    /// Titles read so far (tests count the work with it).
    private let reads = Atomic<Int>(0)

    /// The titles of a table whose first record is `header` (nil: no header), of `named`
    /// fields, whose longest row has `widest`.
    init(header: Line?, delimiter: UInt8, named: Int, widest: Int) {
        self.header = header.map { CSVFieldIndex(record: $0, delimiter: delimiter, limit: CSVRow.fieldShownLimit) }
        self.named = named
        count = max(named, widest)
    }

    /// Title `index` (from 0).
    subscript(index: Int) -> String {
        reads.add(1, ordering: .relaxed)
        if index < named, let header { return header.field(index) ?? "" }
        return CSVFields.letterName(index)
    }

    /// The first ``named`` titles (the header's), every field read.
    var namedTitles: [String] { (0..<named).map { self[$0] } }

    /// Every title, every field read (the record screen, tests).
    var all: [String] { (0..<count).map { self[$0] } }

    /// How many titles were read.
    var readCount: Int { reads.load(ordering: .relaxed) }
}
