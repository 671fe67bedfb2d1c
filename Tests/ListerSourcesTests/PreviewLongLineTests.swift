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
        // The script prints its own path (`$0` of `sh FILE`): the check looks at that file
        // only, not at the directory, where another test's preview may come and go.
        let command = PreviewCommand("echo {} > /dev/null; echo \"$0\"")
        let text = try await command.run(for: .init(line: String(repeating: "y", count: 150_000), index: 0))
        let script = try #require(text.lines.map(\.plainText).first)
        #expect(script.hasPrefix(LineSpillPolicy.temporaryDirectory() + "/lister-preview-"))
        #expect(!FileManager.default.fileExists(atPath: script))
    }

    @Test func aShortCommandLineStaysAnArgument() async throws {
        let text = try await PreviewCommand("echo {n}:{}").run(for: .init(line: "a b", index: 3))
        #expect(text.lines.map(\.plainText) == ["3:a b"])
    }
}
