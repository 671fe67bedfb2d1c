/// Where each field of one CSV record is, found in one pass: a wide table's row reads
/// each of its fields in constant time (a table draws, measures and aligns every column of
/// the rows in view; finding field k by skipping the k before it made that quadratic).
enum CSVLocatedFields: Sendable {
    /// The byte range of each field of a record without quotes (offsets from its start).
    case bounds([(start: Int32, end: Int32)])
    /// The fields of a record with quotes, split (quotes undone).
    case fields([String])

    /// Records of more fields than this are located when fetched; narrower ones are read
    /// field by field (a sort reads one field of each row, and pays for no more).
    static let wide = 32

    /// Locates the fields of `record` (its bytes without the newline; a final CR dropped).
    init(_ record: ArraySlice<UInt8>, delimiter: UInt8) {
        self = record.withUnsafeBufferPointer { bytes in
            if bytes.contains(CSVFraming.quote) { return .fields(CSVFields.split(bytes, delimiter: delimiter)) }
            var count = bytes.count
            if count > 0, bytes[count - 1] == 0x0D { count -= 1 }
            var bounds: [(start: Int32, end: Int32)] = []
            var start = 0
            for index in 0..<count where bytes[index] == delimiter {
                bounds.append((Int32(start), Int32(index)))
                start = index + 1
            }
            bounds.append((Int32(start), Int32(count)))
            return .bounds(bounds)
        }
    }
}
