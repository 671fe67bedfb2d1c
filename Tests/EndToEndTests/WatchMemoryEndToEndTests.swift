import Foundation
import Testing

/// `lister watch` keeps a run's lines as `lister lines` does (bytes and offsets): 8 MB of
/// two-byte lines once took about 47 bytes a line, 189 MB (339 MB in a debug build); an
/// output cut at 8 MB costs what it keeps (issue 35).
@Suite struct WatchMemoryEndToEndTests {
    @Test func fourMillionShortLinesCostTheirBytesNotAStringEach() throws {
        let session = try TmuxSession(lister: ["watch", "-n", "100", "--", "sh", "-c", "yes | head -c 8000000"],
                                      columns: 100, rows: 10)
        defer { session.close() }
        try session.waitFor("/4000000 ", timeout: .seconds(60))
        try session.waitFor("exit 0", timeout: .seconds(30))
        let peak = BoundedInputEndToEndTests.memory(of: try session.programPID()).peak
        // 8 MB of text, 16 MB of line ends and numbers, the list's state; a debug build's
        // overhead. The array of strings took 189 MB (release) to 339 MB (debug).
        #expect(peak < 120 << 20, "peak \(peak >> 20) MB")
    }

    @Test func anOutputCutAt8MBCostsWhatItKeeps() throws {
        let session = try TmuxSession(lister: ["watch", "-n", "100", "--", "sh", "-c", "yes | head -c 100000000"],
                                      columns: 100, rows: 10)
        defer { session.close() }
        try session.waitFor("cut at 8 MB", timeout: .seconds(60))
        let peak = BoundedInputEndToEndTests.memory(of: try session.programPID()).peak
        #expect(peak < 120 << 20, "peak \(peak >> 20) MB")
    }
}
