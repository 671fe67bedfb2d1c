import Lister

extension PickText {
    /// Calls `body` with each row of `rows`, the bytes searched and the whole row as it is
    /// shown: its `--with-nth` fields, without escape sequences with `--ansi`.
    ///
    /// With `--nth` only some fields are searched, but fzf's `length` tiebreak measures the
    /// row as shown, so that `-n2 -d:` ranks `1:hell` before `123:hello` and `12345:he`
    /// as it does without `-n2`. Without `--nth` both are the same bytes.
    package func forEachUTF8(in rows: FilterRowBatch,
                            measuring body: (_ row: Int, _ searched: UnsafeBufferPointer<UInt8>, _ whole: UnsafeBufferPointer<UInt8>) -> Void) {
        guard fields.nth != nil else { return forEachUTF8(in: rows) { body($0, $1, $1) } }
        var buffers = Buffers()
        var searched: [UInt8] = [], plain: [UInt8] = []
        lines.forEachUTF8(in: rows) { row, line in
            // The text searched, cut as every other search cuts it; on the way, with
            // `--with-nth`, `buffers.shown` receives the row as shown.
            transform(line, index: firstIndex + row, buffers: &buffers) { searched.replaceSubrange(searched.indices, with: $0) }
            func measure(_ shown: UnsafeBufferPointer<UInt8>) {
                guard ansi else { return searched.withUnsafeBufferPointer { body(row, $0, shown) } }
                PickANSI.strip(shown, into: &plain)
                searched.withUnsafeBufferPointer { cut in plain.withUnsafeBufferPointer { body(row, cut, $0) } }
            }
            if fields.withNth != nil {
                buffers.shown.withUnsafeBufferPointer(measure)
            } else {
                measure(line)
            }
        }
    }
}
