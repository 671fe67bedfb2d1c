import ArgumentParser

/// `lister`: browse lists in the terminal.
struct ListerCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "lister",
        abstract: "Browse lists in the terminal: lines, a demo, and more.",
        discussion: """
            With no subcommand, lister runs the demo when standard input is a terminal and
            browses the lines of standard input otherwise (`find . | lister`).

            --log FILE and --no-mouse may also come before the subcommand's name.

            Exit status: 0 a line was picked or the browser was quit; 1 a picker was left \
            without choosing (lister pick left with Esc: 130, as fzf); 2 an error; 130, \
            143, 129 after SIGINT (Ctrl-C), SIGTERM, SIGHUP.
            """,
        version: version,
        subcommands: [DemoCommand.self, LinesCommand.self, PickCommand.self, DirCommand.self, CSVCommand.self, SqliteCommand.self, JSONCommand.self, WatchCommand.self]
    )
}

/// Options every interactive subcommand takes.
package struct InterfaceOptions: ParsableArguments {
    @Flag(help: "Do not use the mouse (leaves the terminal's own text selection alone).")
    package var noMouse = false

    @Option(help: ArgumentHelp(
        "Append a diagnostic log (loads, requests, queries, timings, errors) to FILE; never to the screen.",
        valueName: "file"), completion: .file())
    package var log: String?

    @Flag(name: .customLong("debug-trap"), help: .hidden)
    package var debugTrap = false

    package init() {}

    /// The options as plain values.
    package var settings: InterfaceSettings {
        InterfaceSettings(noMouse: noMouse, log: log, debugTrap: debugTrap)
    }

    /// The log of `--log FILE`, opened now: a file that cannot be opened is a usage error
    /// (status 2) before the screen opens.
    package func openLog() throws -> DiagnosticLog { try settings.openLog() }
}

/// ``InterfaceOptions`` as plain values: what a command reads of them, readable without
/// the argument parser (``LinesRun/commonest(_:stdinIsTerminal:)`` makes them itself).
package struct InterfaceSettings: Equatable, Sendable {
    /// `--no-mouse`.
    package var noMouse: Bool
    /// `--log FILE`.
    package var log: String?
    /// `--debug-trap` (hidden).
    package var debugTrap: Bool
    /// No colours, whatever `NO_COLOR` says (`lister pick --no-color`, `--color=bw`).
    package var noColor = false

    /// The settings of a command line that names none of the options.
    package static let standard = InterfaceSettings(noMouse: false, log: nil, debugTrap: false)

    /// The log of `--log FILE`, opened now: a file that cannot be opened is a usage error
    /// (status 2) before the screen opens.
    package func openLog() throws -> DiagnosticLog {
        do {
            return try DiagnosticLog.open(log)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// A subcommand that runs an interactive screen on the main actor.
protocol InteractiveCommand: ParsableCommand {
    /// Runs the command; ends by throwing `ExitCode` with the outcome's status.
    @MainActor func execute() async throws
}
