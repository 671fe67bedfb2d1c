import ArgumentParser
import Testing

@testable import ListerCommands

/// The options every subcommand takes may come before its name (issue 33): `lister --log
/// FILE sqlite DB` read `sqlite` as the file of `lister lines`.
@Suite struct RootOptionsTests {
    @Test(arguments: [
        (["--log", "run.log", "sqlite", "app.db"], ["sqlite", "--log", "run.log", "app.db"]),
        (["--log=run.log", "csv", "data.csv"], ["csv", "--log=run.log", "data.csv"]),
        (["--no-mouse", "--log", "run.log", "json", "-"], ["json", "--no-mouse", "--log", "run.log", "-"]),
        (["--no-mouse", "pick"], ["pick", "--no-mouse"]),
        (["--log", "run.log", "lines"], ["lines", "--log", "run.log"]),
    ])
    func optionsBeforeASubcommandGoAfterIt(given: [String], filled: [String]) {
        #expect(argumentsWithDefaultSubcommand(given, stdinIsTerminal: true) == filled)
        #expect(argumentsWithDefaultSubcommand(given, stdinIsTerminal: false) == filled)
    }

    /// Without a subcommand after them, the options are the default subcommand's, as before:
    /// `--log sqlite` names a log file called `sqlite`.
    @Test func withoutASubcommandTheDefaultOneTakesThem() {
        #expect(argumentsWithDefaultSubcommand(["--log", "sqlite", "x"], stdinIsTerminal: false) == ["lines", "--log", "sqlite", "x"])
        #expect(argumentsWithDefaultSubcommand(["--no-mouse"], stdinIsTerminal: true) == ["demo", "--no-mouse"])
        #expect(argumentsWithDefaultSubcommand(["--log", "run.log"], stdinIsTerminal: false) == ["lines", "--log", "run.log"])
    }

    @Test func theParserReadsTheLogGivenBeforeTheSubcommand() throws {
        let filled = argumentsWithDefaultSubcommand(["--log", "/tmp/x.log", "dir", "/tmp"], stdinIsTerminal: false)
        let command = try #require(try ListerCommand.parseAsRoot(filled) as? DirCommand)
        #expect(command.interface.log == "/tmp/x.log")
    }

    @Test func theLogOfAFailedStartIsFoundInTheWords() {
        #expect(StartFailureLog.path(in: ["sqlite", "db", "--log", "a.log"]) == "a.log")
        #expect(StartFailureLog.path(in: ["csv", "--log=b.log", "x.csv"]) == "b.log")
        #expect(StartFailureLog.path(in: ["watch", "--", "cmd", "--log", "c.log"]) == nil)
        #expect(StartFailureLog.path(in: ["sqlite", "db"]) == nil)
        #expect(StartFailureLog.path(in: ["sqlite", "db", "--log"]) == nil)
    }
}
