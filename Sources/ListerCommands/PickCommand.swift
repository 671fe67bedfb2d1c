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
            Options, under fzf's names: -q/--query, -f/--filter (no screen: print the ranked matches), -1/--select-1, -0/--exit-0, --print-query, --header (between the list and the info line, as fzf), --prompt, --preview CMD, --preview-window right|left|up|down[:SIZE[%]][:hidden][:wrap][:follow][:border-STYLE][:~N] [:+SCROLL[-N][/D]] (the pane in a rounded box by default, as fzf; border-sharp, bold, double, block, thinblock, horizontal, vertical, top, bottom, left, right draw fzf's box or lines, border-line the one line beside the list, border-none or noborder none; a SIZE in cells is the text's, the border added; ~N keeps the first N lines at the top while the rest scrolls; +{2}-5: each preview opens at the line field 2 names, less 5; -/2 puts it in the middle), -m/--multi[=N] (at most N marks), --read0, --print0, --expect KEYS, --bind KEY:ACTION[,…], --bash/--zsh/--fish (print key bindings), -d/--delimiter STR (a text, \\t a tab; as in fzf, a value of two or more characters with a metacharacter of .+*?()|[]{}^$\\ is a regular expression: '[,:]', '\\s+', ', *'), -n/--nth FIELDS (searched; each range of 1,3..4 matched on its own, as fzf: a term never spans two), --with-nth FIELDS|TEMPLATE (shown and matched; a template fills {2}, {-1}, {2..}, {1,3} with fields and {n} with the line's index from 0: '{2} {1}'), --accept-nth FIELDS|TEMPLATE (what Enter and -f print, as fzf: fields without the blanks before the first word and without the last delimiter), --tiebreak length|chunk|pathname|begin|end|index[,…] (at most three, index last), --scheme default|path|history (path: a word after / scores most, tiebreak pathname,length; history: no length tiebreak), --algo v1|v2 (v1: fzf's greedy matcher, v2 the default), -i/+i, -e/+e (--exact/--no-exact), +x/--no-extended, +s/--no-sort, --tac, --literal/--no-literal (by default a letter with an accent matches its base letter, as in fzf: resume finds résumé, unless the term has an accent itself), --ansi (SGR colours shown, escape sequences neither matched nor printed), --header-lines N (the first N lines pinned as a header, not matched), --layout default|reverse|reverse-list, --disabled (--phony: the query filters nothing, for --bind 'change:reload(…)'; -f still filters, as fzf's), --sync (the picker starts once the input is read), --track (the selected line stays selected while a new query matches it; toggle-track), --filepath-word (Alt-B/F/D and Alt-Backspace take the parts of a path), --height N[%] (N lines below the cursor, no alternate screen; too tall: the whole screen), --cycle, --history FILE (Ctrl-P/Ctrl-N walk the queries of earlier runs; each accepted query is appended), --history-size N, --no-color (and --color=bw). --pointer STR and --marker STR (a gutter before the rows: STR before the selected one, before the marked ones), --border[=rounded|sharp|bold|double|block|thinblock|horizontal|vertical|line|top|bottom|left|right|none], --border-label TEXT (centred on the border's top line), --margin and --padding (1 to 4 sizes, cells or N% of the screen: all; vertical,horizontal; top,horizontal,bottom; top,right,bottom,left). --info=default|inline|inline-right|hidden (the count on fzf's info line between the prompt and the list, after the query as fzf's ' < 3/10' (inline[:PREFIX]), at the right end of the prompt line (inline-right[:PREFIX]), or nowhere; a message shows on the info line, or without one in a status bar), --separator STR (repeated after the count; ─ by default), --no-separator. --color [BASE][,ELEMENT:COLOR[:ATTR…]]… as fzf's: base schemes dark, light, 16, bw; elements fg, bg, hl, fg+, bg+, hl+, gutter, pointer, marker, prompt, query, info, separator, spinner, header, border, label, preview-fg, preview-bg (scrollbar, disabled and the others fzf takes change nothing here); colours a name, bright-NAME, 0-255, #rrggbb (drawn as the nearest of 256 colours), -1 the terminal's; attributes bold, dim, italic, underline, reverse, blink, strikethrough, regular. Without --color the picker keeps Lister's look; with one, fzf's dark scheme under it. --keep-right (a long line without a match shows its end). A line wider than the screen is cut with ·· as fzf's; when the query matches past the right edge it is shifted so that the match shows (--hscroll-off N columns after it, 10 by default, at most half the width; --no-hscroll cuts every line at its end). --scrollbar[=CHAR] draws fzf's scrollbar in the list's last column (│ without CHAR) while the lines do not all fit; none by default and with --no-scrollbar. --scroll-off N (the lines kept in view above and below the cursor as the list scrolls; 3 by default, as fzf, at most half the list), --header-first (the --header on the far side of the prompt: below it, or above it with --layout reverse), --highlight-line (the selected line highlighted across the list's width), --no-bold (nothing bold), --ellipsis STR (the mark of a cut line, ·· by default; may be empty), --tabstop N (the columns between tab stops, 8 by default; the printed line keeps its tabs). --border-label-pos N[:top|bottom] and --preview-label-pos N[:top|bottom] (0 centres the label, N starts it at the border's Nth column, -N ends it at the Nth from the right; :bottom on the bottom line), --preview-label LABEL (on the preview pane's border), --min-height N[+] (with --height N%: at least N lines, or with + N lines of the list plus the prompt, info line, headers and border; 10 without it), --no-unicode (borders, the preview's divider, the separator and the default scrollbar in ASCII: + - |), --unicode (the default).

            Query syntax: fuzzy terms separated by spaces (all must match); 'exact, 'word' (exact, with no letter or digit right before or after it), ^prefix, suffix$, !not, a | b (either), backslash-space for a space in a term. Smart case.

            Keys: type to edit the query (every printable key is text) with fzf's editing keys: Ctrl-A/Home and Ctrl-E/End (start, end), Ctrl-B/Left and Ctrl-F/Right (a character), Alt-B/Alt-F (a word), Backspace/Ctrl-H, Del, Ctrl-D (deletes; leaves on an empty query), Ctrl-W (back to a blank), Alt-Backspace and Alt-D (a word), Ctrl-U (to the start), Ctrl-Y (puts back what was deleted last); Up/Down, Ctrl-K/Ctrl-J, Ctrl-P/Ctrl-N, PgUp/PgDn move on the screen (in the default layout Up goes to the next match); Tab marks and moves down the screen, Shift-Tab up (--multi; printed in the order marked); Enter chooses; Esc, Ctrl-C, Ctrl-G leave. --bind KEY:ACTION[+ACTION…][,…] (an argument in (…), […], {…}, <…>, ~…~, !…!, @…@, #…#, $…$, %…%, ^…^, &…&, *…*, ;…;, /…/ or |…|, or ACTION:ARGUMENT to the end) runs: accept, abort, up, down, page-up, page-down, half-page-up, half-page-down, first, top, last, pos(N) (the Nth match, -1 the last), offset-up, offset-down (the list scrolls a line under the cursor, which moves only when --scroll-off would lose it), accept-non-empty, toggle, toggle+down, toggle+up, select, deselect, select-all, deselect-all, toggle-all (--multi), toggle-preview, show-preview, hide-preview, preview-up, preview-down, preview-page-up, preview-page-down, preview-half-page-up, preview-half-page-down, preview-top, preview-bottom, refresh-preview (the command run again for the same line), change-preview(CMD) (another --preview), preview(CMD) (one run of CMD in the pane, opened for it, until the selection moves), toggle-preview-wrap, clear-query, change-query(TEXT), put(TEXT), kill-line, backward-kill-word, unix-line-discard, backward-delete-char, print-query (prints the query alone, exit 0), ignore, execute(CMD) (CMD gets the terminal, then the picker is back), execute-silent(CMD) (the picker waits; a failure shows its message), become(CMD) (CMD replaces the picker; its exit status is the picker's), reload(CMD) (the lines are CMD's output, shown as they come; the query stays, the marks go, the cursor keeps its place on the screen; with --header-lines N, CMD's first N lines are the header; a failing CMD with no output shows "Command failed" and the picker stays), reload-sync(CMD) (the same, the old lines shown until CMD ends), toggle-sort (matches in input order, and back), change-preview-window(A|B|…) (the next of the alternatives, each over --preview-window: right, bottom, SIZE), delete-char, delete-char/eof (on an empty query: leave, 130), backward-char, forward-char, backward-word, forward-word, beginning-of-line, end-of-line, kill-word, unix-word-rubout, yank, toggle-track, toggle-in and toggle-out (toggle, then towards the prompt or away from it), clear-selection (every mark, matched or not), up-match, down-match, prev-history, next-history (--history), enable-search, disable-search, toggle-search (while search is off the query filters nothing: the lines shown stay, a reload shows all its lines, and change and {q} still see the query; --disabled starts so), unbind(KEYS) and rebind(KEYS) (keys and events, separated by commas: an unbound key does nothing, a printable one is typed), change-prompt(TEXT), change-header(TEXT), transform-query(CMD), transform-prompt(CMD), transform-header(CMD) (the first line CMD prints is the query or prompt; its whole output the header), search(QUERY) and transform-search(CMD) (the matches of QUERY, the prompt's text kept: with search on until it changes, with search off until new lines come), transform(CMD) (CMD prints actions, as after KEY: in --bind, run as a chain; a failing CMD's output is still used, as fzf uses it, and its failure is shown). execute, execute-silent, reload, reload-sync, the transform commands and --preview see fzf's variables: FZF_QUERY, FZF_PROMPT, FZF_INPUT_STATE (enabled, disabled), FZF_TOTAL_COUNT, FZF_MATCH_COUNT, FZF_SELECT_COUNT, FZF_POS, FZF_DIRECTION, FZF_LINES, FZF_COLUMNS (the terminal's size), and FZF_KEY for execute, execute-silent and reload bound to a key; become sees FZF_QUERY, FZF_PROMPT, FZF_KEY, FZF_LINES and FZF_COLUMNS. --preview also sees FZF_PREVIEW_LINES and FZF_PREVIEW_COLUMNS (the pane's text area, once drawn). A --preview that reads them runs again when they change (FZF_POS as the cursor moves). fzf's ripgrep launcher works as written: --disabled --bind "change:reload:rg ... {q} || true" --bind "ctrl-f:unbind(change)+change-prompt(2. fzf> )+enable-search+clear-query". As in fzf, every action of a chain acts on the lines shown when the chain began: a query it changes and lines it reloads are matched and shown when it ends (change-query(x)+up+accept takes the line above the one shown before, reload(CMD)+accept the line shown before). A CMD's placeholders are shell-quoted: {} the line, {+} the marked lines, {q} the query, {n} and {+n} indices in the input from 0 (header lines counted), {1} {-1} {2..} fields (-d), {f} {+f} a file of the lines. Events, bound as keys are (--bind 'load:last'): start (once, before the input is read: start:reload(CMD) needs no input), load (the input read, and after each reload), change (the query changed), result (a search completed: after each change of the query, as lines arrive, and again when the input or a reload ends), focus (the selection moved to another line, the first included), zero and one (with each result that has no match, or one), multi (the marks changed), backward-eof (Backspace on an empty query), resize (the terminal's size changed), left-click (after the line clicked is selected), double-click and scroll-up/scroll-down (in place of choosing and of moving); become and print-query are run on keys only. Keys for --bind and --expect: ctrl-a…ctrl-z, ctrl-space, ctrl-/, ctrl-\\, ctrl-], ctrl-^, ctrl-alt-a…ctrl-alt-z, alt-KEY, enter, esc, tab, btab, bspace, del, ctrl-delete, insert, up, down, left, right, shift-up, shift-down, shift-left, shift-right (a word back and on, by default), home, end, pgup, pgdn, f1…f12, space, or one character.

            Shell key bindings: eval "$(lister pick --bash)" in ~/.bashrc, source <(lister pick --zsh) in ~/.zshrc, lister pick --fish | source in config.fish: CTRL-T puts paths under the current directory on the command line, CTRL-R a history line (newest first), ALT-C changes directory; LISTER_CTRL_T_OPTS, LISTER_CTRL_R_OPTS, LISTER_ALT_C_OPTS add options to each, LISTER_CTRL_T_COMMAND and LISTER_ALT_C_COMMAND replace the commands listing the paths.

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
        if let shell = options.shellScript {
            var output = PickOutput(terminator: 0x0A)
            try output.append(Array(PickShellScripts.script(for: shell).utf8.dropLast()))
            try output.flush()
            return
        }
        let command = getenv("LISTER_DEFAULT_COMMAND").map { String(cString: $0) }
        let input: (fd: Int32, child: pid_t?)
        do {
            // `--bind 'start:reload(CMD)'` reads its own lines: without input, it starts empty.
            let reloadsAtStart = options.bindings.contains { binding in
                binding.trigger == .event(.start) && binding.actions.contains { [.reload, .reloadSync].contains($0.name) }
            }
            input = try PickInput.open(defaultCommand: command ?? (reloadsAtStart ? "true" : nil), stdinIsTerminal: StandardInput.hasNoInput)
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
            var indices = [Int](repeating: 0, count: block.count)
            var next = 0
            text.removeAll(keepingCapacity: true)
            rows.withUnsafeBufferPointer { rows in
                lines.forEachLine(in: rows) { row, bytes in
                    spans[ascending[next] - block.startIndex] = text.count..<(text.count + bytes.count)
                    indices[ascending[next] - block.startIndex] = Int(row)
                    text.append(contentsOf: bytes)
                    next += 1
                }
            }
            for (span, index) in zip(spans, indices) {
                if !options.printsAsRead { try output.append(options.printed(text[span], index: index)) } else { try output.append(text[span]) }
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
            let bound = Set(options.bindings.compactMap(\.key?.key))
            for (key, command) in [(Key.control("p"), Command.previousHistory), (.control("n"), .nextHistory)] where !bound.contains(key) {
                for index in keyMap.bindings.indices { keyMap.bindings[index].keys.removeAll { $0 == key } }
                keyMap.bind([key], to: command, help: command == .previousHistory ? "Previous query (--history)" : "Next query (--history)")
            }
        }
        let separator: UInt8 = options.read0 ? 0 : 0x0A
        // The header lines come first and are read first: the rest is what is matched.
        let headerLines = try PickInput.readHeader(fd: input.fd, count: options.headerLines, separator: separator)
        var preloaded: LineStore?
        if options.selectOne || options.exitZero || options.sync {
            // -1 and -0 decide on the whole input and the query as given, before any screen;
            // --sync shows the picker only once the input is read (keys typed meanwhile wait).
            let lines = try PickInput.readAll(fd: input.fd, separator: separator)
            PickInput.wait(for: input.child)
            if options.selectOne || options.exitZero {
                let text = PickText(lines: lines, fields: options.fields, ansi: options.ansi, firstIndex: headerLines.count)
                let ranked = try await options.ranking(of: options.query).rank(text)
                if ranked.isEmpty, options.exitZero { throw ExitCode(1) }
                if ranked.count == 1, options.selectOne {
                    try print([lines[Int(ranked[0])]], choice: PromptChoice(query: options.query, key: nil), options: options,
                              headerCount: headerLines.count)
                    throw ExitCode(0)
                }
            }
            preloaded = lines
        }
        var lines = LinesScreen(input: input.fd == 0 ? .standardInput : .file("/dev/fd/\(input.fd)"), separator: separator,
                                multiple: options.multi)
        lines.previewCommand = options.preview.map { command in
            var command = command
            command.fields = options.fields  // {1}, {-1}... cut as --delimiter says
            command.scroll = options.previewScroll
            return command
        }
        lines.previewWindow = options.previewWindow
        var interface = self.interface
        if options.noMouse { interface.noMouse = true }
        let header = PickHeader(headerLines)  // a reload reads its own
        var screen = PickScreen(lines: lines, options: options, preloaded: preloaded, header: header)
        screen.history = history
        screen.eventCommands = try Self.eventCommands(options.bindings, upward: !options.reverse && !options.reverseList)
        var settings = interface.settings
        settings.noColor = options.look.isMonochrome
        let outcome = try await AppRunner.run(screen, interface: settings, keyMap: keyMap, height: options.height)
        PickInput.wait(for: input.child)
        Placeholders.removeTemporaryFiles()  // the {f} files of previews
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
            if let action = Self.endingAction(for: choice.key, in: options.bindings) {
                try finish(action, picked: picked, query: choice.query, options: options, headerCount: header.lines.count,
                           key: choice.key)
            }
            try print(picked, choice: choice, options: options, headerCount: header.lines.count)
            throw ExitCode(picked.isEmpty ? 1 : 0)  // Enter with no match: 1
        case .interrupted(let signal) where signal != .interrupt:
            throw ExitCode(outcome.exitStatus)
        default:
            throw ExitCode(130)  // Esc, Ctrl-C, Ctrl-G
        }
    }

    /// fzf's output: the query (`--print-query`), the key that chose (`--expect`, empty
    /// for Enter), then the lines (read after `headerCount` header lines, for `{n}`).
    private func print(_ lines: [Line], choice: PromptChoice, options: PickOptions, headerCount: Int) throws {
        var output = PickOutput(terminator: options.print0 ? 0 : 0x0A)
        if options.printQuery { try output.append(Array(choice.query.utf8)) }
        if !options.expect.isEmpty {
            let name = choice.key.flatMap { key in options.expect.first { $0.key == key }?.name } ?? ""
            try output.append(Array(name.utf8))
        }
        // A line too long to be kept whole in a row is read again whole, as `lister lines`
        // prints it; all or nothing when the input file lost a line meanwhile.
        let texts = lines.map(\.wholeBytes)
        if let lost = zip(lines, texts).first(where: { !$0.1.complete }) {
            throw LostLine(number: lost.0.number, input: .standardInput)
        }
        for (line, text) in zip(lines, texts) {
            try output.append(options.printed(text.bytes, index: headerCount + line.number - 1))
        }
        try output.flush()
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
