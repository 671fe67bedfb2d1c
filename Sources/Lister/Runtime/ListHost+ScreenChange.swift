/// A screen replaced by one of its own commands (``CommandHandlingScreen/change(command:context:)``).
extension ListHost {
    /// Puts `change.screen` in place of the screen: its rows kept and matched again under
    /// its query, or loaded again (now, or behind the rows shown).
    func apply(_ change: ScreenChange<S>) -> HostResponse {
        let hiddenBefore = screen.previewPlacement?.startsHidden
        setScreen(change.screen)
        // A new placement that hides or shows the pane does so now (fzf's
        // `change-preview-window(hidden|…)`); the same one keeps the user's toggle.
        if let placement = change.screen.previewPlacement, placement.startsHidden != hiddenBefore {
            preview.isShown = !placement.startsHidden
        }
        if change.clearsMarks {
            marks = ListMarks()
        }
        switch change.rows {
        case .kept:
            if filter.isActive { applyQuery() }
        case .reloaded:
            run(model.load(now: now))
        case .reloadedBehind:
            run(model.refresh(now: now))
        }
        return .handled(changed: true)
    }
}
