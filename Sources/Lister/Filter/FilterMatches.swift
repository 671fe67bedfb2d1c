/// The rows that match a query, in list order: position `p` of the filtered list shows row
/// `matches[p]` of the full list.
///
/// Rows are kept as sorted `Int32`s (4 bytes a match), so the matches of a million rows
/// cost 4 MB; ranked matches also keep their order and, for each examined row, its
/// position in it (4 bytes more a match and a row), and a large ranking its scored entries
/// until their order is needed (12 bytes a match). Only rows below ``coveredRows`` were
/// examined; rows appended to the list later are not filtered yet (see
/// ``FilterEngine/rowsAppended(count:)``).
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
    /// The matching rows, ascending (a large ranking's from ``deferred``).
    var rows: [Int32] { deferred?.rows ?? ascending }
    private let ascending: [Int32]
    /// The matching rows in the order shown, when they are ranked; nil: ascending.
    private let order: [Int32]?
    /// For each covered row, its position in `order`, or -1; nil when not ranked.
    private let positions: [Int32]?
    /// A large ranking's order, sorted when first needed beyond its best rows; when set,
    /// it answers for `ascending` (empty), `order` and `positions` (nil).
    private let deferred: RankedOrder?
    /// For each of `rows`, where the leftmost match of the query's one fuzzy term ended in
    /// the row's bytes (255: not known), so that a longer query resumes there; nil when
    /// not kept (``FuzzySubsequence``).
    let ends: [UInt8]?

    /// Creates matches from rows known to match `query`.
    /// - Parameters:
    ///   - query: the query the rows match.
    ///   - rows: the matching rows, strictly ascending, each below `coveredRows`.
    ///   - coveredRows: how many rows of the list were examined.
    public init(query: FilterQuery, rows: [Int32], coveredRows: Int) {
        self.init(query: query, rows: rows, coveredRows: coveredRows, ends: nil)
    }

    /// Matches with where each row's match ended (``ends``), one per row.
    init(query: FilterQuery, rows: [Int32], coveredRows: Int, ends: [UInt8]?) {
        precondition(ends == nil || ends?.count == rows.count, "one end per row")
        precondition(coveredRows >= 0 && coveredRows <= Int(Int32.max), "coveredRows \(coveredRows) out of range")
        assert(zip(rows, rows.dropFirst()).allSatisfy { $0 < $1 }, "rows must be strictly ascending")
        assert(rows.last.map { Int($0) < coveredRows } ?? true, "rows must be below coveredRows")
        self.query = query
        ascending = rows
        self.coveredRows = coveredRows
        self.ends = ends
        order = nil
        positions = nil
        deferred = nil
    }

    /// Creates ranked matches: shown in `order`, best first.
    /// - Parameters:
    ///   - query: the query the rows match.
    ///   - order: the matching rows, each once, in the order shown.
    ///   - coveredRows: how many rows of the list were examined; every row is below it.
    public init(query: FilterQuery, order: [Int32], coveredRows: Int) {
        precondition(coveredRows >= 0 && coveredRows <= Int(Int32.max), "coveredRows \(coveredRows) out of range")
        self.query = query
        self.coveredRows = coveredRows
        self.order = order
        (positions, ascending) = Self.index(of: order, coveredRows: coveredRows)
        ends = nil
        deferred = nil
    }

    /// For each of `coveredRows` rows, its position in `order` or -1, and the rows of
    /// `order` ascending.
    static func index(of order: [Int32], coveredRows: Int) -> (positions: [Int32], rows: [Int32]) {
        var positions = [Int32](repeating: -1, count: coveredRows)
        for (position, row) in order.enumerated() { positions[Int(row)] = Int32(truncatingIfNeeded: position) }
        // The rows ascending from the table, in one pass instead of a sort.
        var rows: [Int32] = []
        rows.reserveCapacity(order.count)
        for (row, position) in positions.enumerated() where position >= 0 { rows.append(Int32(truncatingIfNeeded: row)) }
        return (positions, rows)
    }

    /// Ranked matches from a ranking, with the positions and the ascending rows it filled
    /// when it could (``FuzzyRanking/Ranked/index``), else computed here.
    init(query: FilterQuery, ranked: FuzzyRanking.Ranked, coveredRows: Int) {
        if let deferred = ranked.deferred {
            precondition(coveredRows >= 0 && coveredRows <= Int(Int32.max), "coveredRows \(coveredRows) out of range")
            self.init(query: query, coveredRows: coveredRows, rows: [], order: nil, positions: nil, deferred: deferred)
            return
        }
        guard let (positions, rows) = ranked.index else {
            self.init(query: query, order: ranked.order, coveredRows: coveredRows)
            return
        }
        precondition(coveredRows >= 0 && coveredRows <= Int(Int32.max), "coveredRows \(coveredRows) out of range")
        precondition(positions.count == coveredRows && rows.count == ranked.order.count, "one position per covered row, one row per match")
        self.init(query: query, coveredRows: coveredRows, rows: rows, order: ranked.order, positions: positions, deferred: nil)
    }

    /// Ranked matches, every part given.
    private init(query: FilterQuery, coveredRows: Int, rows: [Int32], order: [Int32]?, positions: [Int32]?, deferred: RankedOrder?) {
        self.query = query
        self.coveredRows = coveredRows
        ascending = rows
        self.order = order
        self.positions = positions
        ends = nil
        self.deferred = deferred
    }

    /// Nothing matched yet: no row examined.
    public init(nothingFor query: FilterQuery) {
        self.init(query: query, rows: [], coveredRows: 0)
    }

    /// The first position, 0.
    public var startIndex: Int { 0 }
    /// The position after the last element.
    public var endIndex: Int { deferred?.count ?? ascending.count }

    /// The row of the full list at `position` of the filtered list.
    public subscript(position: Int) -> Int {
        if let deferred { return Int(deferred.row(at: position)) }
        return Int(order?[position] ?? ascending[position])
    }

    /// The position of `row` in the filtered list, or `nil` when it does not match (or was
    /// not examined). A binary search: O(log n); ranked, a look-up in a table of positions
    /// (a large ranking's best rows are searched first, and its order sorted if the row
    /// matches and is not one of them).
    public func position(ofRow row: Int) -> Int? {
        if let deferred { return deferred.position(ofRow: row) }
        if let positions {
            guard row >= 0, row < positions.count, positions[row] >= 0 else { return nil }
            return Int(positions[row])
        }
        let position = insertionPosition(ofRow: row)
        return position < rows.count && Int(rows[position]) == row ? position : nil
    }

    /// Ranked matches: the position of `row`, or 0 (the best match) when it does not match.
    ///
    /// Otherwise the number of matches before `row`: the position of `row` if it matches, else the
    /// position of the first match after it (`count` when none). A binary search (ranked:
    /// ``position(ofRow:)``).
    ///
    /// Keeps a selection near its place when its row is filtered out:
    /// `min(matches.insertionPosition(ofRow: row), matches.count - 1)`.
    public func insertionPosition(ofRow row: Int) -> Int {
        if positions != nil || deferred != nil { return position(ofRow: row) ?? 0 }  // ranked: the best match
        var low = 0
        var high = ascending.count
        while low < high {
            let middle = (low + high) / 2
            if Int(ascending[middle]) < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether every row of a list of `rowCount` rows was examined.
    public func isComplete(rowCount: Int) -> Bool { coveredRows >= rowCount }

    /// The matching rows, ascending (a large ranking's taken from its entries on first use).
    public var rowIndices: [Int32] { rows }

    /// Whether both hold the same rows in the same order for the same query (a large
    /// ranking's order is sorted for it first).
    public static func == (lhs: FilterMatches, rhs: FilterMatches) -> Bool {
        lhs.query == rhs.query && lhs.coveredRows == rhs.coveredRows && lhs.ends == rhs.ends
            && lhs.rows == rhs.rows && lhs.shownOrder == rhs.shownOrder
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(query)
        hasher.combine(coveredRows)
        hasher.combine(rows)
        hasher.combine(shownOrder)
        hasher.combine(ends)
    }

    /// Whether a large ranking's order is still to be sorted beyond its best rows (the
    /// tests' question).
    var sortsLater: Bool { deferred.map { !$0.isSorted } ?? false }

    /// Whether a large ranking left its sort for later, sorted since or not (the tests'
    /// question).
    var leftItsSort: Bool { deferred != nil }

    /// The rows in the order shown, in one array (a large ranking's order sorted first):
    /// for walking every match without a call per position.
    var shownRows: [Int32] { deferred?.order ?? order ?? ascending }

    /// The ranked order, nil when the rows show ascending.
    private var shownOrder: [Int32]? { deferred?.order ?? order }
}
