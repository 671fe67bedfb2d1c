import ArgumentParser
import Lister
import ListerSources
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// `lister lines`: pick one line of a file or of standard input, like fzf.
struct LinesCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "lines",
        abstract: "Pick a line of a file or of standard input; Enter prints it.",
        discussion: "The chosen line is printed to standard output exactly as it was read."
    )

    @Argument(help: "The file to read; standard input when absent or '-'.")
    var file: String?

    @Flag(help: "Input lines end with NUL instead of newline (find -print0).")
    var read0 = false

    @Flag(help: "End the printed line with NUL instead of newline (xargs -0).")
    var print0 = false

    @Flag(help: "Choose several lines: Tab marks, Enter prints the marked lines in order.")
    var multi = false

    @Option(help: ArgumentHelp(
        "Preview the selected line with CMD's output beside the list: {} is the line, {n} its index from 0, {q} the filter's text, {+} the marked lines, each quoted.",
        valueName: "CMD"))
    var preview: String?

    @Option(help: ArgumentHelp("Where the preview goes: right or bottom, a size (40 or 50%), 'hidden'; e.g. bottom:40%:hidden.",
                               valueName: "SPEC"))
    var previewWindow: String?

    @Flag(help: "Show the colours (SGR sequences) in the preview's output; other escape sequences are removed.")
    var ansi = false

    @Flag(name: [.customShort("f"), .long],
          help: "Follow FILE as tail -F does: lines written later are added, a truncated file starts over, a rotated one is followed by name.")
    var follow = false

    @OptionGroup var interface: InterfaceOptions

    /// The command line as plain values.
    var run: LinesRun {
        LinesRun(file: file, read0: read0, print0: print0, multi: multi, preview: preview,
                 previewWindow: previewWindow, ansi: ansi, follow: follow, interface: interface.settings)
    }

    func validate() throws { try run.validate() }

    func execute() async throws { try await run.execute() }
}

/// `lister lines` as plain values: from the argument parser (``LinesCommand/run``), or,
/// for the commonest command lines, from ``commonest(_:stdinIsTerminal:)`` without it
/// (the parser's first use costs milliseconds of the first frame; docs/DECISIONS.md).
struct LinesRun: Equatable {
    var file: String?
    var read0: Bool
    var print0: Bool
    var multi: Bool
    var preview: String?
    var previewWindow: String?
    var ansi: Bool
    var follow: Bool
    var interface: InterfaceSettings

    /// `lister lines` with no option, of `file` (standard input when nil).
    static func plain(file: String?) -> LinesRun {
        LinesRun(file: file, read0: false, print0: false, multi: false, preview: nil, previewWindow: nil,
                 ansi: false, follow: false, interface: .standard)
    }

    /// The command line (without the program's name) when it is one of the commonest forms
    /// of `lister lines` and valid: `lister lines [FILE|-]`, or nothing at all with
    /// standard input not a terminal (`find . | lister`). Nil for anything else (an
    /// option, another subcommand, a file that cannot be read): the argument parser
    /// handles it, with its usual messages. `LinesFastPathTests` checks that every form
    /// taken here gives what the parser gives.
    static func commonest(_ arguments: [String], stdinIsTerminal: Bool) -> LinesRun? {
        let run: LinesRun
        switch arguments.count {
        case 0 where !stdinIsTerminal:
            run = .plain(file: nil)
        case 1 where arguments[0] == "lines":
            run = .plain(file: nil)
        case 2 where arguments[0] == "lines" && (arguments[1] == "-" || Self.isPlainPath(arguments[1])):
            run = .plain(file: arguments[1])
        default:
            return nil
        }
        return (try? run.validate()) == nil ? nil : run
    }

    /// A word the parser would take as a file name only: not empty, no leading `-`, and
    /// not `help`.
    private static func isPlainPath(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-") && word != "help"
    }

    var input: LineInput {
        guard let file, file != "-" else { return .standardInput }
        return .file(ArgumentBytes.path(file))  // the bytes given, UTF-8 or not
    }

    func validate() throws(ValidationError) {
        if let previewWindow {
            do {
                _ = try PreviewWindow.parse(previewWindow)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        switch input {
        case .standardInput:
            if StandardInput.wasClosed {
                throw ValidationError("no input: standard input is closed; give a FILE, or pipe lines into standard input (find . | lister)")
            }
            if isatty(0) == 1 {
                throw ValidationError("no input: give a FILE, or pipe lines into standard input (find . | lister)")
            }
        case .file(let path):
            var info = stat()
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
                throw ValidationError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw ValidationError("'\(path)' is a directory, not a file of lines\(follow ? "; --follow takes a file" : "")")
            }
            guard PathBytes.withCString(path, { access($0, R_OK) }) == 0 else {
                throw ValidationError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
        }
    }

    @MainActor func execute() async throws {
        let log = try interface.openLog()
        let logger = log.logger("lister.lines")
        // The lines read are counted by the runtime's load log (`load finished`); here, the
        // input as opened and what was printed.
        logger.debug("lines input opened", metadata: [
            "input": "\(input.name)", "separator": read0 ? "NUL" : "newline", "multiple": "\(multi)",
        ])
        var screen = LinesScreen(input: input, separator: read0 ? 0 : 0x0A, multiple: multi, logger: logger)
        screen.previewCommand = preview.map { PreviewCommand($0, ansi: ansi) }
        if let previewWindow { screen.previewWindow = try PreviewWindow.parse(previewWindow) }
        let outcome: Outcome
        if !follow { screen.readHead() }  // a screenful read before the terminal starts shows in the first frame
        if follow, case .file(let path) = input, isRegularFile(path) {
            outcome = try await AppRunner.run(FollowScreen(path: path, lines: screen), interface: interface, log: log)
        } else {
            // A pipe (standard input or a FIFO) shows what is written to it as it comes:
            // reading it is following it.
            outcome = try await AppRunner.run(screen, interface: interface, log: log)
        }
        let picked = outcome.picked(as: Line.self)
        // All or nothing: a line the file lost after it was indexed reads back as zeros. A
        // line too long to be kept whole in a row is read again whole here.
        let texts = picked.map { ($0.number, $0.wholeBytes) }
        if let lost = texts.first(where: { !$0.1.complete }) {
            throw LostLine(number: lost.0, input: input)
        }
        for (_, text) in texts {
            try FileDescriptor.standardOutput.write(Array(text.bytes) + [print0 ? 0 : 0x0A], what: "the chosen line to standard output")
        }
        logger.debug("lines printed", metadata: ["input": "\(input.name)", "lines": "\(picked.count)"])
        throw ExitCode(outcome.exitStatus)
    }
}

/// Whether `path` is a regular file (one that `--follow` watches; a FIFO is just read).
private func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return PathBytes.withCString(path, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}

/// A chosen line that the input file no longer holds: it was truncated from outside while
/// `lister` had it open, and printing the zeros that stand in for the line would pass them
/// on as if they had been read.
struct LostLine: Error, CustomStringConvertible {
    let number: Int
    let input: LineInput

    var description: String {
        let source = switch input {
        case .standardInput: "standard input (a file)"
        case .file(let path): "'\(path)'"
        }
        return "line \(number) of \(source) is no longer there: the file was truncated while lister had it open; nothing was printed"
    }
}
