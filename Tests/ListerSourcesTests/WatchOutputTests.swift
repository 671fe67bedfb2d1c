import Lister
@testable import ListerSources
import Testing

/// A run's output kept as bytes and offsets (``WatchOutput``): the same lines and
/// identities as before, made when a row is fetched (issue 35).
@Suite struct WatchOutputTests {
    @Test func equalLinesAreNumberedAndALastLineWithoutNewlineCounts() {
        let output = WatchOutput(Array("a\nb\na\n\na\nlast".utf8))
        #expect(output.map(\.text) == ["a", "b", "a", "", "a", "last"])
        #expect(output.map(\.id.occurrence) == [0, 0, 1, 0, 2, 0])
        #expect(Set(output.map(\.id)).count == output.count)
        #expect(WatchOutput(Array("x\n".utf8)).map(\.text) == ["x"])
        #expect(WatchOutput([]).isEmpty)
    }

    @Test func outputPastTheLimitIsDroppedAndSaidSo() {
        var builder = WatchOutputBuilder(limit: 5)
        #expect(Array("ab\ncd".utf8).withUnsafeBufferPointer { builder.append($0) })
        #expect(!Array("ef\ngh\n".utf8).withUnsafeBufferPointer { builder.append($0) })
        #expect(builder.isCut)
        #expect(builder.finish().map(\.text) == ["ab", "cd"])
    }

    @Test func theFilterReadsTheBytesWhereTheyAre() {
        let output = WatchOutput(Array("alpha\nbeta\r\n".utf8))
        var seen: [String] = []
        for row in 0..<output.count { output.withUTF8(row: row) { seen.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(seen == ["alpha", "beta"])
        #expect(output[1].text == "beta\r")  // the text as printed, as before
    }

    /// The load gives the list the compact storage, which the filter reads.
    @MainActor @Test func theLoadKeepsTheLinesCompact() async throws {
        let screen = WatchScreen(command: ["printf 'a\\nb\\na\\n'"])
        let output = try await screen.load()
        #expect(output.map(\.text) == ["a", "b", "a"])
        let items = ItemList(output)
        #expect(screen.filterSource(for: items) is WatchOutput)
    }
}
