/// A screen replaced by one of its own commands (``CommandHandlingScreen/change(command:context:)``).
extension ListHost {
    /// Puts `change.screen` in place of the screen: its rows kept and matched again under
    /// its query, or loaded again (now, or behind the rows shown). In a chain of commands
    /// the rows change when the chain ends (``ListHost+Chain.swift``).
    func apply(_ change: ScreenChange<S>) -> HostResponse {
        let hiddenBefore = screen.previewPlacement?.startsHidden
        setScreen(change.screen)
        // A new placement that hides or shows the pane does so now (fzf's
        // `change-preview-window(hidden|…)`); the same one keeps the user's toggle.
        if let placement = change.screen.previewPlacement, placement.startsHidden != hiddenBefore {
            preview.isShown = !placement.startsHidden
        }
        let then: HostResponse = change.then.isEmpty && change.message == nil ? .handled(changed: true)
                                                                              : .perform(change.then, hint: change.message)
        if change.rows == .unchanged {
            if change.clearsMarks { marks = ListMarks() }  // fzf's clear-selection: at once, even in a chain
            return then
        }
        if defersRowChangeToChainEnd(change.rows, clearsMarks: change.clearsMarks) { return then }
        if change.clearsMarks {
            marks = ListMarks()
        }
        if change.rows == .kept {
            if filter.isActive { applyQuery() }
        } else {
            changeRows(change.rows)
        }
        return then
    }

    /// Loads the rows again, now or behind the rows shown. A prompt-first screen's cursor
    /// keeps its place: the new rows (or matches of the query) are entered there, as fzf's
    /// cursor stays where it was on the screen when a reload brings new lines.
    func changeRows(_ rows: ScreenChange<S>.Rows) {
        guard rows != .unchanged else { return }
        if screen.filterPrompt != nil { filter.reloadStarts(selection: model.selection) }
        switch rows {
        case .kept: break
        case .reloaded: run(model.load(now: now))
        case .reloadedBehind: run(model.refresh(now: now))
        case .unchanged: break
        }
        // The new screen may search for another query (a picker's reload while its search
        // is off searches for nothing): the reloaded rows are matched with it.
        if filter.isActive { executeFilter(filter.engine.setQuery(screen.filterQuery(filter.text))) }
    }

    /// Takes the cursor's place again while a reload waits with the rows still shown
    /// (`reload-sync`): the user may have moved since it started, and fzf's cursor is where
    /// it is when the new rows replace them. Called before a load's message is applied.
    func noteCursorBeforeReloadedRows() {
        filter.noteCursorBeforeReloadedRows(selection: model.selection, rowCount: model.count, revision: model.revision)
    }
}
