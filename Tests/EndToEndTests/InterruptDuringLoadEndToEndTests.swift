import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C and SIGTERM end the program at once while a load runs (issue 33): a body that
/// trickles from a server, and a table of 10,000 columns being read and laid out. The bound
/// is generous (the aim is 200 ms; tmux, polling and a loaded machine add to it), and far
/// below what a load that held the loop would take (the slow body runs for 6 s).
@Suite struct InterruptDuringLoadEndToEndTests {
    static let bound = Duration.seconds(2)

    /// Runs `lister` on `arguments`, waits for `ready` on screen (nil: only for the program
    /// to start), stops it with `stop`, and returns how long it took to end and its status.
    func stop(_ arguments: [String], when ready: String?, with stop: (TmuxSession) throws -> Void) throws -> (Duration, Int32) {
        let session = try TmuxSession(lister: arguments, columns: 100, rows: 30)
        defer { session.close() }
        _ = try session.programPID()
        if let ready { try session.waitFor(ready) }
        let started = ContinuousClock.now
        try stop(session)
        let status = try session.waitForExit()
        let took = ContinuousClock.now - started
        #expect(try session.terminalState() == .restored)
        return (took, status)
    }

    @Test func ctrlCAndSIGTERMEndASlowBodysLoadAtOnce() throws {
        let server = try PagedJSONServer()
        defer { server.stop() }
        let (ctrlC, ctrlCStatus) = try stop(["json", server.url("/slow")], when: "Loading") { try $0.sendKeys("C-c") }
        #expect(ctrlCStatus == 130)
        #expect(ctrlC < Self.bound, "Ctrl-C took \(ctrlC)")
        let (term, termStatus) = try stop(["json", server.url("/slow")], when: "Loading") { try $0.kill(signal: SIGTERM) }
        #expect(termStatus == 128 + SIGTERM)
        #expect(term < Self.bound, "SIGTERM took \(term)")
    }

    @Test func sigtermEndsAWideTablesFirstFrameAtOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-wide-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("wide.csv")
        let columns = 0..<10_000
        let text = [columns.map { "c\($0)" }, columns.map { "a\($0)" }, columns.map { "b\($0)" }]
            .map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let (term, status) = try stop(["csv", file.path], when: nil) { try $0.kill(signal: SIGTERM) }
        #expect(status == 128 + SIGTERM)
        #expect(term < Self.bound, "SIGTERM took \(term)")
    }
}
