import ArgumentParser
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// What a sibling executable runs itself instead of handing it on: `lister-json` runs the
/// HTTP sources of `lister json`, `lister-sqlite` runs `lister sqlite`.
package struct SiblingRunner: Sendable {
    /// The sibling this process is.
    package let sibling: Sibling
    /// Runs a command whose `sibling` is this one; ends by throwing `ExitCode` (the outcome)
    /// or an error (status 2, one line).
    package let run: @MainActor @Sendable (any SiblingCommand) async throws -> Void

    /// A runner for the commands that `sibling` runs.
    package init(sibling: Sibling, run: @escaping @MainActor @Sendable (any SiblingCommand) async throws -> Void) {
        self.sibling = sibling
        self.run = run
    }
}

/// A subcommand that a sibling executable runs (some invocations, or all).
package protocol SiblingCommand: ParsableCommand {
    /// The sibling that runs this invocation, or nil when `lister` runs it itself.
    var sibling: Sibling? { get }
}

/// The command line of `lister` and of its siblings: the same parser, the same exit
/// statuses, the same one-line errors.
@MainActor
package enum ListerMain {
    /// Runs ``run(as:)`` inside `MainLoop`: the main thread serves the main actor and the
    /// terminal itself (no `dispatch_main`), so a key is read, handled and drawn on one
    /// thread. Call from a `main.swift` without top-level `await`.
    package static func main(as runner: SiblingRunner? = nil) -> Never {
        // Past a file-size limit (`ulimit -f`) a write fails with EFBIG instead of killing
        // the process: a pipe's temporary file then goes on in memory, a log stops growing.
        // (The pipe is read on a pool thread, where libdispatch blocks the signal anyway;
        // this holds for writes from any thread.)
        signal(SIGXFSZ, SIG_IGN)
        StandardInput.secure()  // before MainLoop opens its descriptors
        let status = MainLoop.run { () -> Int32 in await run(as: runner) }
        exit(status)  // not reached: run(as:) exits
    }

    /// Parses the process's arguments and runs the command; `runner` is given by a sibling
    /// for the commands it runs itself. Never returns: exits with the command's status.
    package static func run(as runner: SiblingRunner? = nil) async -> Never {
        // A closed standard input is no input: the demo when the screen is a terminal.
        let noInput = StandardInput.isTerminal || (StandardInput.wasClosed && isatty(1) == 1)
        let given = Array(CommandLine.arguments.dropFirst())
        // `lister lines FILE` and `… | lister` skip the argument parser (its first use is
        // a sixth of the time to the first frame); anything else goes through it.
        let lines = runner == nil ? LinesRun.commonest(given, stdinIsTerminal: noInput) : nil
        let arguments = lines == nil ? argumentsWithDefaultSubcommand(given, stdinIsTerminal: noInput) : []
        do {
            if let lines {
                try await lines.execute()
                exit(0)
            }
            var command = try ListerCommand.parseAsRoot(arguments)
            if let delegated = command as? any SiblingCommand, let sibling = delegated.sibling {
                if let runner, runner.sibling == sibling {
                    try await runner.run(delegated)
                } else {
                    // Handed on with the arguments as parsed (the default subcommand filled in).
                    try sibling.exec(arguments: arguments)
                }
            } else if let interactive = command as? any InteractiveCommand {
                try await interactive.execute()
            } else {
                try command.run()
            }
            exit(0)
        } catch let exitCode as ExitCode {
            exit(exitCode.rawValue)  // the outcome of an interactive command
        } catch let missing as Sibling.Missing {
            fail(missing.description, arguments: lines == nil ? arguments : given)
        } catch let failed as FileDescriptor.WriteError {
            fail(failed.description, arguments: lines == nil ? arguments : given)
        } catch {
            let code = ListerCommand.exitCode(for: error)
            if code == .success {
                // --help and --version: their text goes to standard output.
                print(ListerCommand.fullMessage(for: error))
                exit(0)
            }
            // Every error, usage errors included, is one line on stderr and status 2.
            let message = ListerCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            fail(message.replacing("Error: ", with: ""), arguments: lines == nil ? arguments : given)
        }
    }

    /// Writes `lister: message` on stderr, and to the log `arguments` name (`--log FILE`),
    /// and exits 2.
    static func fail(_ message: String, arguments: [String] = []) -> Never {
        StartFailureLog.record(message, arguments: arguments)
        FileDescriptor.standardError.write("lister: \(message)\n")
        exit(2)
    }
}

/// The arguments with the default subcommand filled in: `demo` when standard input is a
/// terminal, `lines` when it is a pipe or a file (so `find . | lister` works).
func argumentsWithDefaultSubcommand(_ arguments: [String], stdinIsTerminal: Bool) -> [String] {
    let subcommands = Set(ListerCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
    // The root's own options; completion scripts and the help dump (man page) are of the root.
    let standalone: Set<String> = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]
    if let first = arguments.first,
        subcommands.contains(first) || standalone.contains(first) || first.hasPrefix("--generate-completion-script=")
    {
        return arguments
    }
    // The options every subcommand takes (`--log FILE`, `--no-mouse`) may come before the
    // subcommand's name: `lister --log FILE sqlite DB` is `lister sqlite --log FILE DB`.
    var leading = 0
    while leading < arguments.count {
        let word = arguments[leading]
        if word == "--log", leading + 1 < arguments.count {
            leading += 2
        } else if word.hasPrefix("--log=") || word == "--no-mouse" {
            leading += 1
        } else {
            break
        }
    }
    if leading > 0, leading < arguments.count, subcommands.contains(arguments[leading]), arguments[leading] != "help" {
        return [arguments[leading]] + arguments[..<leading] + arguments[(leading + 1)...]
    }
    return [stdinIsTerminal ? "demo" : "lines"] + arguments
}
