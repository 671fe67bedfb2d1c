/// A compact filter source read in another order: the rows of a table sorted in memory,
/// each read from the source of the rows in load order (`lister csv` sorted still filters
/// the records' bytes where they are, not strings built from its cells).
nonisolated struct PermutedFilterableText: FilterableText {
    /// The rows in load order.
    let base: any FilterableText
    /// Shown position → position in ``base``; rows past its end are in load order.
    let permutation: [Int32]
    /// The rows shown.
    let count: Int

    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        base.withUTF8(row: row < permutation.count ? Int(permutation[row]) : row, body)
    }
}
