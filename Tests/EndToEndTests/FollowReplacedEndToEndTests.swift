import Foundation
import Testing

/// `lister lines --follow FILE` when FILE is replaced by something it cannot follow: it says
/// what is wrong, keeps the rows and retries, as `tail -F` does (issue 35). The tests run as
/// root, whom permissions do not stop: a loop of symbolic links stands for a file that
/// cannot be read.
@Suite struct FollowReplacedEndToEndTests {
    @Test func aDirectoryAtThePathIsSaidAndAFileThereLaterFollowed() throws {
        let (directory, log) = try FollowEndToEndTests().makeLog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(lister: ["lines", "--follow", log], columns: 120, rows: 8)
        defer { session.close() }
        try session.waitFor("50/50   live")
        try FileManager.default.removeItem(atPath: log)
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: false)
        let said = try session.waitFor("is a directory since")
        #expect(said.contains("rows kept, waiting for a file"))
        #expect(!said.contains("following the new file"))
        try FileManager.default.removeItem(atPath: log)
        try "back 1\n".write(toFile: log, atomically: false, encoding: .utf8)
        let followed = try session.waitFor("51/51   live · replaced at")
        #expect(followed.contains("back 1"))
    }

    @Test func aFileThatCannotBeReadIsSaidAndRetried() throws {
        let (directory, log) = try FollowEndToEndTests().makeLog()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try TmuxSession(lister: ["lines", "--follow", log], columns: 160, rows: 8)
        defer { session.close() }
        try session.waitFor("50/50   live")
        // log -> loop -> log: opening it fails with ELOOP, for root too.
        let loop = directory.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: log)
        try FileManager.default.removeItem(atPath: log)
        try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: loop)
        let said = try session.waitFor("cannot be read at")
        #expect(said.contains("Too many levels of symbolic links; rows kept, retrying"))
        #expect(!said.contains("deleted or moved"))
        try FileManager.default.removeItem(atPath: log)
        try "readable 1\n".write(toFile: log, atomically: false, encoding: .utf8)
        let followed = try session.waitFor("51/51   live · replaced at")
        #expect(followed.contains("readable 1"))
    }
}
