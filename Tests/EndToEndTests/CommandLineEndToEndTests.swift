import Foundation
import Testing

/// Errors never open the screen: one line on stderr and status 2.
@Suite struct CommandLineErrorTests {
    func run(_ arguments: [String], stdin: FileHandle? = nil,
             environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TmuxSession.listerPath())
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [
        (["lines", "/nonexistent/file"], "cannot read '/nonexistent/file': No such file or directory"),
        (["--bogus"], "Unknown option '--bogus'"),
        (["demo", "feed", "--fail-rate", "2"], "--fail-rate must be between 0 and 1"),
        (["demo", "nosuchdemo"], "nosuchdemo"),
        (["lines", "/"], "'/' is a directory"),
        (["sqlite", "/"], "'/' is a directory, not an SQLite database"),
        (["sqlite", "/dev/null"], "'/dev/null' is a character device, not an SQLite database"),
        (["sqlite", "/etc/hostname", "--sort", "id"], "--sort sorts the rows of a table: give one"),
        (["sqlite", "/etc/hostname", "t", "--sort", "id:up"], "--sort takes COLUMN, COLUMN:asc or COLUMN:desc, not 'id:up'"),
    ])
    func usageAndInputErrorsExitTwoWithOneLine(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("lister: "))
        #expect(result.stderr.contains(message))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    /// Runs lister with `arguments` under `timeout`, which ends a run that hangs (SIGKILL
    /// after SIGTERM, which a blocked `open` restarts after), so a regression fails rather
    /// than stalls: the exit status and standard error.
    func runUnderTimeout(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-k", "2", "10", try TmuxSession.listerPath()] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    /// SQLite opening a FIFO would wait for a writer for ever, on a blank screen.
    @Test func sqliteOnAFIFOIsAnErrorNotAHang() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "sqlfifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("db").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (status, stderr) = try runUnderTimeout(["sqlite", fifo])
        #expect(status == 2, "stderr: \(stderr)")
        #expect(stderr.contains("is a FIFO (named pipe), not an SQLite database"), "\(stderr)")
    }

    /// Input that cannot begin JSON fails at its first byte, not after reading it all
    /// (`/dev/zero` never ends).
    @Test func jsonFromEndlessZerosFailsAtTheFirstByte() throws {
        let (status, stderr) = try runUnderTimeout(["json", "/dev/zero"])
        #expect(status == 2, "stderr: \(stderr)")
        #expect(stderr == "lister: /dev/zero is not valid JSON: unexpected character 0x00 at line 1, column 1\n")
    }

    /// Opening a FIFO for writing waits for a reader: `--log` must refuse one that nothing
    /// reads instead of hanging before the screen opens.
    @Test func aLogFIFOWithNoReaderIsAnErrorNotAHang() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("log").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let input = directory.appendingPathComponent("input.txt").path
        try "a\nb\n".write(toFile: input, atomically: true, encoding: .utf8)
        let (status, stderr) = try runUnderTimeout(["lines", input, "--log", fifo])
        #expect(status == 2, "stderr: \(stderr)")
        #expect(stderr.contains("cannot open the log file"))
        #expect(stderr.contains("no process is reading"))
    }

    @Test func versionAndHelpExitZero() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: lister"))
    }
}

/// Every `--help` reads well at 80 columns: each paragraph before USAGE is wrapped once,
/// by the parser, whose lines end before column 80 (a line break kept from the source
/// leaves a word or two on a line of its own).
@Suite struct HelpTextTests {
    @Test(arguments: ["", "lines", "pick", "dir", "json", "sqlite", "demo"])
    func helpParagraphsAreWrappedOnceAtEightyColumns(subcommand: String) throws {
        let arguments = (subcommand.isEmpty ? [] : [subcommand]) + ["--help"]
        let text = try CommandLineErrorTests().run(arguments, environment: ["COLUMNS": "80", "LANG": "C.UTF-8"]).stdout
        #expect(text.contains("\nUSAGE: lister"))  // the help was read, so the check below can fail
        let prose = text.components(separatedBy: "\nUSAGE:").first ?? ""
        for paragraph in prose.components(separatedBy: "\n\n") {
            let lines = paragraph.split(separator: "\n").map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) {
                let word = next.split(separator: " ").first.map(String.init) ?? ""
                #expect(line.count + 1 + word.count > 79, "'\(subcommand) --help': \"\(word)\" fits after \"\(line)\"")
            }
        }
    }
}

/// Help never needs a terminal: `lister watch`'s command is captured as given, and its
/// `--help` or `-h` was once run as the command, which opened /dev/tty (issue 35).
@Suite struct HelpWithoutTerminalTests {
    @Test(arguments: [["watch", "--help"], ["watch", "-h"], ["watch", "-n", "1", "--help"], ["csv", "--help"]])
    func helpPrintsWithoutATerminal(arguments: [String]) throws {
        // setsid: no controlling terminal, so /dev/tty cannot be opened; timeout: a screen
        // that waits for keys fails the test instead of hanging it.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["20", "/usr/bin/setsid", "-w", try TmuxSession.listerPath()] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "stderr: \(stderr)")
        #expect(stdout.contains("USAGE: lister \(arguments[0])"))
        #expect(stderr.isEmpty)
    }
}
