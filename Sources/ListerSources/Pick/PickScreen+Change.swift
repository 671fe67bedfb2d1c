import Lister

/// The `--bind` actions that change the picker itself: `reload(CMD)`, `reload-sync(CMD)`,
/// `toggle-sort`, `change-preview-window(…)`.
extension PickScreen {
    /// The screen after the action `number` of ``PickOptions/commandActions``, when it is
    /// one that changes the screen; nil for `execute-silent` (``perform(command:context:)``).
    ///
    /// `reload` discards the rows and shows the command's lines as they come, as fzf does;
    /// `reload-sync` keeps the rows until the command has ended. Both keep the query and
    /// clear the marks (fzf's lines are new ones). A command that cannot be expanded (a
    /// placeholder with nothing to fill it) changes nothing.
    package func change(command number: Int, context: ListContext<Self>) -> ScreenChange<Self>? {
        let actions = commandActions
        guard actions.indices.contains(number) else { return nil }
        let action = actions[number]
        if let change = changeOfActions(action, context: context) { return change }
        var changed = self
        switch action.name {
        case .reload, .reloadSync:
            guard let commandLine = try? commandLine(of: action, context: context) else { return nil }
            changed.reloadCommand = commandLine
            var variables = variables(context)
            variables.key = options.keyName(ofAction: number, counting: \.name.isScreenCommand)
            changed.reloadVariables = variables.values
            // The reload's turn to replace the header is taken here, in the order the keys
            // came, not when its load task happens to start (a superseded reload's task may
            // start after its successor's).
            changed.reloadReader = options.headerLines > 0 ? header.beginReading() : nil
            changed.preloaded = nil
            changed.searchedQuery = ""  // new lines, searched for nothing while search is disabled (fzf)
            return ScreenChange(screen: changed, rows: action.name == .reload ? .reloaded : .reloadedBehind, clearsMarks: true)
        case .toggleSort:
            changed.options.sorts.toggle()
            return ScreenChange(screen: changed, rows: .kept)
        case .changePreviewWindow:
            // fzf cycles through the alternatives, each applied over --preview-window.
            let alternatives = Self.previewWindowAlternatives(action.argument ?? "")
            let turn = previewWindowTurns[number, default: 0] % max(1, alternatives.count)
            changed.previewWindowTurns[number] = turn + 1
            guard let placement = try? PreviewWindow.parse(alternatives[turn], over: options.previewWindow) else { return nil }
            changed.lines.previewWindow = placement
            return ScreenChange(screen: changed, rows: .kept)
        default:
            return nil
        }
    }

    /// The alternatives of `change-preview-window(A|B|…)`, in the order they come.
    package nonisolated static func previewWindowAlternatives(_ argument: String) -> [String] {
        argument.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
}
