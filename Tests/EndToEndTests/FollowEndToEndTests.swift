import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lister lines --follow FILE`: lines written later show, a truncated file starts over, a
/// rotated one is followed by name, a deleted one keeps its rows; bad input is an error.
@Suite struct FollowEndToEndTests {
    /// A directory with `log` holding lines 1-50.
    func makeLog() throws -> (directory: URL, log: String) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "follow")
        let log = directory.appendingPathComponent("log").path
        try (1...50).map { "line \($0)\n" }.joined().write(toFile: log, atomically: false, encoding: .utf8)
        return (directory, log)
    }

    func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
    }

    @Test func newLinesShowAndTheEndIsFollowed() throws {
        let (directory, log) = try makeLog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(lister: ["lines", "--follow", log], columns: 80, rows: 8, captureStdout: true)
        defer { session.close() }
        try session.waitFor("50/50   live")  // it opens on the last line
        try append("line 51\nline 52\n", to: log)
        let followed = try session.waitFor("52/52   live")
        #expect(followed.contains("line 52"))
        try session.sendKeys("Up", "Up")
        try session.waitFor("50/52")
        try append("line 53\n", to: log)
        try session.waitFor("50/53   live · 1 new ↓")  // elsewhere: it stays and counts
        try session.sendKeys("End")
        try append("line 54\n", to: log)
        try session.waitFor("54/54   live")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutput() == "line 54\n")
        #expect(try session.terminalState() == .restored)
    }

    @Test func aTruncatedFileStartsOver() throws {
        let (directory, log) = try makeLog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(lister: ["lines", "-f", log], columns: 80, rows: 8)
        defer { session.close() }
        try session.waitFor("50/50   live")
        #expect(truncate(log, 0) == 0)
        try session.waitFor("truncated at")
        try append("fresh\n", to: log)
        let fresh = try session.waitFor("1/1   live · truncated at")
        #expect(fresh.contains("fresh"))
        #expect(!fresh.contains("line 50"))
    }

    @Test func aRotatedFileIsFollowedByNameAndADeletedOneKeepsItsRows() throws {
        let (directory, log) = try makeLog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(lister: ["lines", "--follow", log], columns: 80, rows: 8)
        defer { session.close() }
        try session.waitFor("50/50   live")
        try FileManager.default.moveItem(atPath: log, toPath: log + ".1")
        try append("line 51, written to the old file\n", to: log + ".1")
        try session.waitFor("51/51")
        try "new 1\n".write(toFile: log, atomically: false, encoding: .utf8)
        let rotated = try session.waitFor("52/52   live · replaced at")
        #expect(rotated.contains("new 1"))
        try append("new 2\n", to: log)
        try session.waitFor("53/53")
        try FileManager.default.removeItem(atPath: log)
        let deleted = try session.waitFor("deleted or moved at")
        #expect(deleted.contains("53/53"))
        #expect(deleted.contains("new 2"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 1)
        #expect(try session.terminalState() == .restored)
    }

    @Test func aMissingFileOrADirectoryIsAnErrorAndAFIFOIsJustRead() throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "follow-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lister = try TmuxSession.listerPath()
        let err = directory.appendingPathComponent("err").path
        let out = directory.appendingPathComponent("out").path
        let missing = directory.appendingPathComponent("missing.log").path
        var status = try ChildProcess.run(lister, ["lines", "--follow", missing], environment: ["LANG": "C.UTF-8"], stdout: out, stderr: err)
        #expect(status == 2)
        #expect(try String(contentsOfFile: err, encoding: .utf8).contains("cannot read '\(missing)': No such file or directory"))
        status = try ChildProcess.run(lister, ["lines", "--follow", directory.path], environment: ["LANG": "C.UTF-8"], stdout: out, stderr: err)
        #expect(status == 2)
        #expect(try String(contentsOfFile: err, encoding: .utf8).contains("is a directory, not a file of lines; --follow takes a file"))

        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let session = try TmuxSession(shell: "(printf 'a\\nb\\n' > '\(fifo)' &) ; exec '\(lister)' lines --follow '\(fifo)'", columns: 60, rows: 8)
        defer { session.close() }
        let read = try session.waitFor("1/2")
        #expect(!read.contains("live"))  // read to its end, as without --follow
    }
}
