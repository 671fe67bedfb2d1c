import Lister

extension PickText {
    /// Calls `body` with each row of `rows`, the bytes searched and the whole row as it is
    /// shown: its `--with-nth` fields, without escape sequences with `--ansi`.
    ///
    /// With `--nth` only some fields are searched, but fzf's `length` tiebreak measures the
    /// row as shown, so that `-n2 -d:` ranks `1:hell` before `123:hello` and `12345:he`
    /// as it does without `-n2`. Without `--nth` both are the same bytes.
    public func forEachUTF8(in rows: FilterRowBatch,
                            measuring body: (_ row: Int, _ searched: UnsafeBufferPointer<UInt8>, _ whole: UnsafeBufferPointer<UInt8>) -> Void) {
        guard fields.nth != nil else { return forEachUTF8(in: rows) { body($0, $1, $1) } }
        var buffers = Buffers()
        var shown: [UInt8] = [], plain: [UInt8] = []
        lines.forEachUTF8(in: rows) { row, line in
            transform(line, buffers: &buffers) { searched in
                whole(line, shown: &shown, plain: &plain) { body(row, searched, $0) }
            }
        }
    }

    /// `line` as it is shown, without escape sequences: what fzf's tiebreaks measure.
    private func whole(_ line: UnsafeBufferPointer<UInt8>, shown: inout [UInt8], plain: inout [UInt8],
                       _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let withNth = fields.withNth else {
            guard ansi else { return body(line) }
            PickANSI.strip(line, into: &plain)
            return plain.withUnsafeBufferPointer(body)
        }
        fields.render(withNth, of: line, accepted: false, into: &shown)
        guard ansi else { return shown.withUnsafeBufferPointer(body) }
        shown.withUnsafeBufferPointer { PickANSI.strip($0, into: &plain) }
        plain.withUnsafeBufferPointer(body)
    }
}
