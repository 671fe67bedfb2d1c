/// Text put into the filter line by a command, not typed (fzf's `put(...)` and `change-query(...)`).
extension ListHost {
    /// Inserts text at the cursor, or replaces the line; the rows are filtered again.
    func changeQuery(_ command: Command) -> HostResponse {
        guard filter.isEditing else { return .handled(changed: false) }
        let before = filter.line.editor.text
        switch command {
        case .insertText(let text):
            filter.line.editor.insert(text)
        case .setQuery(let text):
            filter.line.editor.text = text
            filter.line.editor.moveCursor(to: filter.line.editor.text.count)
        default:
            return .handled(changed: false)
        }
        guard filter.line.editor.text != before else { return .handled(changed: true) }  // the cursor may have moved
        applyQuery()
        return .handled(changed: true)
    }
}
