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
}

extension ListHost {
    func beginChain() {
        guard screen.filterPrompt != nil else { return }
        if chain == nil { chain = ChainState() } else { chain?.depth += 1 }
    }

    func endChain(applying: Bool) {
        guard var current = chain else { return }
        current.depth -= 1
        guard current.depth == 0 else {
            chain = current
            return
        }
        chain = nil
        guard applying else { return }
        // The query first, placed among the rows shown (its cursor there), then the rows.
        if current.queryChanged || current.rowChanges.contains(where: { $0.rows == .kept }) {
            applyQuery()
        }
        if current.rowChanges.contains(where: \.clearsMarks) { marks = ListMarks() }
        for change in current.rowChanges where change.rows != .kept { changeRows(change.rows) }
    }

    /// Whether a change of the query is left to the end of the chain running (noted).
    func defersQueryChangeToChainEnd() -> Bool {
        guard chain != nil else { return false }
        chain?.queryChanged = true
        return true
    }

    /// Whether a change of the rows is left to the end of the chain running (noted).
    func defersRowChangeToChainEnd(_ rows: ScreenChange<S>.Rows, clearsMarks: Bool) -> Bool {
        guard chain != nil else { return false }
        chain?.rowChanges.append((rows, clearsMarks))
        return true
    }
}
