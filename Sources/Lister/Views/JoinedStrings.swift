extension Array where Element == String {
    /// The strings with `separator` between them: `joined(separator:)` for the strings a
    /// frame draws.
    ///
    /// The standard library's `joined(separator:)` is not specialised for arrays: its generic
    /// code asks the runtime for `Array`'s associated types, and the first such question in
    /// a process checks `Array`'s conformances by scanning every conformance record in the
    /// binary, twice, which the first frame paid for (docs/PERFORMANCE.md, "Start-up:
    /// conformance scans").
    func joined(by separator: String) -> String {
        var result = ""
        for index in indices {
            if index > startIndex { result += separator }
            result += self[index]
        }
        return result
    }
}
