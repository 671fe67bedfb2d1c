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
        abstract: "A fuzzy picker that takes fzf's options (for now: --filter, without a screen).",
        discussion: """
            Options, under fzf's names: -q/--query, -f/--filter, -1/--select-1, -0/--exit-0,
            --print-query, --header, --header-lines N, --prompt, --layout default|reverse,
            -m/--multi, --read0, --print0, --expect KEYS, --bind KEY:ACTION[,…],
            -d/--delimiter STR, -n/--nth, --with-nth, --tiebreak length|begin|end|index[,…],
            -i/+i, -e/--exact, +x/--no-extended, +s/--no-sort, --tac, --literal.

            Query syntax: fuzzy terms separated by spaces (all must match); 'exact, ^prefix,
            suffix$, !not, a | b (either), backslash-space for a space in a term. Smart case.

            Actions for --bind: accept, abort, up, down, page-up, page-down, first, last,
            toggle, toggle+down, toggle+up, select-all, deselect-all, toggle-all,
            clear-query, backward-delete-char, backward-kill-word, unix-line-discard,
            print-query, ignore.

            LISTER_DEFAULT_OPTS is read first (split like a shell command line);
            LISTER_DEFAULT_COMMAND is run with sh -c for input when standard input is a
            terminal. Exit status: 0 picked, 1 no match, 2 error, 130 left (Esc, Ctrl-C, Ctrl-G).
            """
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("fzf's options (see below).", valueName: "option"))
    var arguments: [String] = []

    func validate() throws {
        _ = try options()
    }

    /// `LISTER_DEFAULT_OPTS`, then the command line.
    func options() throws -> PickOptions {
        do {
            let defaults = getenv("LISTER_DEFAULT_OPTS").map { String(cString: $0) } ?? ""
            return try PickOptions.parse(shellWords(defaults) + arguments)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func execute() async throws {
        let options = try options()
        let command = getenv("LISTER_DEFAULT_COMMAND").map { String(cString: $0) }
        let input: (fd: Int32, child: pid_t?)
        do {
            input = try PickInput.open(defaultCommand: command, stdinIsTerminal: isatty(0) == 1)
        } catch {
            throw ValidationError(error.description)
        }
        let separator: UInt8 = options.read0 ? 0 : 0x0A
        guard let query = options.filter else {
            throw ValidationError("lister pick has no screen yet: give --filter QUERY (the interactive picker is not built yet)")
        }
        let lines = try PickInput.readAll(fd: input.fd, separator: separator)
        PickInput.wait(for: input.child)
        let header = min(options.headerLines, lines.count)
        let candidates = header == 0 ? nil : (header..<lines.count).map { Int32($0) }
        let ranked = try await options.ranking(of: query).rank(PickText(lines: lines, fields: options.fields), candidates: candidates)
        var output = PickOutput(terminator: options.print0 ? 0 : 0x0A)
        if options.printQuery { try output.append(Array(query.utf8)) }
        for row in ranked { try output.append(Array(lines[Int(row)].bytes)) }
        try output.flush()
        throw ExitCode(ranked.isEmpty ? 1 : 0)
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

    mutating func append(_ line: [UInt8]) throws {
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
