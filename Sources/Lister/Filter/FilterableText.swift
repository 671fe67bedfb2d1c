/// Rows whose text a filter reads as UTF-8 bytes, without a `String` per row.
///
/// A filter run reads rows from several tasks at once, off the main actor, so a conforming
/// type must be safe to read concurrently and must not change the bytes of a row below
/// ``count`` once published (appending rows is fine). The text should be what the row
/// shows, so that highlighting agrees with matching.
///
/// Only ``withUTF8(row:_:)`` is required. A store that keeps every line in one buffer
/// hands out slices of it, and can also implement ``forEachUTF8(in:_:)`` to pin the buffer
/// once for thousands of rows (about a fifth less time on short rows):
///
/// ```swift
/// /// Lines in one buffer, with where each starts (plus one final end).
/// struct CompactLines: FilterableText {
///     let bytes: [UInt8]
///     let starts: [Int]
///     var count: Int { starts.count - 1 }
///
///     func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
///         bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[row]..<starts[row + 1]])) }
///     }
///
///     func forEachUTF8(in rows: FilterRowBatch, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
///         bytes.withUnsafeBufferPointer { all in
///             for row in rows { body(row, UnsafeBufferPointer(rebasing: all[starts[row]..<starts[row + 1]])) }
///         }
///     }
/// }
/// ```
///
/// Bytes need not be valid UTF-8: an invalid byte never takes part in a match (of a term
/// without U+FFFD), as if it were shown as U+FFFD.
public protocol FilterableText: Sendable {
    /// The number of rows.
    var count: Int { get }

    /// Calls `body` once with the UTF-8 bytes of the text of `row`, valid only inside `body`.
    ///
    /// Not generic on purpose: it is called once per row of a million, through the
    /// protocol, and a generic result would make each call go through unspecialized code.
    /// - Parameters:
    ///   - row: a row in `0..<count`.
    ///   - body: reads the bytes; it must not keep the pointer.
    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void)

    /// Calls `body` with each row of `rows`, in order, and the UTF-8 bytes of its text.
    ///
    /// A filter reads rows in batches of a few thousand through this method. The default
    /// calls ``withUTF8(row:_:)`` for each row; implement it when rows are cheaper to read
    /// in bulk.
    func forEachUTF8(in rows: FilterRowBatch, _ body: (_ row: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Void)

    /// Calls `body` with each row of `rows`, in order, the UTF-8 bytes of the whole row and
    /// the byte ranges of it that are searched, each on its own; nil: the whole row is
    /// searched as one text.
    ///
    /// `lister pick --nth 1,3` searches fields 1 and 3 of each line, and fzf matches each
    /// term in each such range separately (a term never spans two of them; the first range
    /// where it matches counts), while its tiebreaks (`length`, `begin`, `end`, `chunk`,
    /// `pathname`) measure the whole row. The ranges are in the order they are searched,
    /// may overlap and may be empty; valid only inside `body`, like the bytes. The default
    /// passes the bytes of ``forEachUTF8(in:_:)`` and nil.
    func forEachUTF8(in rows: FilterRowBatch,
                     fields body: (_ row: Int, _ utf8: UnsafeBufferPointer<UInt8>, _ fields: UnsafeBufferPointer<Range<Int>>?) -> Void)
}

extension FilterableText {
    /// Calls ``withUTF8(row:_:)`` for each row of `rows`.
    public func forEachUTF8(in rows: FilterRowBatch, _ body: (_ row: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Void) {
        for row in rows { withUTF8(row: row) { body(row, $0) } }
    }

    /// Calls ``forEachUTF8(in:_:)``: each row is searched whole.
    public func forEachUTF8(in rows: FilterRowBatch,
                            fields body: (_ row: Int, _ utf8: UnsafeBufferPointer<UInt8>, _ fields: UnsafeBufferPointer<Range<Int>>?) -> Void) {
        forEachUTF8(in: rows) { body($0, $1, nil) }
    }
}

/// Rows that a filter reads in one go, ascending: a range of rows, or some rows (the
/// matches of a broader query). Valid only during the call that it is passed to.
public struct FilterRowBatch: RandomAccessCollection {
    /// The rows, when they are consecutive.
    private let range: Range<Int>
    /// The rows, when they are not; it points into a ``FilterMatches``.
    private let list: UnsafeBufferPointer<Int32>?

    /// Consecutive rows.
    init(_ range: Range<Int>) {
        self.range = range
        list = nil
    }

    /// Rows listed in ascending order.
    init(_ list: UnsafeBufferPointer<Int32>) {
        range = 0..<list.count
        self.list = list
    }

    /// The first position, 0.
    public var startIndex: Int { 0 }
    /// The position after the last element.
    public var endIndex: Int { range.count }

    /// The row at `position` of the batch.
    @inline(__always)
    public subscript(position: Int) -> Int {
        if let list { return Int(list[position]) }
        return range.lowerBound + position
    }
}

/// Rows of text kept as strings: the filterable text of a list built from values.
///
/// Make it on the main actor from what the rows show, then filter it anywhere:
///
/// ```swift
/// let text = FilterStrings(items.map(\.title))
/// ```
public struct FilterStrings: FilterableText, Hashable {
    /// The text of each row.
    public let strings: [String]

    /// Wraps `strings`; native Swift strings are already UTF-8, so nothing is copied.
    public init(_ strings: [String]) { self.strings = strings }

    /// The number of rows.
    public var count: Int { strings.count }

    /// Calls `body` with the UTF-8 bytes of `strings[row]`.
    public func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if strings[row].utf8.withContiguousStorageIfAvailable(body) != nil { return }
        var copy = strings[row]  // a bridged or otherwise non-contiguous string
        copy.withUTF8(body)
    }
}
