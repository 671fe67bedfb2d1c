import Lister

extension PickText {
    /// Calls `body` with each row of `rows`: the row as shown (its `--with-nth` fields,
    /// without escape sequences with `--ansi`) and the byte ranges of it that `--nth`
    /// searches, each on its own (nil without `--nth`).
    ///
    /// fzf matches each `--nth` range separately (`-n1,2 -f bc` does not find `ab cd`)
    /// and computes its tiebreaks on the row as shown, so the ranking reads both. Nothing
    /// is copied for `--nth` alone: the ranges point into the line as read.
    package func forEachUTF8(in rows: FilterRowBatch,
                            fields body: (_ row: Int, _ utf8: UnsafeBufferPointer<UInt8>, _ fields: UnsafeBufferPointer<Range<Int>>?) -> Void) {
        guard let nth = fields.nth else { return forEachUTF8(in: rows) { body($0, $1, nil) } }
        let buffers = Buffers()
        lines.forEachUTF8(in: rows) { row, line in
            shown(line, index: firstIndex + row, buffers: buffers) { shown in
                fields.searchedRanges(nth, of: shown, fields: &buffers.fields, into: &buffers.searched)
                buffers.searched.withUnsafeBufferPointer { body(row, shown, $0) }
            }
        }
    }
}
