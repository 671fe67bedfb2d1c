extension PickFields {
    /// The byte ranges of `line` that the `--nth` ranges `nth` search, one per range and in
    /// its order, as fzf 0.74.5 cuts them: a range of several fields is one text (`1..2`
    /// is `foo,bar` of `foo,bar,baz`), `1,2` are two; a field keeps the delimiter after it,
    /// except the last range's (`-d, -n1,2 -f 'bar$'` finds `foo,bar,baz`, `foo$` does not);
    /// AWK-style fields keep their trailing blanks and field 1 starts at the first word. A
    /// range that selects no field is empty.
    ///
    /// `fields` is scratch space (the line's fields), reused from line to line so that
    /// nothing is allocated per line once the buffers have grown.
    func searchedRanges(_ nth: [Range], of line: UnsafeBufferPointer<UInt8>, fields: inout [Swift.Range<Int>],
                        into output: inout [Swift.Range<Int>]) {
        self.fields(line, into: &fields, limit: Self.fieldsNeeded(nth))
        output.removeAll(keepingCapacity: true)
        let awk = delimiter?.isEmpty ?? true
        let count = fields.count
        for (index, range) in nth.enumerated() {
            func resolve(_ value: Int?, default fallback: Int) -> Int {
                guard let value else { return fallback }
                return value > 0 ? value - 1 : count + value
            }
            let lower = max(0, resolve(range.lower, default: 0))
            let upper = min(count - 1, resolve(range.upper, default: count - 1))
            guard lower <= upper else {
                output.append(0..<0)
                continue
            }
            var start = fields[lower].lowerBound
            var end = fields[upper].upperBound
            if awk, lower == 0 {
                while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
            }
            if !awk, index == nth.count - 1 {
                end -= lastDelimiterLength(of: UnsafeBufferPointer(rebasing: line[start..<end]))
            }
            output.append(start..<end)
        }
    }

    /// How many fields from the first `nth` needs: the largest field it names when every
    /// bound is a positive number (`-n2` needs 2 of a line of 8), else all of them.
    static func fieldsNeeded(_ nth: [Range]) -> Int {
        var needed = 0
        for range in nth {
            guard let upper = range.upper, upper > 0, (range.lower ?? 1) > 0 else { return .max }
            needed = max(needed, upper, range.lower ?? 1)
        }
        return needed
    }
}
