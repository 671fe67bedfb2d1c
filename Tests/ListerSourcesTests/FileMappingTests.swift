import CSignalSupport
import Foundation
import Lister
@testable import ListerSources
import Testing

/// A large file's lines filtered in place from a read-only mapping of the file, and what
/// happens when the file shrinks or grows while it is mapped.
///
/// Serialized: the SIGBUS disposition these tests rely on is the process's.
@Suite(.serialized) struct FileMappingTests {
    /// `count` lines `line N` (a few longer ones, some with a carriage return), `padding`
    /// characters longer.
    static func lines(_ count: Int, padding: Int = 0) -> [String] {
        let pad = String(repeating: "-", count: padding)
        return (1...count).map { "line \($0)\(pad)\($0 % 97 == 0 ? " " + String(repeating: "z", count: 300) : "")\($0 % 5 == 0 ? "\r" : "")" }
    }

    /// The lines of `text` in a file read by `LineReader`, its bytes left in the file.
    private func indexedStore(_ text: [String], fd: inout Int32) throws -> LineStore {
        let input = Array((text.joined(separator: "\n") + "\n").utf8)
        fd = try temporaryFile(input, at: 0)
        let file = try #require(LineSourceFile(readingFrom: fd, minimumBytes: 0))
        #expect(file.isMapped)
        var builder = LineStoreBuilder(separator: 0x0A, file: file, offset: 0)
        input.withUnsafeBufferPointer { builder.append($0) }
        return builder.finish()
    }

    @Test func aLargeFileIsFilteredInPlaceFromItsMapping() throws {
        let text = Self.lines(200_000, padding: 40)
        let input = Array((text.joined(separator: "\n") + "\n").utf8)
        #expect(input.count > LineSourceFile.threshold)
        let fd = try temporaryFile(input, at: 0)
        defer { close(fd) }
        let store = try LineReader.read(fd: fd, name: "test", separator: 0x0A, progress: .ignored)
        #expect(store.isMapped)
        let strings = FilterStrings(text.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 })  // not shown
        for query in ["e 19999", "l1 9", "z", "'line 12345", "0$"] {
            let run = FilterRun(query: FilterQuery(extended: query), rowCount: store.count)
            #expect(run.perform(over: store).matches == run.perform(over: strings).matches, "\(query)")
        }
    }

    /// A file truncated under the store: a filter reads zeros where it lost bytes (as
    /// `pread` does), the process does not die of SIGBUS, and the store says it shrank.
    @Test func aFileTruncatedWhileMappedReadsAsZerosNotSIGBUS() throws {
        var fd: Int32 = -1
        let text = Self.lines(50_000)
        let store = try indexedStore(text, fd: &fd)
        defer { close(fd) }
        #expect(!store.hasShrunk)
        let all = FilterRun(query: FilterQuery(extended: "line"), rowCount: store.count)
        #expect(all.perform(over: store).matches.count == 50_000)
        #expect(ftruncate(fd, off_t(text[..<14].reduce(0) { $0 + $1.utf8.count + 1 })) == 0)  // 14 lines stay
        // The first run over the lost pages faults, reads zeros and marks the mapping; the
        // second reads with `pread`: both find the same rows.
        #expect(Array(all.perform(over: store).matches) == Array(0..<14))
        #expect(store.hasShrunk)
        #expect(Array(all.perform(over: store).matches) == Array(0..<14))
    }

    /// The same under the crash handlers a terminal session installs, and after they are
    /// put back: the region stays guarded either way.
    @Test func theGuardHoldsUnderTheCrashHandlersAndAfterThem() throws {
        #expect(csig_install_crash_handlers() == 0)
        var first: Int32 = -1
        let underHandlers = try indexedStore(Self.lines(20_000), fd: &first)
        defer { close(first) }
        #expect(ftruncate(first, 0) == 0)
        let run = FilterRun(query: FilterQuery(extended: "line"), rowCount: underHandlers.count)
        #expect(run.perform(over: underHandlers).matches.isEmpty)
        csig_restore_crash_handlers()
        var second: Int32 = -1
        let after = try indexedStore(Self.lines(20_000), fd: &second)
        defer { close(second) }
        #expect(ftruncate(second, 0) == 0)
        #expect(run.perform(over: after).matches.isEmpty)
        #expect(underHandlers.hasShrunk && after.hasShrunk)
    }

    /// Lines written after the file was mapped are past the mapping: they are read with
    /// `pread`, and a batch that straddles the mapping's end reads both.
    @Test func linesAddedAfterTheMappingAreReadBack() throws {
        let text = Self.lines(30_000)
        let head = Array((text[..<20_000].joined(separator: "\n") + "\n").utf8)
        let tail = Array((text[20_000...].joined(separator: "\n") + "\n").utf8)
        let fd = try temporaryFile(head, at: 0)
        defer { close(fd) }
        let file = try #require(LineSourceFile(readingFrom: fd, minimumBytes: 0))
        #expect(file.isMapped)
        #expect(tail.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(head.count)) } == tail.count)
        var builder = LineStoreBuilder(separator: 0x0A, file: file, offset: 0)
        (head + tail).withUnsafeBufferPointer { builder.append($0) }
        let store = builder.finish()
        let strings = FilterStrings(text.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 })
        for query in ["line 2", "e 3000", "z", "5$"] {
            let run = FilterRun(query: FilterQuery(extended: query), rowCount: store.count)
            #expect(run.perform(over: store).matches == run.perform(over: strings).matches, "\(query)")
        }
    }
}
