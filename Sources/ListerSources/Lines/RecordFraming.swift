/// Where records end in input that is not cut at every separator: a CSV record ends at a
/// newline outside quotes, so one record may hold several lines.
///
/// A ``LineStoreBuilder`` made with a framing asks it where each record ends instead of
/// looking for the separator itself; the records are then kept, indexed and read back as
/// lines are (in blocks, in memory or in the input file), each followed by the separator
/// that ended it. The framing keeps its own state across chunks (a quote still open) and
/// whatever it learns of the records (their fields); snapshots carry a copy of it
/// (``LineStore/framing``).
protocol RecordFraming: Sendable {
    /// Appends to `ends` the index in `chunk` of each separator that ends a record, in
    /// order; what follows the last one belongs to a record that goes on in the next chunk.
    /// An index of -1 says that the last byte of the chunk before was a separator (known
    /// only from the byte after it: a CR alone, not a CRLF).
    /// (A buffer rather than a call per record: the builder then takes the records in the
    /// same tight loop as lines.)
    mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, ends: inout [Int])

    /// The byte that ends records as far as the input read so far says (CSV: LF, or CR in
    /// input whose line ends are CR alone); input read again is joined with it.
    var recordSeparator: UInt8 { get }

    /// The input ended: the record being read, if any, ends with it.
    mutating func endOfInput()

    /// The same framing before any input (input read again from its start).
    func restarted() -> Self
}
