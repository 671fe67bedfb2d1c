/// The commands of a picker's prompt and its `--bind` actions (marks of every row, the
/// query's editor and history, the screen's own programs), and the screen's own actions.
extension ListHost {
    /// Performs `command` if it is one of the prompt's; nil for the others.
    func performPromptCommand(_ command: Command) -> HostResponse? {
        switch command {
        case .markAll, .unmarkAll, .toggleAllMarks:
            return markAll(command)
        case .markRow(let change):
            return markSelected(change)
        case .openIfAny:
            finishFilterNow()
            guard !marks.isEmpty || (model.selectedItem != nil && isSelectionVisible) else { return .handled(changed: false) }
            return perform(.open, now: now)
        case .edit(let action):
            return performEdit(action)
        case .previousHistory, .nextHistory:
            return performHistory(previous: command == .previousHistory)
        case .insertText, .setQuery:
            return changeQuery(command)
        case .screenCommand(let number):
            finishFilterNow()  // the command sees the matches of the query as typed
            if let change = screen.change(command: number, context: context(now: now)) { return apply(change) }
            return screen.perform(command: number, context: context(now: now)).map { .hint($0) } ?? .handled(changed: true)
        case .terminalCommand(let number):
            finishFilterNow()
            return screen.terminalCommand(number, context: context(now: now)).map { .handOver($0) } ?? .handled(changed: false)
        default:
            return nil
        }
    }

    /// Runs the screen's own action for `key`, if it has one: the screen it returns
    /// replaces this one and reloads behind the rows, keeping the selection.
    func performAction(for key: Key) -> HostResponse? {
        // A loop, not `first(where:)` (see ``takesKey(_:)``).
        var found: ScreenAction<S>?
        for action in screen.actions where action.key == key {
            found = action
            break
        }
        guard let action = found else { return nil }
        guard let changed = action.perform(screen) else { return .handled(changed: false) }
        replaceScreen(changed)
        return .handled(changed: true)
    }
}
