/// Streams: a load that reports its rows while it is still running.
///
/// A stream's reports only ever append rows (each report begins with the rows of the one
/// before, and so does the final result). The first report with rows replaces what a
/// foreground load discarded and hides the spinner; later ones append, so the selection
/// and the scroll stay where the user put them while the list grows. Each report starts the
/// load's timeout again: a stream still producing never times out. A refresh in the
/// background keeps showing the old rows until its final result.
extension ListModel {
    /// Takes the rows that the load of `generation` has brought so far, while it goes on.
    /// Returns false when the report is stale (a newer load started, the load finished or
    /// the screen was left) and was dropped.
    @discardableResult
    public mutating func receive(progress items: ItemList<Item>, generation: Int, now: Duration) -> Bool {
        let isPage = activity.page != nil
        let shows = !isPage && !loads.isBackground && (isStreaming || !items.isEmpty)
        guard !isPage, loads.progress(generation: generation, now: now, contentShown: shows) else {
            return false
        }
        guard shows else { return true }  // nothing to show yet, or a refresh behind the rows
        if isStreaming {
            grow(to: items)
        } else {
            activity = .streaming
            isPaged = false
            pageCount = 1
            hasMore = false
            state = ListState(from: items)
            revision += 1
            replacedRevision = revision
            restoreSelection(in: items, more: true)
        }
        return true
    }

    /// Starts a stream that continues the rows shown (initial items that are the start of
    /// what the load reads): its reports grow them, as a stream's later reports do, and no
    /// spinner is armed, since the rows are already there.
    public mutating func continueStream(now: Duration) -> [Effect] {
        guard case .loaded = state else { return load(now: now) }
        let effects = begin(page: nil, now: now, background: false)
        loads.markContentShown()
        activity = .streaming
        isPaged = false
        pageCount = 1
        hasMore = false
        return effects
    }

    /// The stream's final result: all rows (appended to those shown), or its error, which
    /// leaves the rows that came before it.
    mutating func finishStream(_ result: Result<Arrival, ListError>) {
        switch result {
        case .success(let arrival):
            activity = .settled
            // The final rows replace the last report's even when they are as many: a report
            // may show the start of a row still being read (`lister lines` on a long line).
            grow(to: arrival.items, final: true)
        case .failure(let error):
            activity = .streamStopped(error)
        }
        pendingSelectionID = nil  // not among the rows: the selection stays where it is
    }

    /// The rows grew at their end: the selection and the scroll stay, unless the item
    /// selected before the stream began is among the new rows.
    private mutating func grow(to items: ItemList<Item>, final: Bool = false) {
        guard items.count != count || state.isLoading || final else { return }
        guard items.count >= count else {
            // Fewer rows than shown: a stream that broke its promise to append (a file cut
            // short while it was read). Not a trap: the rows are replaced, as by a first
            // report, and the selection stays in them.
            state = ListState(from: items)
            revision += 1
            replacedRevision = revision
            selection = min(selection, max(0, items.count - 1))
            restoreSelection(in: items, more: !final)
            return
        }
        let appended = count..<items.count
        state = ListState(from: items)
        revision += 1
        if let wanted = pendingSelectionID, let index = appended.first(where: { items[$0].id == wanted }) {
            selection = index
            pendingSelectionID = nil
        }
        rememberSelection()
    }
}
