import ArgumentParser
import Lister
import ListerSources
import TerminalCore

/// `lister watch`: a command's output as a list, run again and again.
struct WatchCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Run a command every few seconds and browse its output: scroll, filter, pick a line.",
        discussion: """
            One argument is a shell command line (run with sh -c, as watch does); several are a \
            program and its arguments. The next run starts INTERVAL after the last one ended, \
            so a slow run is never started twice. The selection stays on the same line text; \
            a failing run keeps the last good output and shows its exit status. r runs it now; \
            Enter prints the selected line and exits 0; q exits 1.
            """
    )

    @Option(name: [.customShort("n"), .customLong("interval")], help: ArgumentHelp("Seconds between runs (at least 0.1).", valueName: "SECONDS"))
    var interval: Double = 2

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The command to run, after --.", valueName: "CMD"))
    var command: [String] = []

    @OptionGroup var interface: InterfaceOptions

    /// The command without the `--` that may lead it.
    var commandLine: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

    func validate() throws {
        // The command is captured as it is (its own options pass through), so `--help` and
        // `-h` before it land there: they ask for help, which needs no terminal.
        if let first = command.first, first == "--help" || first == "-h" {
            throw CleanExit.helpRequest(self)
        }
        guard interval >= 0.1, interval.isFinite else {
            throw ValidationError("-n takes the seconds between runs, at least 0.1, not \(interval)")
        }
        guard !commandLine.isEmpty else {
            throw ValidationError("no command: give one after --, e.g. lister watch -n 1 -- ls -l")
        }
    }

    func execute() async throws {
        let log = try interface.openLog()
        let screen = WatchScreen(command: commandLine, interval: .milliseconds(Int(interval * 1000)))
        let outcome = try await AppRunner.run(screen, interface: interface, log: log)
        for line in outcome.picked(as: WatchLine.self) {
            try FileDescriptor.standardOutput.write(Array(line.text.utf8) + [0x0A], what: "the chosen line to standard output")
        }
        throw ExitCode(outcome.exitStatus)
    }
}
