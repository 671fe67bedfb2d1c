import ArgumentParser
import Lister
import ListerSources

#if canImport(Glibc)
import Glibc
#endif

/// `lister pick`: fzf's options over a fuzzy matcher that ranks like fzf's.
struct PickCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "A fuzzy finder that takes fzf's options: type to narrow, best match first, Enter prints it.",
        discussion: """
            Options, under fzf's names: -q/--query, -f/--filter (no screen: print the ranked matches), -1/--select-1, -0/--exit-0, --print-query, --header, --prompt, --preview CMD, --preview-window right|bottom[:SIZE[%]][:hidden] (fzf's up and left put it below and right; border-*, wrap, follow, +N taken), -m/--multi[=N] (at most N marks), --read0, --print0, --expect KEYS, --bind KEY:ACTION[,…], -d/--delimiter STR, -n/--nth, --with-nth, --tiebreak length|begin|end|index[,…], -i/+i, -e/--exact, +x/--no-extended, +s/--no-sort, --tac, --literal, --ansi (SGR colours shown, escape sequences neither matched nor printed), --header-lines N (the first N lines pinned as a header, not matched), --layout default|reverse|reverse-list, --height N[%] (N lines below the cursor, no alternate screen; too tall: the whole screen), --cycle, --history FILE (Ctrl-P/Ctrl-N walk the queries of earlier runs; each accepted query is appended), --history-size N, --no-color (and --color=bw). Taken so that a dotfile's line works, not drawn yet: --border[=STYLE], --border-label, --margin, --padding, --info, --pointer, --marker, --color's other schemes and colours, --no-scrollbar, --keep-right, --no-hscroll.

            Query syntax: fuzzy terms separated by spaces (all must match); 'exact, ^prefix, suffix$, !not, a | b (either), backslash-space for a space in a term. Smart case.

            Keys: type to edit the query (every printable key is text) with fzf's editing keys: Ctrl-A/Home and Ctrl-E/End (start, end), Ctrl-B/Left and Ctrl-F/Right (a character), Alt-B/Alt-F (a word), Backspace/Ctrl-H, Del, Ctrl-D (deletes; leaves on an empty query), Ctrl-W (back to a blank), Alt-Backspace and Alt-D (a word), Ctrl-U (to the start), Ctrl-Y (puts back what was deleted last); Up/Down, Ctrl-K/Ctrl-J, Ctrl-P/Ctrl-N, PgUp/PgDn move on the screen (in the default layout Up goes to the next match); Tab marks and moves down the screen, Shift-Tab up (--multi; printed in the order marked); Enter chooses; Esc, Ctrl-C, Ctrl-G leave. --bind actions: accept, abort, up, down, page-up, page-down, first, last, toggle, toggle+down, toggle+up, ignore, clear-query, backward-delete-char, backward-kill-word, unix-line-discard.

            LISTER_DEFAULT_OPTS is read first (split like a shell command line); LISTER_DEFAULT_COMMAND is run with sh -c for input when standard input is a terminal. Exit status: 0 picked, 1 no match, 2 error, 130 left (Esc, Ctrl-C, Ctrl-G).
            """
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("fzf's options (see below).", valueName: "option"))
    var arguments: [String] = []

    @OptionGroup var interface: InterfaceOptions

    func validate() throws {
        _ = try options()
    }

    /// `LISTER_DEFAULT_OPTS`, then the command line.
    func options() throws -> PickOptions {
        do throws(PickOptions.Failure) {
            let defaults = try shellWords(getenv("LISTER_DEFAULT_OPTS").map { String(cString: $0) } ?? "")
            do throws(PickOptions.Failure) {
                _ = try PickOptions.parse(defaults)
            } catch {
                // A bad line in a dotfile: say where it comes from, not only what it is.
                throw PickOptions.Failure(inDefaults: error)
            }
            return try PickOptions.parse(defaults + arguments)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func execute() async throws {
        let options = try options()
        let command = getenv("LISTER_DEFAULT_COMMAND").map { String(cString: $0) }
        let input: (fd: Int32, child: pid_t?)
        do {
            input = try PickInput.open(defaultCommand: command, stdinIsTerminal: StandardInput.hasNoInput)
        } catch {
            throw ValidationError(error.description)
        }
        let separator: UInt8 = options.read0 ? 0 : 0x0A
        guard let query = options.filter else {
            return try await pick(options, input: input)
        }
        let lines = try PickInput.readAll(fd: input.fd, separator: separator)
        PickInput.wait(for: input.child)
        let header = min(options.headerLines, lines.count)
        let candidates = header == 0 ? nil : (header..<lines.count).map { Int32($0) }
        let ranked = try await options.ranking(of: query).rank(PickText(lines: lines, fields: options.fields, ansi: options.ansi), candidates: candidates)
        var output = PickOutput(terminator: options.print0 ? 0 : 0x0A)
        if options.printQuery { try output.append(Array(query.utf8)) }
        // Read in ascending order a block of ranked rows at a time: a large file is read
        // back as needed, and in row order the reads are sequential. The lines of a block
        // are copied into one buffer, then written in rank order. A block holds at least a
        // sixteenth of the lines, so that its rows lie close together in the file and the
        // file is read at most about sixteen times over.
        var start = 0
        var text: [UInt8] = []
        let blockRows = max(65_536, lines.count / 16)
        while start < ranked.count {
            let block = ranked[start..<min(start + blockRows, ranked.count)]
            let ascending = block.indices.sorted { block[$0] < block[$1] }
            let rows = ascending.map { block[$0] }
            var spans = [Range<Int>](repeating: 0..<0, count: block.count)
            var next = 0
            text.removeAll(keepingCapacity: true)
            rows.withUnsafeBufferPointer { rows in
                lines.forEachLine(in: rows) { _, bytes in
                    spans[ascending[next] - block.startIndex] = text.count..<(text.count + bytes.count)
                    text.append(contentsOf: bytes)
                    next += 1
                }
            }
            for span in spans {
                if options.ansi { try output.append(options.printed(text[span])) } else { try output.append(text[span]) }
            }
            start += block.count
        }
        try output.flush()
        throw ExitCode(ranked.isEmpty ? 1 : 0)
    }
}

extension PickCommand {
    /// The interactive picker.
    @MainActor
    func pick(_ options: PickOptions, input: (fd: Int32, child: pid_t?)) async throws {
        var keyMap = try Self.keyMap(options.bindings, upward: !options.reverse && !options.reverseList)
        var history: [String] = []
        if let path = options.history {
            do {
                history = try PickHistory.read(path)
            } catch {
                throw ValidationError(error.description)
            }
            // As fzf with --history: Ctrl-P and Ctrl-N walk the queries instead of moving
            // (unless --bind gave them other work).
            let bound = Set(options.bindings.map(\.key.key))
            for (key, command) in [(Key.control("p"), Command.previousHistory), (.control("n"), .nextHistory)] where !bound.contains(key) {
                for index in keyMap.bindings.indices { keyMap.bindings[index].keys.removeAll { $0 == key } }
                keyMap.bind([key], to: command, help: command == .previousHistory ? "Previous query (--history)" : "Next query (--history)")
            }
        }
        let separator: UInt8 = options.read0 ? 0 : 0x0A
        // The header lines come first and are read first: the rest is what is matched.
        let headerLines = try PickInput.readHeader(fd: input.fd, count: options.headerLines, separator: separator)
        var preloaded: LineStore?
        if options.selectOne || options.exitZero {
            // Both decide on the whole input and the query as given, before any screen.
            let lines = try PickInput.readAll(fd: input.fd, separator: separator)
            PickInput.wait(for: input.child)
            let ranked = try await options.ranking(of: options.query).rank(PickText(lines: lines, fields: options.fields, ansi: options.ansi))
            if ranked.isEmpty, options.exitZero { throw ExitCode(1) }
            if ranked.count == 1, options.selectOne {
                try print([lines[Int(ranked[0])]], choice: PromptChoice(query: options.query, key: nil), options: options)
                throw ExitCode(0)
            }
            preloaded = lines
        }
        var lines = LinesScreen(input: input.fd == 0 ? .standardInput : .file("/dev/fd/\(input.fd)"), separator: separator,
                                multiple: options.multi)
        lines.previewCommand = options.preview
        lines.previewWindow = options.previewWindow
        var interface = self.interface
        if options.noMouse { interface.noMouse = true }
        var screen = PickScreen(lines: lines, options: options, preloaded: preloaded, headerLines: headerLines)
        screen.history = history
        var settings = interface.settings
        settings.noColor = options.look.isMonochrome
        let outcome = try await AppRunner.run(screen, interface: settings, keyMap: keyMap, height: options.height)
        PickInput.wait(for: input.child)
        switch outcome {
        case .picked(let items):
            let picked = items.compactMap { $0 as? Line }
            let choice = items.first as? PromptChoice ?? PromptChoice(query: options.query, key: nil)
            if let path = options.history {
                do {
                    try PickHistory.append(choice.query, to: history, path: path, limit: options.historySize)
                } catch {
                    throw ValidationError(error.description)
                }
            }
            try print(picked, choice: choice, options: options)
            throw ExitCode(picked.isEmpty ? 1 : 0)  // Enter with no match: 1
        case .interrupted(let signal) where signal != .interrupt:
            throw ExitCode(outcome.exitStatus)
        default:
            throw ExitCode(130)  // Esc, Ctrl-C, Ctrl-G
        }
    }

    /// fzf's output: the query (`--print-query`), the key that chose (`--expect`, empty
    /// for Enter), then the lines.
    private func print(_ lines: [Line], choice: PromptChoice, options: PickOptions) throws {
        var output = PickOutput(terminator: options.print0 ? 0 : 0x0A)
        if options.printQuery { try output.append(Array(choice.query.utf8)) }
        if !options.expect.isEmpty {
            let name = choice.key.flatMap { key in options.expect.first { $0.key == key }?.name } ?? ""
            try output.append(Array(name.utf8))
        }
        for line in lines { try output.append(options.printed(line.bytes)) }
        try output.flush()
    }

    /// The keys of a fuzzy finder: moves on arrows and Ctrl-J/K/N/P, Enter chooses, Tab
    /// marks, Esc, Ctrl-C and Ctrl-G leave; `--bind` entries replace them key by key.
    /// Moves are on the screen, as fzf's: in a list that grows `upward` (the default
    /// layout), up goes to the next match.
    static func keyMap(_ bindings: [PickBinding], upward: Bool = false) throws -> KeyMap {
        var keys = try keyMap(bindings)
        guard upward else { return keys }
        let turned: [Command: Command] = [.up: .down, .down: .up, .pageUp: .pageDown, .pageDown: .pageUp, .mark: .markUp, .markUp: .mark]
        let help: [Command: String] = [.up: "Previous match", .down: "Next match", .pageUp: "Previous page", .pageDown: "Next page"]
        for index in keys.bindings.indices {
            guard let command = turned[keys.bindings[index].command] else { continue }
            if keys.bindings[index].help == help[keys.bindings[index].command] { keys.bindings[index].help = help[command] ?? "" }
            keys.bindings[index].command = command
        }
        return keys
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
        for binding in bindings {
            let command: Command
            switch binding.actions {
            case [.accept]: command = .open
            case [.abort]: command = .interrupt
            case [.up]: command = .up
            case [.down]: command = .down
            case [.pageUp]: command = .pageUp
            case [.pageDown]: command = .pageDown
            case [.first]: command = .top
            case [.last]: command = .bottom
            case [.toggle], [.toggleDown]: command = .mark
            case [.toggleUp]: command = .markUp
            case [.ignore]: command = .redraw
            case [.clearQuery]: command = .edit(.clearQuery)
            case [.backwardDeleteChar]: command = .edit(.backwardDeleteChar)
            case [.backwardKillWord]: command = .edit(.backwardKillWord)
            case [.unixLineDiscard]: command = .edit(.unixLineDiscard)
            default:
                let names = binding.actions.map(\.rawValue).joined(separator: "+")
                throw ValidationError("--bind \(binding.key.name):\(names): the interactive picker does not run this action yet "
                    + "(it runs accept, abort, up, down, page-up, page-down, first, last, toggle, toggle+down, toggle+up, ignore, "
                    + "clear-query, backward-delete-char, backward-kill-word, unix-line-discard)")
            }
            for index in keys.bindings.indices { keys.bindings[index].keys.removeAll { $0 == binding.key.key } }
            keys.bind([binding.key.key], to: command, help: binding.actions.map(\.rawValue).joined(separator: "+"))
        }
        return keys
    }
}

/// Lines written to standard output in blocks of 64 KiB, so a million matches take a few
/// dozen writes.
struct PickOutput {
    let terminator: UInt8
    private var pending: [UInt8] = []

    init(terminator: UInt8) {
        self.terminator = terminator
        pending.reserveCapacity(1 << 16)
    }

    mutating func append(_ line: some Collection<UInt8>) throws {
        pending += line
        pending.append(terminator)
        if pending.count >= 1 << 16 { try flush() }
    }

    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try FileDescriptor.standardOutput.write(pending, what: "the matches to standard output")
        pending.removeAll(keepingCapacity: true)
    }
}
