import Lister

/// `--bind` chains turned into the app's commands: at start for the bindings, and while
/// the picker runs for the actions `transform(CMD)` prints.
package enum PickCommands {
    /// The command of a chain of actions bound to `trigger`. `number` gives each screen
    /// command (``PickAction/Name/isScreenCommand``) its index in the screen's command
    /// actions, and each `execute` its index in the terminal actions; it is called once
    /// for each of them, in order, even for those after a `become`, which never run.
    /// `layoutReversed` is fzf's `--layout=reverse*` (for `toggle-in` and `toggle-out`).
    package static func command(for actions: [PickAction], trigger: PickTrigger, layoutReversed: Bool,
                                number: (PickAction) -> Int) throws(PickOptions.Failure) -> Command {
        var commands: [Command] = []
        var index = 0
        func fail(_ action: PickAction, _ what: String) -> PickOptions.Failure {
            PickOptions.Failure("--bind \(trigger.name):\(action.description): \(what)")
        }
        while index < actions.count {
            let action = actions[index]
            index += 1
            switch action.name {
            case .accept: commands.append(.open)
            case .abort: commands.append(.interrupt)
            case .up, .upMatch: commands.append(.up)
            case .down, .downMatch: commands.append(.down)
            case .pageUp: commands.append(.pageUp)
            case .pageDown: commands.append(.pageDown)
            case .first, .top: commands.append(.top)
            case .last: commands.append(.bottom)
            case .halfPageUp: commands.append(.halfPageUp)
            case .halfPageDown: commands.append(.halfPageDown)
            case .offsetUp: commands.append(.offsetUp)
            case .offsetDown: commands.append(.offsetDown)
            case .pos: commands.append(.position(Int(action.argument ?? "") ?? 1))  // checked when parsed
            case .toggle:
                // The app's mark moves on by itself: `toggle+down` and `toggle+up` are one mark
                // (moving on the screen); alone, toggle stays.
                if index < actions.count, [.down, .up].contains(actions[index].name) {
                    commands.append(actions[index].name == .down ? .mark : .markUp)
                    index += 1
                } else {
                    commands.append(.markRow(.toggle))
                }
            // fzf: toggle-in is toggle+up on --layout=reverse*, else toggle+down (towards the prompt).
            case .toggleIn: commands.append(layoutReversed ? .markUp : .mark)
            case .toggleOut: commands.append(layoutReversed ? .mark : .markUp)
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
            case .previewHalfPageUp: commands.append(.previewHalfPageUp)
            case .previewHalfPageDown: commands.append(.previewHalfPageDown)
            case .showPreview: commands.append(.showPreview)
            case .hidePreview: commands.append(.hidePreview)
            case .nextHistory: commands.append(.nextHistory)
            case .prevHistory: commands.append(.previousHistory)
            case .ignore: break
            case .executeSilent, .reload, .reloadSync, .toggleSort, .changePreviewWindow, .enableSearch, .disableSearch,
                 .toggleSearch, .unbind, .rebind, .changePrompt, .changeHeader, .transform, .transformQuery, .transformPrompt,
                 .transformHeader, .clearSelection, .search, .transformSearch, .changePreview, .refreshPreview, .togglePreviewWrap,
                 .toggleTrack, .preview:
                if action.name == .changePreviewWindow {
                    for alternative in PickScreen.previewWindowAlternatives(action.argument ?? "") {
                        do {
                            _ = try PreviewWindow.parse(alternative)
                        } catch {
                            throw fail(action, "\(error)")
                        }
                    }
                }
                commands.append(.screenCommand(number(action)))  // PickScreen runs them
            case .deleteChar, .deleteCharEOF, .backwardChar, .forwardChar, .backwardWord, .forwardWord,
                 .beginningOfLine, .endOfLine, .killWord, .unixWordRubout, .yank:
                guard let edit = LineEditor.Action(rawValue: action.name.rawValue) else { break }
                commands.append(.edit(edit))
            case .execute:
                commands.append(.terminalCommand(number(action)))
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
                    throw fail(action, "\(action.name.rawValue) is run on keys only, not on events")
                }
                // Ends the picker with this key; the command then prints or runs
                // (`PickCommand.finish`). What follows never runs, as in fzf, but keeps
                // its numbers.
                commands.append(.choose(key.key))
                for skipped in actions[index...] where skipped.name.isScreenCommand || skipped.name == .execute {
                    _ = number(skipped)
                }
                index = actions.count
            }
        }
        return commands.count == 1 ? commands[0] : .sequence(commands)
    }
}

extension PickCommands {
    /// `command` with its moves upside down (and those of a sequence): fzf's moves are on
    /// the screen, so in a list that grows upward (the default layout) up is the next row.
    package static func turned(_ command: Command) -> Command {
        switch command {
        case .up: .down
        case .down: .up
        case .pageUp: .pageDown
        case .pageDown: .pageUp
        case .halfPageUp: .halfPageDown
        case .halfPageDown: .halfPageUp
        case .offsetUp: .offsetDown
        case .offsetDown: .offsetUp
        case .mark: .markUp
        case .markUp: .mark
        case .sequence(let commands): .sequence(commands.map(turned))
        default: command
        }
    }
}

extension PickAction: CustomStringConvertible {
    /// The action as written: `execute(ls {})`.
    package var description: String { argument.map { "\(name.rawValue)(\($0))" } ?? name.rawValue }
}
