/// fzf's `offset-up` and `offset-down` (``Command/offsetUp``, ``Command/offsetDown``): the
/// list scrolls a row, the selection stays where it is unless the rows kept in view around
/// it (``FilterPrompt/scrollOff``) would be lost, as fzf 0.74.5 does it: the offset moves,
/// and if keeping the selection in view would move it back, the selection moves a row the
/// same way instead (at either end of the list, only the selection moves).
extension ListHost {
    func performOffset(_ command: Command) -> HostResponse? {
        let delta: Int
        switch command {
        case .offsetUp: delta = -1
        case .offsetDown: delta = 1
        default: return nil
        }
        guard screen.filterPrompt != nil, pageHeight > 0 else { return .handled(changed: false) }
        let layout = context(now: now).rowLayout
        let filtering = filter.engine.isFiltering
        let count = filtering ? filter.engine.visibleCount : model.count
        guard count > 0 else { return .handled(changed: false) }
        let position = filtering ? filter.engine.visiblePosition(ofRow: model.selection) ?? 0 : model.selection
        let offset = (filtering ? filter.scrollOffset : model.scrollOffset) + delta
        let kept = layout.scrollOffset(keeping: position, visibleIn: pageHeight, from: offset, rows: count)
        let before = (model.selection, filtering ? filter.scrollOffset : model.scrollOffset)
        if kept != offset {
            let target = max(0, min(count - 1, position + delta))
            model.select(filtering ? filter.engine.row(atVisible: target) : target)
            noteSelectionMoved()
        }
        // Kept even when out of range: the next layout brings it back, as fzf's constrain does.
        if filtering {
            filter.scrollOffset = max(0, offset)
        } else {
            model.scrollOffset = max(0, offset)
        }
        return .handled(changed: before != (model.selection, filtering ? filter.scrollOffset : model.scrollOffset))
    }
}
