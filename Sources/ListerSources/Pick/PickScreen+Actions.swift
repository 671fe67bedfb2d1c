import Lister

/// The `--bind` actions that change what the picker takes and shows without new lines:
/// `enable-search`, `disable-search`, `toggle-search`, `unbind(…)`, `rebind(…)`,
/// `change-prompt(…)`, `change-header(…)`, `clear-selection`, and the `transform` family,
/// whose command's output is a query, a prompt, a header or actions to run.
extension PickScreen {
    /// The screen commands of the bindings, then those `transform(CMD)` added while the
    /// picker ran: a ``Lister/Command/screenCommand(_:)`` is an index here.
    package var commandActions: [PickAction] { options.commandActions + addedCommandActions }

    /// The `execute(CMD)` actions of the bindings, then those `transform(CMD)` added.
    package var terminalActions: [PickAction] { options.terminalActions + addedTerminalActions }

    /// The change made by the action `number`, when it is one of this file's; nil for the
    /// others. A failed `transform` command shows its message, and its output is still
    /// used, as fzf uses it.
    func changeOfActions(_ action: PickAction, context: ListContext<Self>) -> ScreenChange<Self>? {
        var changed = self
        switch action.name {
        case .enableSearch, .disableSearch, .toggleSearch:
            let disables = action.name == .toggleSearch ? !options.searchDisabled : action.name == .disableSearch
            guard disables != options.searchDisabled else { return ScreenChange(screen: changed, rows: .unchanged) }
            changed.options.searchDisabled = disables
            // As fzf: disabling keeps the matches shown (of the query as it is now, until
            // new lines come); enabling matches the query typed since.
            changed.searchedQuery = context.filterText
            changed.search = nil
            return ScreenChange(screen: changed, rows: disables ? .unchanged : .kept)
        case .unbind, .rebind:
            let triggers = (try? PickTrigger.parseList(action.argument ?? "")) ?? []  // checked when parsed
            if action.name == .unbind { changed.unbound.formUnion(triggers) } else { changed.unbound.subtract(triggers) }
            return ScreenChange(screen: changed, rows: .unchanged)
        case .changePrompt:
            changed.options.prompt = action.argument ?? ""
            return ScreenChange(screen: changed, rows: .unchanged)
        case .changeHeader:
            changed.options.header = action.argument ?? ""
            return ScreenChange(screen: changed, rows: .unchanged)
        case .changePreview:
            var command = PreviewCommand(action.argument ?? "", ansi: lines.previewCommand?.ansi ?? false, fields: options.fields)
            command.scroll = options.previewScroll
            command.generation = (lines.previewCommand?.generation ?? 0) + 1
            changed.lines.previewCommand = command
            return ScreenChange(screen: changed, rows: .unchanged)
        case .preview:
            // One run of CMD for the selected line, in the pane (shown if it was not).
            guard let selected = context.model.selectedItem,
                  let commandLine = try? commandLine(of: action, context: context) else { return nil }
            let command = PreviewCommand(action.argument ?? "", ansi: lines.previewCommand?.ansi ?? false, fields: options.fields)
            changed.oneShotPreview = OneShotPreview(commandLine: commandLine, line: selected.number, command: command,
                                                    generation: (oneShotPreview?.generation ?? 0) + 1)
            var change = ScreenChange(screen: changed, rows: .unchanged)
            change.then = [.showPreview]
            return change
        case .refreshPreview:
            changed.lines.previewCommand?.generation += 1
            return ScreenChange(screen: changed, rows: .unchanged)
        case .toggleTrack:
            changed.options.track.toggle()
            return ScreenChange(screen: changed, rows: .unchanged)
        case .togglePreviewWrap:
            changed.lines.previewWindow.wraps.toggle()
            return ScreenChange(screen: changed, rows: .unchanged)
        case .clearSelection:
            return ScreenChange(screen: changed, rows: .unchanged, clearsMarks: true)
        case .search:
            changed.searchFor(action.argument ?? "", typed: context.filterText)
            return ScreenChange(screen: changed, rows: .kept)
        case .transform, .transformQuery, .transformPrompt, .transformHeader, .transformSearch:
            let run: (output: String, failure: String?)
            do {
                run = PickShellCommand.output(of: try commandLine(of: action, context: context), action: action.name.rawValue,
                                              exporting: variables(context))
            } catch {
                return failed(ScreenChange(screen: changed, rows: .unchanged), "\(action.name.rawValue): \(error)")
            }
            // fzf takes the first line of a query, a prompt; a header keeps its lines.
            let firstLine = String(run.output.prefix { $0 != "\n" && $0 != "\r\n" })
            var change = ScreenChange(screen: changed, rows: .unchanged)
            switch action.name {
            case .transformQuery: change.then = [.setQuery(firstLine)]
            case .transformPrompt: change.screen.options.prompt = firstLine
            case .transformSearch:
                change.screen.searchFor(firstLine, typed: context.filterText)
                change.rows = .kept
            case .transformHeader:
                change.screen.options.header = String(run.output.hasSuffix("\n") ? run.output.dropLast() : Substring(run.output))
            default:
                let text = run.output.hasSuffix("\n") ? String(run.output.dropLast()) : run.output
                guard !text.isEmpty else { return failed(change, run.failure) }
                do {
                    change.then = [try changed.compileAdded(text)]
                } catch {
                    return failed(change, run.failure ?? "transform: \(error.description)")
                }
                change.screen = changed
            }
            return failed(change, run.failure)
        default:
            return nil
        }
    }

    /// fzf's `search(QUERY)`: the matches are those of `query`, the prompt's text kept.
    /// With search off they stay until new lines come; with search on, until the query
    /// typed (`typed` now) changes.
    private mutating func searchFor(_ query: String, typed: String) {
        if options.searchDisabled {
            searchedQuery = query
        } else {
            search = Search(query: query, typed: typed)
        }
    }

    /// `change` showing `message` (a failure), if any.
    private func failed(_ change: ScreenChange<Self>, _ message: String?) -> ScreenChange<Self> {
        var change = change
        change.message = message
        return change
    }

    /// The command of the actions `transform(CMD)` printed (`change-query(x)+reload(…)`,
    /// as after a key's `:` in `--bind`): its screen commands and programs are added to
    /// ``addedCommandActions`` and ``addedTerminalActions`` (once each: an action printed
    /// again is the same command).
    package mutating func compileAdded(_ text: String) throws(PickOptions.Failure) -> Command {
        // Parsed as the actions of a binding; the trigger is that of no key (`become` and
        // `print-query` need a key: refused, as on events).
        let bindings = try PickBinding.parseList("start:" + text)
        let actions = bindings.flatMap(\.actions)
        let reversed = options.reverse || options.reverseList
        let base = options.commandActions.count
        let terminalBase = options.terminalActions.count
        var added = addedCommandActions
        var addedTerminal = addedTerminalActions
        let command = try PickCommands.command(for: actions, trigger: .event(.start), layoutReversed: reversed) { action in
            if action.name == .execute {
                if let index = addedTerminal.firstIndex(of: action) { return terminalBase + index }
                addedTerminal.append(action)
                return terminalBase + addedTerminal.count - 1
            }
            if let index = added.firstIndex(of: action) { return base + index }
            added.append(action)
            return base + added.count - 1
        }
        addedCommandActions = added
        addedTerminalActions = addedTerminal
        // fzf's moves are on the screen: in the default layout the list grows upward.
        return !options.reverse && !options.reverseList ? PickCommands.turned(command) : command
    }

    /// The triggers of `unbind(…)` not bound again, among keys.
    var unboundKeys: [Key] {
        unbound.compactMap { if case .key(let key) = $0 { key.key } else { nil } }
    }

    /// The commands of the events, those `unbind(…)` took away doing nothing: they stay in
    /// the table so that the host keeps following what happens (a `change` while unbound is
    /// not run once `rebind(change)` gives it back, as in fzf).
    var boundEventCommands: [PromptEvent: Command] {
        var commands = eventCommands
        for case .event(let event) in unbound {
            if let promptEvent = PromptEvent(rawValue: event.rawValue), commands[promptEvent] != nil {
                commands[promptEvent] = .sequence([])
            }
        }
        return commands
    }
}
