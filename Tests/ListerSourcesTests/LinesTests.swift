import Foundation
import Lister
@testable import ListerSources
import Testing

@Suite struct LineStoreTests {
    @Test func splitsOnNewlinesKeepingBytesExactly() {
        let store = LineStore(Array("one\ntwo\r\n\nlast".utf8))
        #expect(store.count == 4)
        #expect(store.map(\.description) == ["one", "two", "", "last"])
        #expect(Array(store[1].bytes) == Array("two\r".utf8))  // printed back as read
        #expect(store.map(\.id) == [1, 2, 3, 4])
    }

    @Test func aFinalNewlineDoesNotAddALine() {
        #expect(LineStore(Array("a\nb\n".utf8)).count == 2)
        #expect(LineStore([]).isEmpty)
        #expect(LineStore(Array("\n\n\n".utf8)).count == 3)
    }

    @Test func invalidUTF8IsShownReplacedAndKeptRaw() {
        let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0x62]
        let line = LineStore(bytes)[0]
        #expect(line.description == "a\u{FFFD}\u{FFFD}b")
        #expect(Array(line.bytes) == bytes)
    }

    @Test func nulSeparatedInput() {
        let store = LineStore(Array("a b\0c\nd\0".utf8), separator: 0)
        #expect(store.map(\.description) == ["a b", "c\nd"])
    }
}

@MainActor
@Suite struct LinesScreenTests {
    @Test func loadsAFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-lines-\(UUID()).txt")
        try Data("alpha\nbeta\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let screen = LinesScreen(input: .file(url.path))
        let lines = try await screen.load()
        #expect(lines.map(\.description) == ["alpha", "beta"])
        #expect(screen.canReload)
        #expect(screen.pickMode == .single)
    }

    @Test func aMissingFileIsAClearErrorThatRetryCannotFix() async {
        let screen = LinesScreen(input: .file("/nonexistent/lister-test"))
        do {
            _ = try await screen.load()
            Issue.record("expected an error")
        } catch let error as ListError {
            #expect(error.message.contains("/nonexistent/lister-test"))
            #expect(error.message.contains("No such file"))
            #expect(!error.isRetryable)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The first screenful `lister lines FILE` reads before the terminal starts: the lines
    /// that end within the first bytes, numbered as the load numbers them.
    @Test func theHeadHoldsTheLinesThatEndWithinItsBytes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-head-\(UUID()).txt")
        try Data("alpha\nbeta\ngam".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(LineReader.head(of: url.path, separator: 0x0A, limit: 8)?.map(\.description) == ["alpha"])
        let head = try #require(LineReader.head(of: url.path, separator: 0x0A))
        #expect(head.map(\.description) == ["alpha", "beta"])  // "gam" may still grow
        #expect(head.map(\.id) == [1, 2])
        #expect(LineReader.head(of: url.path, separator: 0x0A, limit: 3) == nil)  // no line ends yet
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        #expect(lseek(fd, 6, SEEK_SET) == 6)
        #expect(LineReader.head(fd: fd, separator: 0x0A)?.map(\.description) == ["beta"])  // from its offset
        #expect(lseek(fd, 0, SEEK_CUR) == 6)  // left where the load starts reading
    }

    /// The head's lines are made in place; they are the lines a builder makes of the same
    /// bytes: empty lines, a line at the very end or start, no separator, NUL separators.
    @Test func theHeadMadeInPlaceHasTheBuildersLines() {
        var random = SplitMix64(seed: 22)  // the same cases every run
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var cases: [([UInt8], UInt8)] = [([], 0x0A), (Array("\n".utf8), 0x0A), (Array("no end".utf8), 0x0A),
                                         (Array("a\n\n\nb".utf8), 0x0A), ([0x61, 0, 0x62, 0], 0)]
        for _ in 0..<300 {
            let separator: UInt8 = next(4) == 0 ? 0 : 0x0A
            cases.append(((0..<next(200)).map { _ in next(3) == 0 ? separator : [0x61, 0x0A, 0, 0xC3][next(4)] }, separator))
        }
        for (bytes, separator) in cases {
            var builder = LineStoreBuilder(separator: separator, blockBytes: 1 << 16, blockLines: 1 << 16)
            bytes.withUnsafeBufferPointer { builder.append($0) }
            let built = builder.snapshot()
            let made = LineReader.lines(ofHead: bytes, separator: separator)
            #expect(made?.map { Array($0.bytes) } == (built.isEmpty ? nil : built.map { Array($0.bytes) }), "\(bytes)")
            #expect(made?.map(\.id) == (built.isEmpty ? nil : built.map(\.id)))
        }
    }

    @Test func onlyARegularFileHasAHead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lister-head-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(LineReader.head(of: fifo, separator: 0x0A) == nil)  // opened without blocking, never read
        #expect(LineReader.head(of: directory.path, separator: 0x0A) == nil)
        #expect(LineReader.head(of: "/nonexistent/lister-test", separator: 0x0A) == nil)
    }

    @Test func standardInputCannotBeReadTwice() {
        #expect(!LinesScreen(input: .standardInput).canReload)
    }
}

@MainActor
@Suite struct LinesFilterTests {
    @Test func theFilterReadsTheLineStoreItself() {
        let store = LineStore(Array("alpha\r\nbeta\nALPHABET\n".utf8))
        let source = LinesScreen(input: .standardInput).filterSource(for: ItemList(store))
        #expect(source is LineStore)
        let result = FilterRun(query: FilterQuery("alpha"), rowCount: store.count).perform(over: store)
        #expect(Array(result.matches) == [0, 2])  // case-insensitive; the \r is not searched
        #expect(FilterRun(query: FilterQuery("a\r"), rowCount: store.count).perform(over: store).matches.isEmpty)
    }
}
