import Foundation
import Lister
@testable import ListerSources
import Testing

/// Input that cannot be read back (a pipe) moves to an unlinked temporary file past a
/// threshold, and reads the same lines as kept in memory; when the file cannot be made or
/// written, the input stays in memory and nothing is lost.
@Suite struct LineSpillTests {
    @Test func bytesReadWhileTheFileIsStillWrittenShowWhatCameLater() throws {
        let directory = try TemporaryDirectory()
        let file = try LineSourceFile.temporary(in: directory.path)
        #expect(try directory.contents() == [])
        func write(_ text: String, at offset: Int) throws {
            try Array(text.utf8).withUnsafeBufferPointer { try file.write($0, at: offset) }
        }
        try write("one\n", at: 0)
        #expect(file.bytes(at: 0, count: 3) == Array("one".utf8))  // reads the first page: 4 bytes so far
        try write("two\n", at: 4)
        #expect(file.bytes(at: 4, count: 3) == Array("two".utf8))  // not [0, 0, 0] from the page kept
        #expect(file.bytes(at: 0, count: 7) == Array("one\ntwo".utf8))
    }
}

/// A new empty directory under `/tmp`, removed with what it holds when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/lister-spill-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        path = String(cString: made!)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The names in the directory.
    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path) }
}
