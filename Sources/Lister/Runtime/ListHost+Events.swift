/// A picker's events (fzf's `--bind 'load:…'`): what happened since the runtime last asked.
extension ListHost: PromptHost {
    func eventCommands() -> [Command] {
        guard let commands = screen.filterPrompt?.eventCommands, !commands.isEmpty else { return [] }
        let visible = isSelectionVisible && model.count > 0
        let snapshot = PromptEventTracker.Snapshot(
            isLoading: model.isLoadInFlight, query: filter.text,
            focus: visible ? model.selectedItem.map { AnyHashable($0.id) } : nil,
            hasResult: filter.engine.isUpToDate, revision: model.revision, hasRows: model.count > 0,
            matchCount: filter.engine.isFiltering ? filter.engine.visibleCount : model.count,
            marks: commands[.multi] == nil ? nil : AnyHashable(marks.keys))
        return eventTracker.events(snapshot).compactMap { commands[$0] }
    }
}
