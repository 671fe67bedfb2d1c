import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lister lines` reading a producer that is still writing: rows show at once, the list
/// can be used while it grows, and the end of input ends "reading…".
@Suite struct StreamingEndToEndTests {
    @Test func rowsShowWhileTheProducerIsStillWriting() throws {
        let gate = FileManager.default.temporaryDirectory.appendingPathComponent("lister-gate-\(UUID())")
        #expect(mkfifo(gate.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: gate) }
        let lister = try TmuxSession.listerPath()
        // The producer prints two lines, then waits until the test opens the gate.
        let producer = "{ printf 'first\\nsecond\\n'; read -r _ < '\(gate.path)'; printf 'third\\n'; }"
        let session = try TmuxSession(shell: "\(producer) | exec '\(lister)' lines", captureStdout: true)
        defer { session.close() }
        let screen = try session.waitFor("reading… 2")
        #expect(screen.contains("first") && screen.contains("second"))
        try session.sendKeys("Down")
        try session.waitFor("2/2+")
        try Self.open(gate: gate.path, writing: "go\n")
        let done = try session.waitFor("2/3 ")
        #expect(done.contains("third"))
        #expect(!done.contains("reading"))
        try session.sendKeys("Enter")  // the selection stayed on "second" while "third" came
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "second\n")
        #expect(try session.terminalState() == .restored)
    }

    @Test func aLargeFileShowsItsFirstRowsAndReadsToTheEnd() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-big")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try Self.writeLargeFile(in: directory)
        let lister = try TmuxSession.listerPath()
        let session = try TmuxSession(shell: "cat '\(url.path)' | exec '\(lister)' lines", captureStdout: true)
        defer { session.close() }
        try session.waitFor("line 1 x")
        try Self.pickTheLastLine(in: session)
    }

    /// Past 8 MiB a pipe is moved to a file in `$TMPDIR` that is unlinked at once: lister
    /// holds it open, no name is left in the directory, and the line printed is the same.
    @Test func aLargePipeMovesToAnUnlinkedFileInTMPDIR() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-tmpdir")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try Self.writeLargeFile(in: directory)
        let fifo = directory.appendingPathComponent("input").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let lister = try TmuxSession.listerPath()
        // A FIFO rather than `cat |`, so that the pid recorded is lister's.
        let session = try TmuxSession(shell: "cat '\(url.path)' > '\(fifo)' & exec '\(lister)' lines < '\(fifo)'",
                                      environment: ["TMPDIR": directory.path], captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/\(Self.largeFileLines) ", timeout: .seconds(30))
        let descriptors = "/proc/\(try session.programPID())/fd"
        let open = try FileManager.default.contentsOfDirectory(atPath: descriptors).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")
        }
        let spilled = open.filter { $0.hasPrefix(directory.path + "/lister-lines-") }
        #expect(spilled.count == 1 && spilled.allSatisfy { $0.hasSuffix(" (deleted)") }, "\(open)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.hasPrefix("lister-lines-") }, "\(names)")
        try Self.pickTheLastLine(in: session)
    }

    /// A `$TMPDIR` that cannot take the file keeps the pipe in memory: the line printed is
    /// the same, and `--log` says why.
    @Test func aLargePipeStaysInMemoryWhenTMPDIRFails() throws {
        let text = try Self.pickFromALargePipe(environment: ["TMPDIR": "/nonexistent/lister-e2e"])
        #expect(text.contains("warning lister.lines: lines kept in memory: the temporary file failed"), "\(text)")
        #expect(text.contains("cannot create a file in /nonexistent/lister-e2e: No such file or directory"), "\(text)")
    }

    /// Under a file-size limit (`ulimit -f`) the temporary file stops growing part way: the
    /// rest of the pipe goes on in memory instead of SIGXFSZ killing lister.
    @Test func aLargePipeGoesOnInMemoryPastAFileSizeLimit() throws {
        // 9000 blocks of 1 KiB: past the 8 MiB where the pipe moves, short of its ~10 MB.
        let text = try Self.pickFromALargePipe(shellPrefix: "ulimit -f 9000; ")
        #expect(text.contains("warning lister.lines: lines kept in memory: the temporary file failed"), "\(text)")
    }

    /// Pipes ``writeLargeFile(in:)`` into `lister lines --log` (after `shellPrefix`, with
    /// `environment`), picks the last line, and returns the log.
    static func pickFromALargePipe(shellPrefix: String = "", environment: [String: String] = [:]) throws -> String {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "lister-large-pipe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try writeLargeFile(in: directory)
        let log = directory.appendingPathComponent("lister.log").path
        let lister = try TmuxSession.listerPath()
        let session = try TmuxSession(shell: "\(shellPrefix)cat '\(url.path)' | exec '\(lister)' lines --log '\(log)'",
                                      environment: environment, captureStdout: true)
        defer { session.close() }
        try pickTheLastLine(in: session)
        return try String(contentsOfFile: log, encoding: .utf8)
    }

    /// The number of lines of ``writeLargeFile(in:)``.
    static let largeFileLines = 300_000

    /// Writes `large.txt` in `directory`: ``largeFileLines`` lines, about 10 MB (past the
    /// 8 MiB from which a pipe moves to a temporary file).
    static func writeLargeFile(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("large.txt")
        let text = (1...largeFileLines).map { "line \($0) " + String(repeating: "x", count: $0 % 50) }.joined(separator: "\n")
        try Data((text + "\n").utf8).write(to: url)
        return url
    }

    /// Waits for all of ``writeLargeFile(in:)`` to be read, goes to its last line and picks it.
    static func pickTheLastLine(in session: TmuxSession) throws {
        let count = largeFileLines
        try session.waitFor("1/\(count) ", timeout: .seconds(30))
        try session.sendKeys("End")
        try session.waitFor("line \(count)")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "line \(count) " + String(repeating: "x", count: count % 50) + "\n")
    }

    /// Opens the FIFO at `path` for writing once its reader has opened it, and writes `text`.
    static func open(gate path: String, writing text: String, timeout: Duration = .seconds(10)) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            let fd = Glibc.open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 {
                defer { close(fd) }
                _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                return
            }
            guard errno == ENXIO, ContinuousClock.now < deadline else {
                throw TmuxSession.Failure("cannot open the gate \(path): \(String(cString: strerror(errno)))")
            }
            usleep(10_000)  // the producer has not opened its end yet
        }
    }
}
