import Lister
import Subprocess

#if canImport(Glibc)
import Glibc
#endif

/// The variables fzf exports to the commands of its actions and its preview, for those
/// `lister pick` runs (`execute`, `execute-silent`, `reload`, the `transform` family,
/// `--preview`): `FZF_QUERY`, `FZF_PROMPT`, `FZF_INPUT_STATE`, `FZF_TOTAL_COUNT`,
/// `FZF_MATCH_COUNT`, `FZF_SELECT_COUNT`, `FZF_POS`, `FZF_DIRECTION`, `FZF_LINES`,
/// `FZF_COLUMNS`. Scripts written for fzf test them (`[[ $FZF_PROMPT =~ ripgrep ]]`).
package struct PickVariables: Sendable {
    var query = ""
    var prompt = ""
    var searchEnabled = true
    var total = 0
    var matches = 0
    var marked = 0
    /// The cursor's place among the matches, from 1 (0: no match).
    var position = 0
    var upward = true
    /// The key whose binding runs the command (`FZF_KEY`); nil for an event's.
    var key: String?
    /// The terminal's size (`FZF_LINES`, `FZF_COLUMNS`), nil when there is no terminal.
    var terminal: (lines: Int, columns: Int)? = PickVariables.terminalSize()

    /// The variables, by name.
    var values: [String: String] {
        var values = [
            "FZF_QUERY": query, "FZF_PROMPT": prompt, "FZF_INPUT_STATE": searchEnabled ? "enabled" : "disabled",
            "FZF_TOTAL_COUNT": String(total), "FZF_MATCH_COUNT": String(matches), "FZF_SELECT_COUNT": String(marked),
            "FZF_POS": String(position), "FZF_DIRECTION": upward ? "up" : "down",
        ]
        if let key { values["FZF_KEY"] = key }
        if let terminal {
            values["FZF_LINES"] = String(terminal.lines)
            values["FZF_COLUMNS"] = String(terminal.columns)
        }
        return values
    }

    /// The inherited environment with these variables set.
    var environment: Environment { Self.environment(values) }

    /// The inherited environment with `values` set over it.
    static func environment(_ values: [String: String]) -> Environment {
        guard !values.isEmpty else { return .inherit }  // `lister lines --preview`: as before
        return .inherit.updating(Dictionary(uniqueKeysWithValues: values.map { (Environment.Key(stringLiteral: $0.key), Optional($0.value)) }))
    }

    /// The size of the controlling terminal, nil without one.
    package static func terminalSize() -> (lines: Int, columns: Int)? {
        let tty = open("/dev/tty", O_RDONLY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var size = winsize()
        guard ioctl(tty, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}

/// An environment for `posix_spawn` and `execve`: `environ` with `values` set over it.
/// Each string is `strdup`ed: free them with ``free()``.
struct SpawnEnvironment {
    private(set) var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ values: [String: String]) {
        var pointers: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if values[name] == nil { pointers.append(strdup(pointer)) }
            entry += 1
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) { pointers.append(strdup(name + "=" + value)) }
        pointers.append(nil)
        self.pointers = pointers
    }

    /// Frees the strings.
    func free() {
        for pointer in pointers { Glibc.free(pointer) }
    }
}

extension PickScreen {
    /// The variables of the picker as it is in `context`.
    func variables(_ context: ListContext<Self>) -> PickVariables {
        var variables = PickVariables()
        variables.query = context.filterText
        variables.prompt = options.prompt
        variables.searchEnabled = !options.searchDisabled
        variables.total = context.state.items.count
        let filtering = context.filter?.engine.isFiltering == true
        variables.matches = filtering ? context.filter?.engine.visibleCount ?? 0 : variables.total
        variables.marked = context.marks?.count ?? 0
        if filtering {
            variables.position = (context.filter?.selection).map { $0 + 1 } ?? 0
        } else {
            variables.position = variables.total == 0 ? 0 : context.model.selection + 1
        }
        variables.upward = !options.reverse && !options.reverseList
        return variables
    }
}

extension PickOptions {
    /// The name of the key whose `--bind` holds the `number`th of the actions that `counts`
    /// (``commandActions``, ``terminalActions``): fzf's `FZF_KEY` for its command. Nil when
    /// an event holds it, or `transform` added it.
    func keyName(ofAction number: Int, counting counts: (PickAction) -> Bool) -> String? {
        var index = 0
        for binding in bindings {
            for action in binding.actions where counts(action) {
                if index == number { return binding.key?.name }
                index += 1
            }
        }
        return nil
    }
}
