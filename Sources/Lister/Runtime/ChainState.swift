/// A chain of commands in a picker (fzf's `change-query(b)+down+accept`). fzf finds the
/// matches of a new query, and reads a reload's lines, between keys: every action of a
/// chain acts on the rows shown when the chain began. So while a chain runs, a change of
/// the query or of the rows is noted, not applied; the chain's moves, marks and `accept`
/// take the matches shown, and its end applies what was noted, the new matches entered at
/// the cursor's place as after a typed key (fzf's moves after a `change-query` act on the
/// old matches and its `accept` prints an old row: checked with fzf 0.74.5).
struct ChainState<S: ListScreen> {
    /// Whether the query changed (its matches are found at the end).
    var queryChanged = false
    /// The changes of the rows noted (`reload`, `toggle-sort`), in order, and whether
    /// each clears the marks.
    var rowChanges: [(rows: ScreenChange<S>.Rows, clearsMarks: Bool)] = []
    /// Chains inside chains: the outermost one ends it.
    var depth = 1

    /// What the end of the outermost chain applies, in this order.
    struct End {
        /// Whether the query's matches are found again (the query changed, or the rows were
        /// kept and matched again).
        var appliesQuery: Bool
        /// Whether a noted change cleared the marks.
        var clearsMarks: Bool
        /// The changes of the rows that load them again, in the order noted.
        var rowChanges: [ScreenChange<S>.Rows]
    }

    /// A chain begins: the first one, or one inside the chain running (`chain`).
    static func begin(_ chain: inout ChainState?) {
        if chain == nil { chain = ChainState() } else { chain?.depth += 1 }
    }

    /// A chain ends: what to apply when it was the outermost one (`chain` is then nil),
    /// else nil (the outer chain goes on).
    static func end(_ chain: inout ChainState?) -> End? {
        guard var current = chain else { return nil }
        current.depth -= 1
        guard current.depth == 0 else {
            chain = current
            return nil
        }
        chain = nil
        return End(appliesQuery: current.queryChanged || current.rowChanges.contains { $0.rows == .kept },
                   clearsMarks: current.rowChanges.contains(where: \.clearsMarks),
                   rowChanges: current.rowChanges.map(\.rows).filter { $0 != .kept })
    }
}
