import Foundation
import Testing

/// The README's quick start is `Examples/QuickStart/main.swift` word for word, so the
/// snippet a reader copies is the program `make test` builds and the tmux tests run.
@Suite struct ReadmeQuickStartTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theReadmeQuickStartIsTheQuickStartExample() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Examples/QuickStart/main.swift"), encoding: .utf8)
        let marker = "<!-- Examples/QuickStart/main.swift"
        guard let at = readme.range(of: marker),
            let open = readme.range(of: "```swift\n", range: at.upperBound..<readme.endIndex),
            let close = readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex)
        else {
            Issue.record("README.md has no ```swift block after \(marker)")
            return
        }
        let snippet = String(readme[open.upperBound..<close.lowerBound]) + "\n"
        #expect(snippet == example, "README's quick start differs from Examples/QuickStart/main.swift")
    }
}
