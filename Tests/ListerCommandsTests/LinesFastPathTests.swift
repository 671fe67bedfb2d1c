import ArgumentParser
import Testing

@testable import ListerCommands

#if canImport(Glibc)
import Glibc
#endif

/// `LinesRun.commonest` reads the commonest `lister lines` command lines without the
/// argument parser; whatever it takes must mean exactly what the parser makes of it.
@Suite struct LinesFastPathTests {
    /// A readable file in a directory of its own, removed after the test.
    final class Scratch {
        let directory: String
        let file: String

        init() {
            var template = Array("/tmp/lister-fastpath-XXXXXX".utf8CString)
            directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
            file = directory + "/lines.txt"
            let fd = open(file, O_CREAT | O_WRONLY, 0o644)
            _ = write(fd, "one\ntwo\n", 8)
            close(fd)
        }

        deinit {
            unlink(file)
            rmdir(directory)
        }
    }

    /// What the parser makes of `arguments` (after the default subcommand is filled in),
    /// as plain values; nil when it refuses them or runs another command.
    static func parsed(_ arguments: [String], stdinIsTerminal: Bool) -> LinesRun? {
        let filled = argumentsWithDefaultSubcommand(arguments, stdinIsTerminal: stdinIsTerminal)
        return (try? ListerCommand.parseAsRoot(filled) as? LinesCommand)?.run
    }

    @Test func aFileNamedAfterLinesIsTakenAsTheParserTakesIt() throws {
        let scratch = Scratch()
        let run = try #require(LinesRun.commonest(["lines", scratch.file], stdinIsTerminal: true))
        #expect(run == LinesRun.plain(file: scratch.file))
        #expect(run == Self.parsed(["lines", scratch.file], stdinIsTerminal: true))
        #expect(run.input == .file(scratch.file))
    }

    /// Any other form, or one the parser would refuse, is left to the parser (which gives
    /// its usual message).
    @Test(arguments: [
        ["lines", "--multi", "F"], ["lines", "F", "--multi"], ["lines", "-f", "F"], ["lines", "--", "F"],
        ["lines", "help"], ["lines", "--help"], ["lines", "F", "G"], ["F"], ["demo"], ["pick"], ["lines", ""],
        ["lines", "/nonexistent/lister-fastpath"], ["lines", "/tmp"], ["--version"], ["-h"],
    ])
    func everyOtherFormGoesToTheParser(arguments: [String]) {
        let scratch = Scratch()
        let arguments = arguments.map { $0 == "F" ? scratch.file : $0 }
        #expect(LinesRun.commonest(arguments, stdinIsTerminal: true) == nil)
        #expect(LinesRun.commonest(arguments, stdinIsTerminal: false) == nil)
    }

    /// Standard input: whenever the short path takes it, the parser reads it the same.
    /// (Whether it is taken depends on what standard input is while the tests run; the
    /// end-to-end tests pipe lines into `lister` and `lister lines`.)
    @Test(arguments: [[], ["lines"], ["lines", "-"]])
    func standardInputIsTakenAsTheParserTakesIt(arguments: [String]) {
        let stdinIsTerminal = isatty(0) == 1
        if let run = LinesRun.commonest(arguments, stdinIsTerminal: stdinIsTerminal) {
            #expect(run.input == .standardInput)
            #expect(run == Self.parsed(arguments, stdinIsTerminal: stdinIsTerminal))
        }
        // With standard input a terminal, nothing at all is the demo, never lines.
        #expect(LinesRun.commonest([], stdinIsTerminal: true) == nil)
    }
}
