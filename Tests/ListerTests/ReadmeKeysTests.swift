import Foundation
import Lister
import Testing

/// The README's key table names every key of the standard key map, so the two cannot
/// drift apart (a binding added or changed fails here until the table says so).
@Suite struct ReadmeKeysTests {
    @Test func theReadmeKeyTableNamesEveryStandardKey() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "### Keys"), let end = text.range(of: "###", range: start.upperBound..<text.endIndex) else {
            Issue.record("README.md has no '### Keys' section")
            return
        }
        let table = text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| `") }
        // The first column's keys, as written between backquotes.
        var named: Set<String> = []
        for row in table {
            let keys = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            let parts = keys.split(separator: "`", omittingEmptySubsequences: false)
            for index in stride(from: 1, to: parts.count, by: 2) { named.insert(String(parts[index])) }
        }
        for binding in KeyMap.standard.bindings {
            for key in binding.keys {
                #expect(named.contains(key.label), "README's key table lacks \(key.label) (\(binding.help))")
            }
        }
    }
}
