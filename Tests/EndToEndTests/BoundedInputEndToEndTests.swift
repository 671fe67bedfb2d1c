import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lister json` on input that never ends or is very large, from a real HTTP server on
/// 127.0.0.1 (``PagedJSONServer``) and from a pipe: rows show as they are parsed, memory
/// stays bounded, `q`, Ctrl-C and SIGTERM end it at once with the terminal restored, a
/// parse error or `--max-body` stops the read and keeps the rows.
@Suite(.serialized) struct BoundedInputEndToEndTests {
    /// How long an ending key or signal may take, from sending it to the restored terminal
    /// (tmux's own round trips included). Without the fix an endless body never lets lister
    /// end, so any bound catches it; 2 s leaves room for a CI run with every suite in
    /// parallel on two cores (200 ms was once missed by 28 ms there). How fast `q` really
    /// answers is measured by `make bench-bounded`, not here.
    static let answerTime: Duration = .seconds(2)

    /// The program's peak and current resident memory in bytes (`VmHWM`, `VmRSS`).
    static func memory(of pid: pid_t) -> (peak: Int, now: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return (Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0) * 1024
        }
        return (field("VmHWM"), field("VmRSS"))
    }

    /// Sends `key` (or `signal`); returns the exit status, and how long it took until the
    /// terminal was restored (what the person at the terminal waits for). The process
    /// must be gone within a second more.
    static func end(_ session: TmuxSession, key: String? = nil, signal: Int32? = nil) throws -> (status: Int32, took: Duration) {
        let pid = try session.programPID()
        let started = ContinuousClock.now
        if let key { try session.sendKeys(key) }
        if let signal { try session.kill(signal: signal) }
        var took: Duration?
        while ContinuousClock.now - started < .seconds(10) {
            if try session.terminalState() == .restored {
                took = ContinuousClock.now - started
                break
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
        let status = try session.waitForExit(timeout: .seconds(10))
        let gone = ContinuousClock.now - started
        #expect(gone < .seconds(1) + (took ?? .zero), "pid \(pid) exited after \(gone)")
        return (status, took ?? .seconds(10))
    }

    /// An endless body shows its rows and "reading… N MB" at once; after seconds of it, memory
    /// is bounded, and `q`, Ctrl-C or SIGTERM end lister within ``answerTime``.
    @Test(arguments: [("q", nil, 0), ("C-c", nil, 130), (nil, SIGTERM, 143)] as [(String?, Int32?, Int32)])
    func anEndlessBodyShowsRowsStaysBoundedAndEndsAtOnce(key: String?, signal: Int32?, status: Int32) throws {
        let server = try PagedJSONServer()
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/endless")], columns: 80, rows: 12)
        defer { session.close() }
        try session.waitFor(" MB", timeout: .seconds(10))  // reading… 1234 · 5.5 MB
        // A debug build reads a few MB a second, a release build hundreds.
        let screen = try session.waitUntil("some MB read", timeout: .seconds(60)) { screen in
            guard let megabytes = Self.megabytesRead(screen) else { return false }
            return megabytes >= 32
        }
        #expect(screen.split(separator: "\n").dropFirst().first?.hasPrefix("1 ") == true, "\(screen)")
        let pid = try session.programPID()
        let memory = Self.memory(of: pid)
        let read = (Self.megabytesRead(try session.screen()) ?? 0) << 20
        // The body goes to a temporary file; memory holds about a byte an element (two of text).
        #expect(memory.peak < (150 << 20) + read, "peak \(memory.peak >> 20) MB after \(read >> 20) MB")
        let (exit, took) = try Self.end(session, key: key, signal: signal)
        #expect(exit == status)
        #expect(took < Self.answerTime, "took \(took)")
        #expect(try session.terminalState() == .restored)
    }

    /// `--max-body` stops an endless body with a clear error; the rows read stay browsable.
    @Test func theBodyLimitStopsTheReadAndKeepsTheRows() throws {
        let server = try PagedJSONServer()
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/endless"), "--max-body", "20M"], columns: 140, rows: 12)
        defer { session.close() }
        let stopped = try session.waitFor("stopped: the body from", timeout: .seconds(20))
        #expect(stopped.contains("is larger than 20 MB"), "\(stopped)")
        try session.sendKeys("End")
        let end = try session.waitFor("10485759/10485759")  // `[` and 20 MiB - 1 bytes of `1,`: the last `1` is cut
        #expect(!end.contains("reading…"))
        let (exit, took) = try Self.end(session, key: "q")
        #expect(exit == 0)
        #expect(took < Self.answerTime, "took \(took)")
    }

    /// 500 MB as fast as the server sends it: read to the end with memory far below its size.
    @Test func fiveHundredMegabytesFastAreReadWithBoundedMemory() throws {
        let server = try PagedJSONServer()
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/large?mb=500")], columns: 100, rows: 12)
        defer { session.close() }
        try session.waitFor("row 1", timeout: .seconds(10))
        let pid = try session.programPID()
        try session.waitUntil("the whole body", timeout: .seconds(120)) { !$0.contains("reading") && $0.contains("/") }
        try session.sendKeys("End")
        try session.waitFor("the last row")
        let memory = Self.memory(of: pid)
        #expect(memory.peak < 3 * (500 << 20), "peak \(memory.peak >> 20) MB")
        #expect(memory.peak < 400 << 20, "peak \(memory.peak >> 20) MB")  // the body is in a temporary file
        try session.sendKeys("Enter")  // an element read back from the temporary file
        try session.waitFor(#""name": "the last row""#)
        let (exit, took) = try Self.end(session, key: "q")
        #expect(exit == 0)
        #expect(took < Self.answerTime, "took \(took)")
        #expect(try session.terminalState() == .restored)
    }

    /// A byte that is not JSON in the middle of a body that goes on stops the read there.
    @Test func aParseErrorInTheMiddleOfABodyStopsItThere() throws {
        let server = try PagedJSONServer()
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/broken-late?mb=3")], columns: 160, rows: 12)
        defer { session.close() }
        let stopped = try session.waitFor("stopped: the page from", timeout: .seconds(20))
        #expect(stopped.contains("is not JSON (unexpected character 'x'"), "\(stopped)")
        let pid = try session.programPID()
        #expect(Self.memory(of: pid).peak < 200 << 20)
        try session.sendKeys("End")
        try session.waitFor("row ")
        #expect(try Self.end(session, key: "q").status == 0)
    }

    /// An error page that never ends is not read to its end: its beginning is the message.
    @Test func anEndlessErrorPageFailsWithItsBeginning() throws {
        let server = try PagedJSONServer()
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/endless-error")], columns: 100, rows: 10)
        defer { session.close() }
        let error = try session.waitFor("Press r to retry", timeout: .seconds(20))
        #expect(error.contains("HTTP 500 Internal Server Error from http://127.0.0.1:\(server.port)/endless-error"), "\(error)")
        #expect(error.contains("database is down"))
        #expect(Self.memory(of: try session.programPID()).peak < 100 << 20)
        #expect(try Self.end(session, key: "q").status == 0)
    }

    /// Standard input is parsed as it comes: rows show while the producer still writes, and a
    /// byte that is not JSON stops the read with the rows kept.
    @Test func standardInputShowsRowsAsTheyComeAndStopsAtAnError() throws {
        let gate = FileManager.default.temporaryDirectory.appendingPathComponent("lister-json-gate-\(UUID())")
        #expect(mkfifo(gate.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: gate) }
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let producer = "{ printf '[{\"name\": \"first\"}, {\"name\": \"second\"},'; read -r _ < '\(gate.path)'; printf ' 3, oops]'; }"
        let session = try TmuxSession(shell: "\(producer) | exec \(lister) json -", columns: 120, rows: 10)
        defer { session.close() }
        let reading = try session.waitFor("reading… 2")
        #expect(reading.contains("first") && reading.contains("second"))
        let fd = open(gate.path, O_WRONLY)
        #expect(fd >= 0)
        _ = write(fd, "go\n", 3)
        close(fd)
        let stopped = try session.waitFor("stopped: standard input is not valid JSON: unexpected character 'o' at line 1, column 44")
        #expect(stopped.contains("3/3") || stopped.contains("1/3"), "\(stopped)")
        #expect(try Self.end(session, key: "q").status == 0)
    }

    /// A line longer than a row shows appears before its end comes, and the line picked is
    /// the whole of it, not the start a row showed.
    @Test func aLongLineShowsBeforeItsEndAndIsPrintedWhole() throws {
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let producer = "{ head -c 300000 /dev/zero | tr '\\0' a; sleep 1; head -c 300000 /dev/zero | tr '\\0' b; echo; }"
        let session = try TmuxSession(shell: "\(producer) | exec \(lister) lines", columns: 60, rows: 6, captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/1+")  // the start of the line, while the rest has not come
        try session.waitFor("1/1 ")
        try session.sendKeys(">", "C-l", "Enter")
        #expect(try session.waitForExit() == 0)
        let printed = try session.standardOutputBytes()
        #expect(printed.count == 600_001)
        #expect(printed.prefix(300_000).allSatisfy { $0 == UInt8(ascii: "a") })
        #expect(printed.dropFirst(300_000).prefix(300_000).allSatisfy { $0 == UInt8(ascii: "b") })
    }

    /// The megabytes of `reading… 1234 · 56.7 MB` (or of a stopped status), if shown.
    static func megabytesRead(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"[0-9.]+ (MB|GB)"#, options: .regularExpression) else { return nil }
        let parts = screen[range].split(separator: " ")
        guard let value = Double(parts[0]) else { return nil }
        return Int(parts[1] == "GB" ? value * 1024 : value)
    }
}
