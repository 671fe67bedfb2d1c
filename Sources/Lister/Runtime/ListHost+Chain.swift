/// A chain of commands in a picker (fzf's `change-query(b)+accept`): fzf finds the matches
/// of a new query between keys, so an `accept` later in the same chain takes the row that
/// was shown before the query changed, not the best match of the new query.
struct ChainState<Item> {
    /// Set at the chain's first change of the query: the row then selected and shown
    /// (`.some(nil)`: none).
    var shownBeforeQueryChange: Item??
    /// Chains inside chains: the outermost one ends it.
    var depth = 1
}

extension ListHost {
    func beginChain() {
        guard screen.filterPrompt != nil else { return }
        if chain == nil { chain = ChainState(shownBeforeQueryChange: nil) } else { chain?.depth += 1 }
    }

    func endChain() {
        chain?.depth -= 1
        if chain?.depth == 0 { chain = nil }
    }

    /// Called before a new query is applied: the first time in a chain, keeps the row shown.
    func noteQueryChangeInChain() {
        guard var current = chain, current.shownBeforeQueryChange == nil else { return }
        current.shownBeforeQueryChange = .some(isSelectionVisible && model.count > 0 ? model.selectedItem : nil)
        chain = current
    }
}
