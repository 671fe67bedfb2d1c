import Foundation
import Lister
@testable import ListerSources
import Testing

/// The line store as `lister lines` fills it while reading: in chunks, across blocks,
/// with snapshots taken on the way.
@Suite struct LineStoreBuilderTests {
    /// Lines with carriage returns, empty lines, invalid UTF-8 and a last line without a
    /// separator.
    static let input: [UInt8] = Array("alpha\nbeta\r\n\n\ngamma delta\nε\n".utf8) + [0xFF, 0x0A] + Array("tail".utf8)

    /// What splitting on newlines gives, line by line.
    static var expected: [[UInt8]] {
        input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    /// Where a store keeps the bytes.
    enum Storage: CaseIterable {
        case memory
        /// Read back from a file holding `input` after four bytes the builder never sees
        /// (filtered in place, from its mapping).
        case file
        /// The same, read back with `pread` only.
        case unmappedFile
    }

    /// A builder with tiny blocks that will be given `input`.
    private func tinyBuilder(_ storage: Storage, for input: [UInt8], separator: UInt8 = 0x0A,
                             blockLimit: Int = Int(UInt32.max)) throws -> LineStoreBuilder {
        guard storage != .memory else {
            return LineStoreBuilder(separator: separator, blockBytes: 8, blockLines: 3, blockLimit: blockLimit)
        }
        let file = try #require(LineSourceFile(readingFrom: try temporaryFile(Array("skip".utf8) + input, at: 4), minimumBytes: 0,
                                               maps: storage == .file))
        #expect(file.isMapped == (storage == .file))
        return LineStoreBuilder(separator: separator, blockBytes: 8, blockLines: 3, blockLimit: blockLimit, file: file, offset: 4)
    }

    @Test(arguments: Storage.allCases)
    func anyChunkingAndTinyBlocksGiveTheSameLines(_ storage: Storage) throws {
        for cut in 0...Self.input.count {
            for second in cut...Self.input.count {
                var builder = try tinyBuilder(storage, for: Self.input)
                for range in [0..<cut, cut..<second, second..<Self.input.count] {
                    Self.input[range].withUnsafeBufferPointer { builder.append($0) }
                }
                let store = builder.finish()
                #expect(store.map { Array($0.bytes) } == Self.expected, "cut at \(cut) and \(second)")
                #expect(store.map(\.number) == Array(1...Self.expected.count))
            }
        }
    }

    @Test(arguments: Storage.allCases)
    func aSnapshotHasTheCompleteLinesAndNeverChangesAfter(_ storage: Storage) throws {
        var builder = try tinyBuilder(storage, for: Array("one\ntwo\nthree\nfour\nfive\nsix\nseven\n".utf8))
        Array("one\ntwo\nthree\nfo".utf8).withUnsafeBufferPointer { builder.append($0) }
        let early = builder.snapshot()
        #expect(early.map(\.description) == ["one", "two", "three"])  // "fo" is still being read
        Array("ur\nfive\nsix\nseven\n".utf8).withUnsafeBufferPointer { builder.append($0) }
        let later = builder.snapshot()
        #expect(later.map(\.description) == ["one", "two", "three", "four", "five", "six", "seven"])
        #expect(early.map(\.description) == ["one", "two", "three"])
        #expect(builder.finish().count == 7)
    }

    @Test(arguments: Storage.allCases)
    func theFilterReadsRowsAcrossBlocks(_ storage: Storage) throws {
        let words = (0..<200).map { "word \($0)\($0 % 7 == 0 ? "\r" : "")" }
        let input = Array(words.joined(separator: "\n").utf8)
        var builder = try tinyBuilder(storage, for: input)
        input.withUnsafeBufferPointer { builder.append($0) }
        let store = builder.finish()
        #expect(store.blocks.count > 50)
        let strings = FilterStrings(store.map(\.description).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 })
        for query in ["7", "word 1", "9 ", "0\r"] {
            let broad = FilterRun(query: FilterQuery(query), rowCount: store.count)
            #expect(broad.perform(over: store).matches == broad.perform(over: strings).matches, "\(query)")
        }
        // A narrower query reads only the rows the broader one matched (a list of rows).
        let broad = FilterRun(query: FilterQuery("word"), rowCount: store.count).perform(over: store).matches
        let narrow = FilterRun(query: FilterQuery("word 1"), rowCount: store.count, startingFrom: broad)
        #expect(narrow.perform(over: store).matches == narrow.perform(over: strings).matches)
        #expect(narrow.perform(over: store).matches.count == 119)  // "word" and "1": 1, 10–19, 21, 31…, 100–199
    }

    /// Empty lines are rows a filter reads too, also where a batch's rows have no bytes at
    /// all (a block of empty lines).
    @Test(arguments: Storage.allCases)
    func emptyLinesAreFilteredToo(_ storage: Storage) throws {
        let input = Array("a\n\n\n\n\n\n\n\nb\n\n".utf8)
        var builder = try tinyBuilder(storage, for: input)
        input.withUnsafeBufferPointer { builder.append($0) }
        let store = builder.finish()
        #expect(store.count == 10)
        for (query, expected) in [("!a", [1, 2, 3, 4, 5, 6, 7, 8, 9]), ("!b", [0, 1, 2, 3, 4, 5, 6, 7, 9]), ("!z", Array(0..<10))] {
            let run = FilterRun(query: FilterQuery(extended: query), rowCount: store.count)
            #expect(Array(run.perform(over: store).matches) == expected, "\(query)")
        }
    }

    @Test func aLargeRegularFileIsIndexedAndReadBackNotCopied() throws {
        let lines = (1...200_000).map { "line \($0) \(String(repeating: "x", count: $0 % 90))" }
        let input = Array((lines.joined(separator: "\n") + "\n").utf8)
        #expect(input.count > LineSourceFile.threshold)
        let fd = try temporaryFile(input, at: 0)
        defer { close(fd) }
        let store = try LineReader.read(fd: fd, name: "test", separator: 0x0A, progress: .ignored)
        #expect(store.blocks.allSatisfy { if case .file = $0.storage { true } else { false } })
        #expect(store.count == lines.count)
        for index in [0, 1, 65_535, 65_536, 123_456, lines.count - 1] {
            #expect(store[index].description == lines[index])
        }
        let run = FilterRun(query: FilterQuery("line 19999"), rowCount: store.count)
        #expect(run.perform(over: store).matches.count == 12)  // 19999, 119999 and 199990–199999
        #expect(store.allSatisfy { $0.isComplete })
        #expect(!store.hasShrunk)
        // A file that shrinks under the store reads as zeros, never fails, and says so.
        #expect(ftruncate(fd, 100) == 0)
        #expect(store[180_000].bytes.allSatisfy { $0 == 0 })  // a page not read before
        #expect(!store[180_000].isComplete)
        #expect(store.hasShrunk)
        #expect(store[0].isComplete)  // still in the file
    }

    /// Bytes past the end of a file that shrank are zeros and reported missing, in one page
    /// and across two.
    @Test func bytesAFileNoLongerHoldsAreZerosAndMarkedMissing() throws {
        let fd = try temporaryFile([UInt8](repeating: 0x61, count: 70_000), at: 0)
        defer { close(fd) }
        let file = try #require(LineSourceFile(readingFrom: fd, minimumBytes: 0))
        #expect(file.bytes(at: 65_530, count: 10) == ([UInt8](repeating: 0x61, count: 10), true))
        #expect(ftruncate(fd, 65_533) == 0)
        #expect(file.bytes(at: 65_530, count: 10) == ([0x61, 0x61, 0x61] + [UInt8](repeating: 0, count: 7), false))
        #expect(file.bytes(at: 65_536, count: 4) == ([0, 0, 0, 0], false))  // one page, read afresh
        #expect(file.bytes(at: 65_529, count: 4) == ([0x61, 0x61, 0x61, 0x61], true))
    }

    @Test func aSmallRegularFileIsKeptInMemory() throws {
        let fd = try temporaryFile(Array("one\ntwo\n".utf8), at: 0)
        defer { close(fd) }
        let store = try LineReader.read(fd: fd, name: "test", separator: 0x0A, progress: .ignored)
        #expect(store.blocks.allSatisfy { if case .memory = $0.storage { true } else { false } })
        #expect(store.map(\.description) == ["one", "two"])
    }

    /// What a builder replays is what it was given, however far it got (a pipe moving to a
    /// temporary file is copied that way).
    @Test(arguments: Storage.allCases)
    func replayingTheInputGivesItBack(_ storage: Storage) throws {
        for cut in 0...Self.input.count {
            var builder = try tinyBuilder(storage, for: Self.input)
            Self.input[..<cut].withUnsafeBufferPointer { builder.append($0) }
            var replayed: [UInt8] = []
            builder.replayInput { replayed += $0 }
            #expect(replayed == Array(Self.input[..<cut]), "cut at \(cut)")
        }
    }

    /// A line longer than a block can hold (4 GiB; 10 bytes here) is cut between chunks,
    /// and every byte stays, in a file too (where no separator follows the cut).
    @Test(arguments: Storage.allCases)
    func aLineLongerThanABlockIsCutWithoutLosingAByte(_ storage: Storage) throws {
        let input = Array("abcdefghijklmnopqrstuvwxyz\nend\n".utf8)
        var builder = try tinyBuilder(storage, for: input, blockLimit: 10)
        for start in stride(from: 0, to: input.count, by: 4) {
            input[start..<min(input.count, start + 4)].withUnsafeBufferPointer { builder.append($0) }
        }
        let lines = builder.finish().map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(lines == ["abcdefgh", "ijklmnop", "qrstuvwxyz", "end"])
    }

    @Test func aTenMegabyteLineIsOneLine() {
        var builder = LineStoreBuilder()
        let long = [UInt8](repeating: 0x78, count: 10 << 20)
        Array("before\n".utf8).withUnsafeBufferPointer { builder.append($0) }
        for start in stride(from: 0, to: long.count, by: 1 << 16) {
            long[start..<min(long.count, start + (1 << 16))].withUnsafeBufferPointer { builder.append($0) }
        }
        Array("\nafter\n".utf8).withUnsafeBufferPointer { builder.append($0) }
        let store = builder.finish()
        #expect(store.count == 3)
        #expect(store[1].length == long.count)
        #expect(store[1].wholeBytes.bytes.elementsEqual(long))
        #expect(store[2].description == "after")
    }

    /// A row reads only the start of a very long line (drawing it costs what a short one
    /// does); printing it reads it whole.
    @Test func aLongLineIsCutForItsRowAndReadWholeToPrint() {
        let long = (0..<(Line.shownLimit * 3)).map { UInt8(0x61 + $0 % 26) }
        let store = LineStore(Array("short\n".utf8) + long + [0x0A])
        #expect(store[0].isCut == false)
        #expect(store[1].isCut)
        #expect(store[1].bytes.count == Line.shownLimit)
        #expect(store[1].length == long.count)
        #expect(store[1].description.hasSuffix("…"))
        #expect(store[1].description.count == Line.shownLimit + 1)
        #expect(Array(store[1].wholeBytes.bytes) == long)
    }

    /// The start of a line still being read shows once it is longer than a row shows,
    /// instead of when its end comes; it stays the same row when it ends.
    @Test func theStartOfALongLineShowsBeforeItsEnd() {
        var builder = LineStoreBuilder()
        Array("first\n".utf8).withUnsafeBufferPointer { builder.append($0) }
        let part = [UInt8](repeating: 0x79, count: Line.shownLimit / 2)
        part.withUnsafeBufferPointer { builder.append($0) }
        #expect(builder.snapshot().count == 1)  // not long yet: not shown
        part.withUnsafeBufferPointer { builder.append($0) }
        part.withUnsafeBufferPointer { builder.append($0) }
        let reading = builder.snapshot()
        #expect(reading.count == 2)
        #expect(reading[1].number == 2 && reading[1].isCut)
        #expect(reading[1].bytes.allSatisfy { $0 == 0x79 })
        Array("\nlast\n".utf8).withUnsafeBufferPointer { builder.append($0) }
        let done = builder.finish()
        #expect(done.count == 3)
        #expect(done[1].length == part.count * 3)
    }
}

@MainActor
@Suite struct LinesStreamingTests {
    /// Reads a pipe that is still open: the first lines are reported before it ends.
    @Test func linesAreReportedWhileThePipeIsStillOpen() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (reader, writer) = (fds[0], fds[1])
        defer { close(reader) }
        func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
        let (reports, continuation) = AsyncStream.makeStream(of: LineStore.self)
        let screen = LinesScreen(input: .file("/dev/fd/\(reader)"))
        send("one\ntwo\nthr")
        let load = Task.detached { try await screen.load(progress: LoadProgress { continuation.yield($0) }) }
        var iterator = reports.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.map(\.description) == ["one", "two"])
        send("ee\nfour")
        close(writer)
        let all = try await load.value
        #expect(all.map(\.description) == ["one", "two", "three", "four"])
    }
}

/// A descriptor of an unlinked temporary file holding `bytes`, at offset `offset`.
func temporaryFile(_ bytes: [UInt8], at offset: Int) throws -> Int32 {
    var template = Array("/tmp/lister-lines-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    try #require(fd >= 0)
    unlink(template)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    try #require(written == bytes.count)
    lseek(fd, off_t(offset), SEEK_SET)
    return fd
}
