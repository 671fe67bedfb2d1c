import Foundation
import Lister
@testable import ListerSources
import Testing

/// A preview of a line too long for an argument (Linux refuses one past 128 KiB) runs from a
/// temporary file, and a command that cannot start says why (issue 35).
@Suite(.serialized) struct PreviewLongLineTests {
    @Test func aLineOf200KBReachesTheCommandWhole() async throws {
        let line = String(repeating: "x", count: 200_000) + "'q"
        let command = PreviewCommand("printf %s {} | wc -c; echo $#")
        let text = try await command.run(for: .init(line: line, index: 0))
        #expect(text.note == nil)
        #expect(text.lines.map(\.plainText).map { $0.trimmingCharacters(in: .whitespaces) } == ["200002", "0"])
    }

    @Test func theTemporaryFileIsRemovedAfterTheRun() async throws {
        let directory = LineSpillPolicy.temporaryDirectory()
        func scripts() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("lister-preview-") }
        }
        let before = Set(try scripts())
        let command = PreviewCommand("echo {} > /dev/null; echo done")
        let text = try await command.run(for: .init(line: String(repeating: "y", count: 150_000), index: 0))
        #expect(text.lines.map(\.plainText) == ["done"])
        #expect(Set(try scripts()).subtracting(before).isEmpty)
    }

    @Test func aShortCommandLineStaysAnArgument() async throws {
        let text = try await PreviewCommand("echo {n}:{}").run(for: .init(line: "a b", index: 3))
        #expect(text.lines.map(\.plainText) == ["3:a b"])
    }
}
