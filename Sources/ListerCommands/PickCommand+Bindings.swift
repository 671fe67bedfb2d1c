import ArgumentParser
import Lister
import ListerSources

#if canImport(Glibc)
import Glibc
#endif

/// `--bind`: fzf's actions turned into the app's commands.
extension PickCommand {
    /// The keys of a fuzzy finder: moves on arrows and Ctrl-J/K/N/P, Enter chooses, Tab
    /// marks, Esc, Ctrl-C and Ctrl-G leave; `--bind` entries replace them key by key.
    /// Moves are on the screen, as fzf's: in a list that grows `upward` (the default
    /// layout), up goes to the next match.
    static func keyMap(_ bindings: [PickBinding], upward: Bool = false) throws -> KeyMap {
        var keys = try keyMap(bindings)
        guard upward else { return keys }
        let help: [Command: String] = [.up: "Previous match", .down: "Next match", .pageUp: "Previous page", .pageDown: "Next page"]
        for index in keys.bindings.indices {
            let command = keys.bindings[index].command
            let turned = turn(command)
            guard turned != command else { continue }
            if keys.bindings[index].help == help[command] { keys.bindings[index].help = help[turned] ?? "" }
            keys.bindings[index].command = turned
        }
        return keys
    }

    /// `command` with its moves upside down (and those of a sequence).
    private static func turn(_ command: Command) -> Command {
        switch command {
        case .up: .down
        case .down: .up
        case .pageUp: .pageDown
        case .pageDown: .pageUp
        case .mark: .markUp
        case .markUp: .mark
        case .sequence(let commands): .sequence(commands.map(turn))
        default: command
        }
    }

    private static func keyMap(_ bindings: [PickBinding]) throws -> KeyMap {
        var keys = KeyMap([
            KeyBinding([.up, .control("k"), .control("p")], .up, help: "Previous match"),
            KeyBinding([.down, .control("j"), .control("n")], .down, help: "Next match"),
            KeyBinding([.pageUp], .pageUp, help: "Previous page"),
            KeyBinding([.pageDown], .pageDown, help: "Next page"),
            KeyBinding([.enter], .open, help: "Choose"),
            // Both move on the screen, as fzf's: Tab down, Shift-Tab up, in every layout.
            KeyBinding([.tab], .mark, help: "Mark or unmark, then down (--multi)"),
            KeyBinding([.backTab], .markUp, help: "Mark or unmark, then up (--multi)"),
            KeyBinding([.escape, .control("c"), .control("g")], .interrupt, help: "Leave without choosing"),
            // Reached only on an empty query: with text, the prompt deletes on Ctrl-D.
            KeyBinding([.control("d")], .interrupt, help: "Leave, on an empty query"),
            KeyBinding([.control("z")], .suspend, help: "Suspend"),
            KeyBinding([.control("l")], .redraw, help: "Redraw the screen"),
        ])
        for (binding, command) in try commands(of: bindings) {
            guard let key = binding.key else { continue }  // events: eventCommands(_:upward:)
            for index in keys.bindings.indices { keys.bindings[index].keys.removeAll { $0 == key.key } }
            keys.bind([key.key], to: command, help: binding.actions.map(\.description).joined(separator: "+"))
        }
        return keys
    }

    /// The commands of the `--bind` events (`start:reload(…)`, `load:accept`…), their
    /// moves on the screen as the keys' are (``keyMap(_:upward:)``). A later binding of an
    /// event replaces an earlier one, as in fzf.
    static func eventCommands(_ bindings: [PickBinding], upward: Bool = false) throws -> [PromptEvent: Command] {
        var events: [PromptEvent: Command] = [:]
        for (binding, command) in try commands(of: bindings) {
            guard case .event(let event) = binding.trigger, let promptEvent = PromptEvent(rawValue: event.rawValue) else { continue }
            events[promptEvent] = upward ? turn(command) : command
        }
        return events
    }

    /// The command of each binding, in order: the numbers of the screen's commands and
    /// programs count through every binding (``PickOptions/commandActions``).
    private static func commands(of bindings: [PickBinding]) throws -> [(PickBinding, Command)] {
        var screenCommands = 0  // the index of the next screen command in PickOptions.commandActions
        var terminalCommands = 0  // the index of the next execute in PickOptions.terminalActions
        return try bindings.map { binding in
            (binding, try command(for: binding.actions, trigger: binding.trigger, screenCommands: &screenCommands,
                                  terminalCommands: &terminalCommands))
        }
    }

    /// The command of a chain of actions bound to a key or an event.
    static func command(for actions: [PickAction], trigger: PickTrigger, screenCommands: inout Int,
                        terminalCommands: inout Int) throws -> Command {
        var commands: [Command] = []
        var index = 0
        while index < actions.count {
            let action = actions[index]
            index += 1
            switch action.name {
            case .accept: commands.append(.open)
            case .abort: commands.append(.interrupt)
            case .up: commands.append(.up)
            case .down: commands.append(.down)
            case .pageUp: commands.append(.pageUp)
            case .pageDown: commands.append(.pageDown)
            case .first, .top: commands.append(.top)
            case .last: commands.append(.bottom)
            case .toggle:
                // The app's mark moves on by itself: `toggle+down` and `toggle+up` are one mark
                // (moving on the screen); alone, toggle stays.
                if index < actions.count, [.down, .up].contains(actions[index].name) {
                    commands.append(actions[index].name == .down ? .mark : .markUp)
                    index += 1
                } else {
                    commands.append(.markRow(.toggle))
                }
            case .select: commands.append(.markRow(.mark))
            case .deselect: commands.append(.markRow(.unmark))
            case .acceptNonEmpty: commands.append(.openIfAny)
            case .selectAll: commands.append(.markAll)
            case .deselectAll: commands.append(.unmarkAll)
            case .toggleAll: commands.append(.toggleAllMarks)
            case .togglePreview: commands.append(.togglePreview)
            case .previewUp: commands.append(.previewUp)
            case .previewDown: commands.append(.previewDown)
            case .previewPageUp: commands.append(.previewPageUp)
            case .previewPageDown: commands.append(.previewPageDown)
            case .previewTop: commands.append(.previewTop)
            case .previewBottom: commands.append(.previewBottom)
            case .ignore: break
            case .executeSilent, .reload, .reloadSync, .toggleSort, .changePreviewWindow:
                if action.name == .changePreviewWindow {
                    for alternative in PickScreen.previewWindowAlternatives(action.argument ?? "") {
                        do {
                            _ = try PreviewWindow.parse(alternative)
                        } catch {
                            throw ValidationError("--bind \(trigger.name):\(action.description): \(error)")
                        }
                    }
                }
                commands.append(.screenCommand(screenCommands))  // PickScreen runs them
                screenCommands += 1
            case .deleteChar, .deleteCharEOF, .backwardChar, .forwardChar, .backwardWord, .forwardWord,
                 .beginningOfLine, .endOfLine, .killWord, .unixWordRubout, .yank:
                guard let edit = LineEditor.Action(rawValue: action.name.rawValue) else { break }
                commands.append(.edit(edit))
            case .execute:
                commands.append(.terminalCommand(terminalCommands))
                terminalCommands += 1
            case .clearQuery: commands.append(.edit(.clearQuery))
            case .backwardDeleteChar: commands.append(.edit(.backwardDeleteChar))
            case .backwardKillWord: commands.append(.edit(.backwardKillWord))
            case .unixLineDiscard: commands.append(.edit(.unixLineDiscard))
            case .killLine: commands.append(.edit(.killLine))
            case .changeQuery: commands.append(.setQuery(action.argument ?? ""))
            case .put:
                // Without an argument, the key's own character (fzf binds printable keys so).
                var text = action.argument ?? ""
                if action.argument == nil, case .key(let key) = trigger, case .character(let character) = key.key {
                    text = String(character)
                }
                commands.append(.insertText(text))
            case .become, .printQuery:
                guard case .key(let key) = trigger else {
                    throw ValidationError("--bind \(trigger.name):\(action.description): \(action.name.rawValue) is run on keys only, not on events")
                }
                // Ends the picker with this key; the command then prints or runs (``finish``).
                // What follows never runs, as in fzf.
                commands.append(.choose(key.key))
                // The screen commands skipped keep their numbers in PickOptions.commandActions.
                screenCommands += actions[index...].filter(\.name.isScreenCommand).count
                terminalCommands += actions[index...].filter { $0.name == .execute }.count
                index = actions.count
            }
        }
        return commands.count == 1 ? commands[0] : .sequence(commands)
    }

    /// The action that ended the picker with `key`: the first `become(…)` or `print-query` of its chain.
    static func endingAction(for key: Key?, in bindings: [PickBinding]) -> PickAction? {
        guard let key, let binding = bindings.last(where: { $0.key?.key == key }) else { return nil }
        return binding.actions.first { [.become, .printQuery].contains($0.name) }
    }
}

extension PickAction: CustomStringConvertible {
    /// The action as written: `execute(ls {})`.
    package var description: String { argument.map { "\(name.rawValue)(\($0))" } ?? name.rawValue }
}

extension PickCommand {
    /// Runs the action that ended the picker, the terminal given back: `print-query` prints
    /// the query alone and exits 0; `become(CMD)` replaces this process with `sh -c CMD`
    /// (its exit status is the picker's), placeholders filled from the chosen lines.
    func finish(_ action: PickAction, picked: [Line], query: String, options: PickOptions, headerCount: Int) throws -> Never {
        switch action.name {
        case .printQuery:
            var output = PickOutput(terminator: options.print0 ? 0 : 0x0A)
            try output.append(Array(query.utf8))
            try output.flush()
            throw ExitCode(0)
        default:
            // The chosen lines: the marked ones (or the selected one), in the order they came.
            // `{n}` counts the header lines (``PickScreen/headerLines``), as fzf's does.
            let lines = picked.map { String(decoding: $0.bytes, as: UTF8.self) }
            let selection = PreviewCommand.Selection(line: lines.first ?? "", index: headerCount + (picked.first?.number ?? 1) - 1,
                                                     query: query, marked: lines.count > 1 ? lines : [],
                                                     markedIndices: lines.count > 1 ? picked.map { headerCount + $0.number - 1 } : [])
            let commandLine: String
            do {
                commandLine = try Placeholders.expand(action.argument ?? "", selection: selection, fields: options.fields)
            } catch {
                throw ValidationError("become: \(error)")
            }
            let arguments = ["/bin/sh", "-c", commandLine]
            var pointers = arguments.map { strdup($0) } + [nil]
            execv("/bin/sh", &pointers)
            let reason = String(cString: strerror(errno))
            throw ValidationError("become(\(action.argument ?? "")): cannot run /bin/sh: \(reason)")
        }
    }
}
