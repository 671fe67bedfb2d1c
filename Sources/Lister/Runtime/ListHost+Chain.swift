/// A chain of commands in a picker: what it notes and applies at its end is
/// ``ChainState``'s; the host applies it (the query, the marks, the rows).
extension ListHost {
    func beginChain() {
        guard screen.filterPrompt != nil else { return }
        ChainState.begin(&chain)
    }

    func endChain(applying: Bool) {
        guard let end = ChainState.end(&chain), applying else { return }
        // The query first, placed among the rows shown (its cursor there), then the rows.
        if end.appliesQuery { applyQuery() }
        if end.clearsMarks { marks = ListMarks() }
        for rows in end.rowChanges { changeRows(rows) }
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
