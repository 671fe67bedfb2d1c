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
            guard let commands = screen.asCommandHandling else { return Self.noCommandsOfItsOwn }
            return performScreenCommand(number, of: commands)
        case .terminalCommand(let number):
            finishFilterNow()
            guard let commands = screen.asCommandHandling else { return Self.noCommandsOfItsOwn }
            return terminalCommand(number, of: commands).map { .handOver($0) } ?? .handled(changed: false)
        default:
            return nil
        }
    }

    /// A screen command bound on a screen that is not a ``CommandHandlingScreen``: said on the
    /// status line, so that a screen which implements `perform(command:context:)` without
    /// declaring the protocol (those requirements were `ListScreen`'s once) is found out at
    /// the first key instead of doing nothing.
    static var noCommandsOfItsOwn: HostResponse {
        .hint("No commands of its own: not a CommandHandlingScreen")
    }

    /// Runs the screen's own command `number` (``CommandHandlingScreen``): the screen it
    /// changes into replaces this one, else its message is shown.
    private func performScreenCommand<C: CommandHandlingScreen>(_ number: Int, of commands: C) -> HostResponse {
        // `commands` is `screen` itself (its refinement answers `self`), so C is S and the
        // casts below compare two identical types: no conformance is looked up.
        let context = context(now: now) as! ListContext<C>
        if let change = commands.change(command: number, context: context) { return apply(change as! ScreenChange<S>) }
        return commands.perform(command: number, context: context).map { .hint($0) } ?? .handled(changed: true)
    }

    /// The screen's program `number` (``CommandHandlingScreen``), made from the context.
    private func terminalCommand<C: CommandHandlingScreen>(_ number: Int, of commands: C) -> (@Sendable () -> Void)? {
        commands.terminalCommand(number, context: context(now: now) as! ListContext<C>)  // C is S, as above
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
