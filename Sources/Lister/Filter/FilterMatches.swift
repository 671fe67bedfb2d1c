/// The rows that match a query, in list order: position `p` of the filtered list shows row
/// `matches[p]` of the full list.
///
/// Rows are kept as sorted `Int32`s (4 bytes a match), so the matches of a million rows
/// cost 4 MB. Only rows below ``coveredRows`` were examined; rows appended to the list
/// later are not filtered yet (see ``FilterEngine/rowsAppended(count:)``).
///
/// ```swift
/// let items = ItemList(count: matches.count) { lines[matches[$0]] }
/// let position = matches.position(ofRow: selectedRow)  // keep the selection on its row
/// ```
public struct FilterMatches: RandomAccessCollection, Hashable, Sendable {
    /// The query these rows match.
    public let query: FilterQuery
    /// Rows `0..<coveredRows` of the list were examined.
    public let coveredRows: Int
    /// The matching rows, ascending.
    let rows: [Int32]

    /// Creates matches from rows known to match `query`.
    /// - Parameters:
    ///   - query: the query the rows match.
    ///   - rows: the matching rows, strictly ascending, each below `coveredRows`.
    ///   - coveredRows: how many rows of the list were examined.
    public init(query: FilterQuery, rows: [Int32], coveredRows: Int) {
        precondition(coveredRows >= 0 && coveredRows <= Int(Int32.max), "coveredRows \(coveredRows) out of range")
        assert(zip(rows, rows.dropFirst()).allSatisfy { $0 < $1 }, "rows must be strictly ascending")
        assert(rows.last.map { Int($0) < coveredRows } ?? true, "rows must be below coveredRows")
        self.query = query
        self.rows = rows
        self.coveredRows = coveredRows
    }

    /// Nothing matched yet: no row examined.
    public init(nothingFor query: FilterQuery) {
        self.init(query: query, rows: [], coveredRows: 0)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    /// The row of the full list at `position` of the filtered list.
    public subscript(position: Int) -> Int { Int(rows[position]) }

    /// The position of `row` in the filtered list, or `nil` when it does not match (or was
    /// not examined). A binary search: O(log n).
    public func position(ofRow row: Int) -> Int? {
        let position = insertionPosition(ofRow: row)
        return position < rows.count && Int(rows[position]) == row ? position : nil
    }

    /// The number of matches before `row`: the position of `row` if it matches, else the
    /// position of the first match after it (`count` when none). A binary search.
    ///
    /// Keeps a selection near its place when its row is filtered out:
    /// `min(matches.insertionPosition(ofRow: row), matches.count - 1)`.
    public func insertionPosition(ofRow row: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if Int(rows[middle]) < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether every row of a list of `rowCount` rows was examined.
    public func isComplete(rowCount: Int) -> Bool { coveredRows >= rowCount }

    /// The matching rows as they are stored, ascending.
    public var rowIndices: [Int32] { rows }
}
