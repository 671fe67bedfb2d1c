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
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-big-\(UUID()).txt")
        let count = 300_000
        let text = (1...count).map { "line \($0) " + String(repeating: "x", count: $0 % 50) }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let lister = try TmuxSession.listerPath()
        let session = try TmuxSession(shell: "cat '\(url.path)' | exec '\(lister)' lines", captureStdout: true)
        defer { session.close() }
        try session.waitFor("line 1 x")
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
