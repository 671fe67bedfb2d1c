import Foundation
import Lister
@testable import ListerSources
import Testing

/// Input that cannot be read back (a pipe) moves to an unlinked temporary file past a
/// threshold, and reads the same lines as kept in memory; when the file cannot be made or
/// written, the input stays in memory and nothing is lost.
@Suite struct LineSpillTests {
    /// The lines of the small input (CRLF, empty lines, invalid UTF-8, a last line without
    /// a separator).
    static let expected = LineStoreBuilderTests.expected
    static let input = LineStoreBuilderTests.input

    /// A builder with tiny blocks (8 bytes, 3 lines) that spills into `directory`.
    private func tinyBuilder(_ policy: LineSpillPolicy) -> SpillingLineBuilder {
        SpillingLineBuilder(LineStoreBuilder(separator: 0x0A, blockBytes: 8, blockLines: 3), policy: policy,
                            logger: Configuration.silentLogger)
    }

    private func append(_ bytes: ArraySlice<UInt8>, to builder: inout SpillingLineBuilder) {
        bytes.withUnsafeBufferPointer { builder.append($0) }
    }

    @Test func everyThresholdAndChunkingGiveTheSameLinesAsInMemory() throws {
        let directory = try TemporaryDirectory()
        let input = Self.input
        for threshold in 0...input.count + 1 {
            for cut in 0...input.count {
                var builder = tinyBuilder(LineSpillPolicy(directory: directory.path, threshold: threshold))
                append(input[..<cut], to: &builder)
                append(input[cut...], to: &builder)
                #expect(builder.failure == nil)
                let store = builder.finish()
                #expect(store.map { Array($0.bytes) } == Self.expected, "threshold \(threshold), cut at \(cut)")
                #expect(store.map(\.number) == Array(1...Self.expected.count))
                // Lines read in bulk (lister pick --filter) are the same bytes.
                let picked = Array(Set([0, 2, 3, Self.expected.count - 1])).sorted().map { Int32($0) }
                var read: [[UInt8]] = []
                picked.withUnsafeBufferPointer { rows in store.forEachLine(in: rows) { _, bytes in read.append(Array(bytes)) } }
                #expect(read == picked.map { Self.expected[Int($0)] }, "threshold \(threshold), cut at \(cut)")
                // Past the threshold every line is read back from the file, the first ones too.
                #expect(store.storages == [threshold <= input.count ? .file : .memory], "threshold \(threshold)")
            }
        }
        #expect(try directory.contents() == [])  // unlinked as soon as made
    }

    @Test func aWriteThatFailsKeepsTheLinesWrittenAndGoesOnInMemory() throws {
        let directory = try TemporaryDirectory()
        let input = Self.input
        for threshold in [0, 9, 30] {
            for capacity in 0...input.count {
                for chunk in [1, 7, input.count] {
                    var builder = tinyBuilder(LineSpillPolicy(directory: directory.path, threshold: threshold, capacity: capacity))
                    for start in stride(from: 0, to: input.count, by: chunk) {
                        append(input[start..<min(input.count, start + chunk)], to: &builder)
                    }
                    #expect(builder.failure?.code == (capacity < input.count ? ENOSPC : nil))
                    let store = builder.finish()
                    let context: Comment = "threshold \(threshold), capacity \(capacity), chunks of \(chunk)"
                    #expect(store.map { Array($0.bytes) } == Self.expected, context)
                    // The blocks written stay in the file; the rest are in memory.
                    #expect([[.file], [.memory], [.file, .memory]].contains(store.storages), context)
                }
            }
        }
    }

    @Test func aDirectoryThatDoesNotExistKeepsTheInputInMemory() throws {
        var builder = tinyBuilder(LineSpillPolicy(directory: "/nonexistent/lister-test", threshold: 4))
        append(Self.input[...], to: &builder)
        #expect(builder.failure?.code == ENOENT)
        #expect(builder.failure?.description == "cannot create a file in /nonexistent/lister-test: No such file or directory")
        let store = builder.finish()
        #expect(store.storages == [.memory])
        #expect(store.map { Array($0.bytes) } == Self.expected)
    }

    @Test func bytesReadWhileTheFileIsStillWrittenShowWhatCameLater() throws {
        let directory = try TemporaryDirectory()
        let file = try LineSourceFile.temporary(in: directory.path)
        #expect(try directory.contents() == [])
        func write(_ text: String, at offset: Int) throws {
            try Array(text.utf8).withUnsafeBufferPointer { try file.write($0, at: offset) }
        }
        try write("one\n", at: 0)
        #expect(file.bytes(at: 0, count: 3).bytes == Array("one".utf8))  // reads the first page: 4 bytes so far
        try write("two\n", at: 4)
        #expect(file.bytes(at: 4, count: 3).bytes == Array("two".utf8))  // not [0, 0, 0] from the page kept
        #expect(file.bytes(at: 0, count: 7).bytes == Array("one\ntwo".utf8))
    }

    @Test func rowsReadWhileThePipeIsStillReadShowWhatCameLater() throws {
        let directory = try TemporaryDirectory()
        var builder = tinyBuilder(LineSpillPolicy(directory: directory.path, threshold: 0))
        append(Array("one\n".utf8)[...], to: &builder)
        #expect(builder.snapshot()[0].description == "one")
        append(Array("two\nthree\n".utf8)[...], to: &builder)
        #expect(builder.snapshot().map(\.description) == ["one", "two", "three"])
        #expect(builder.finish().storages == [.file])
    }

    @Test func theTemporaryDirectoryIsTMPDIRElseTmp() {
        #expect(LineSpillPolicy.temporaryDirectory(nil) == "/tmp")
        #expect(LineSpillPolicy.temporaryDirectory("") == "/tmp")
        #expect(LineSpillPolicy.temporaryDirectory("/var/tmp/x") == "/var/tmp/x")
    }

    /// Lines of every kind a pipe may bring, `separator` between them and none after the last.
    static func largeInput(separator: UInt8) -> [UInt8] {
        var lines: [[UInt8]] = [[], Array("carriage return\r".utf8), [0xFF, 0xFE, 0x41, 0x0D]]
        lines.append([UInt8](repeating: 0x61, count: 100_000))  // longer than a 64 KiB page
        lines += (0..<70_000).map { Array("short \($0)\($0 % 5 == 0 ? "\r" : "")".utf8) }  // more than a block's lines
        lines += [[], [], [UInt8](repeating: 0x62, count: 1_500_000)]  // longer than a 1 MiB block
        lines.append(Array("last, without a separator".utf8))
        return Array(lines.joined(separator: [separator]))
    }

    @Test(arguments: [UInt8(0x0A), 0x00])
    func aPipePastTheThresholdIsReadBackFromAnUnlinkedFile(separator: UInt8) throws {
        let directory = try TemporaryDirectory()
        let input = Self.largeInput(separator: separator)
        let store = try Self.readThroughAPipe(input, separator: separator,
                                              policy: LineSpillPolicy(directory: directory.path, threshold: 1 << 20))
        #expect(store.storages == [.file])
        #expect(try directory.contents() == [])
        let memory = LineStore(input, separator: separator)
        #expect(store.count == memory.count)
        #expect(store.map { Array($0.bytes) } == memory.map { Array($0.bytes) })
        #expect(store.map(\.description) == memory.map(\.description))
        for query in ["short 1", "0 ", "carriage", "aaa", "b"] {
            let run = FilterRun(query: FilterQuery(query), rowCount: store.count)
            #expect(run.perform(over: store).matches == run.perform(over: memory).matches, "\(query)")
        }
    }

    @Test func aPipeWhoseTemporaryFileCannotBeMadeIsKeptInMemory() throws {
        let input = Self.largeInput(separator: 0x0A)
        let store = try Self.readThroughAPipe(input, separator: 0x0A,
                                              policy: LineSpillPolicy(directory: "/nonexistent/lister-test", threshold: 1 << 20))
        #expect(store.storages == [.memory])
        #expect(store.map { Array($0.bytes) } == LineStore(input).map { Array($0.bytes) })
    }

    /// What `LineReader` reads from a pipe that a thread of its own fills with `input`.
    static func readThroughAPipe(_ input: [UInt8], separator: UInt8, policy: LineSpillPolicy) throws -> LineStore {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let (reader, writer) = (fds[0], fds[1])
        defer { close(reader) }
        let written = Thread {
            defer { close(writer) }
            var done = 0
            while done < input.count {
                let count = input[done...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                done += count
            }
        }
        written.start()
        return try LineReader.read(fd: reader, name: "test", separator: separator, spill: policy, progress: .ignored)
    }
}

extension LineStore {
    /// Where each run of blocks keeps its bytes, in order (`[.file, .memory]`: the first
    /// blocks in a file, the rest in memory).
    var storages: [LineSpillTests.Storage] {
        var runs: [LineSpillTests.Storage] = []
        for block in blocks {
            let storage: LineSpillTests.Storage = if case .file = block.storage { .file } else { .memory }
            if runs.last != storage { runs.append(storage) }
        }
        return runs
    }
}

extension LineSpillTests {
    enum Storage { case memory, file }
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
