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
        var keys = try keyMap(bindings, layoutReversed: !upward)
        guard upward else { return keys }
        let help: [Command: String] = [.up: "Previous match", .down: "Next match", .pageUp: "Previous page", .pageDown: "Next page"]
        for index in keys.bindings.indices {
            let command = keys.bindings[index].command
            let turned = PickCommands.turned(command)
            guard turned != command else { continue }
            if keys.bindings[index].help == help[command] { keys.bindings[index].help = help[turned] ?? "" }
            keys.bindings[index].command = turned
        }
        return keys
    }

    private static func keyMap(_ bindings: [PickBinding], layoutReversed: Bool) throws -> KeyMap {
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
        for (binding, command) in try commands(of: bindings, layoutReversed: layoutReversed) {
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
        for (binding, command) in try commands(of: bindings, layoutReversed: !upward) {
            guard case .event(let event) = binding.trigger, let promptEvent = PromptEvent(rawValue: event.rawValue) else { continue }
            events[promptEvent] = upward ? PickCommands.turned(command) : command
        }
        return events
    }

    /// The command of each binding, in order: the numbers of the screen's commands and
    /// programs count through every binding (``PickOptions/commandActions``).
    private static func commands(of bindings: [PickBinding], layoutReversed: Bool) throws -> [(PickBinding, Command)] {
        var screenCommands = 0  // the index of the next screen command in PickOptions.commandActions
        var terminalCommands = 0  // the index of the next execute in PickOptions.terminalActions
        func number(_ action: PickAction) -> Int {
            if action.name == .execute {
                defer { terminalCommands += 1 }
                return terminalCommands
            }
            defer { screenCommands += 1 }
            return screenCommands
        }
        return try bindings.map { binding in
            do {
                return (binding, try PickCommands.command(for: binding.actions, trigger: binding.trigger, layoutReversed: layoutReversed,
                                                          number: number))
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    /// The action that ended the picker with `key`: the first `become(…)` or `print-query` of its chain.
    static func endingAction(for key: Key?, in bindings: [PickBinding]) -> PickAction? {
        guard let key, let binding = bindings.last(where: { $0.key?.key == key }) else { return nil }
        return binding.actions.first { [.become, .printQuery].contains($0.name) }
    }
}

extension PickCommand {
    /// Runs the action that ended the picker, the terminal given back: `print-query` prints
    /// the query alone and exits 0; `become(CMD)` replaces this process with `sh -c CMD`
    /// (its exit status is the picker's), placeholders filled from the chosen lines.
    func finish(_ action: PickAction, picked: [Line], query: String, options: PickOptions, headerCount: Int,
                key: Key? = nil) throws -> Never {
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
            // fzf's variables that the picker's end still knows (the counts and the cursor's
            // place went with the screen).
            var variables = ["FZF_QUERY": query, "FZF_PROMPT": options.prompt]
            if let name = options.bindings.last(where: { $0.key?.key == key })?.key?.name { variables["FZF_KEY"] = name }
            if let terminal = PickVariables.terminalSize() {
                variables["FZF_LINES"] = String(terminal.lines)
                variables["FZF_COLUMNS"] = String(terminal.columns)
            }
            for (name, value) in variables { setenv(name, value, 1) }
            let arguments = ["/bin/sh", "-c", commandLine]
            var pointers = arguments.map { strdup($0) } + [nil]
            execv("/bin/sh", &pointers)
            let reason = String(cString: strerror(errno))
            throw ValidationError("become(\(action.argument ?? "")): cannot run /bin/sh: \(reason)")
        }
    }
}
