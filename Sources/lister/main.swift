import ArgumentParser
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// The arguments with the default subcommand filled in: `demo` when standard input is a
/// terminal, `lines` when it is a pipe or a file (so `find . | lister` works).
func argumentsWithDefaultSubcommand(_ arguments: [String], stdinIsTerminal: Bool) -> [String] {
    let subcommands: Set<String> = ["demo", "lines", "dir", "sqlite", "json", "help"]
    // The root's own options; completion scripts and the help dump (man page) are of the root.
    let standalone: Set<String> = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]
    if let first = arguments.first,
        subcommands.contains(first) || standalone.contains(first) || first.hasPrefix("--generate-completion-script=")
    {
        return arguments
    }
    return [stdinIsTerminal ? "demo" : "lines"] + arguments
}

/// Runs the command line and returns the exit status.
@MainActor
func runLister(_ arguments: [String]) async -> Int32 {
    do {
        var command = try ListerCommand.parseAsRoot(arguments)
        if let interactive = command as? any InteractiveCommand {
            try await interactive.execute()
        } else {
            try command.run()
        }
        return 0
    } catch let exitCode as ExitCode {
        return exitCode.rawValue  // the outcome of an interactive command
    } catch {
        let code = ListerCommand.exitCode(for: error)
        if code == .success {
            // --help and --version: their text goes to standard output.
            print(ListerCommand.fullMessage(for: error))
            return 0
        }
        // Every error, usage errors included, is one line on stderr and status 2.
        let message = ListerCommand.message(for: error)
            .split(separator: "\n").first.map(String.init) ?? "\(error)"
        FileDescriptor.standardError.write("lister: \(message.replacingOccurrences(of: "Error: ", with: ""))\n")
        return 2
    }
}

let arguments = argumentsWithDefaultSubcommand(Array(CommandLine.arguments.dropFirst()), stdinIsTerminal: isatty(0) == 1)
// The main thread serves the main actor and the terminal itself (no `dispatch_main`), so
// a key is read, handled and drawn on one thread.
let status = MainLoop.run { await runLister(arguments) }
exit(status)
