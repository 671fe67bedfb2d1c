import Foundation
import Testing

/// The README's quick start is `Examples/QuickStart/main.swift` word for word, so the
/// snippet a reader copies is the program `make test` builds and the tmux tests run.
@Suite struct ReadmeQuickStartTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift block after `marker` in the README.
    static func readmeSnippet(after marker: String) throws -> String? {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let at = readme.range(of: marker),
            let open = readme.range(of: "```swift\n", range: at.upperBound..<readme.endIndex),
            let close = readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex)
        else { return nil }
        return String(readme[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test func theReadmeQuickStartIsTheQuickStartExample() throws {
        let example = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Examples/QuickStart/main.swift"), encoding: .utf8)
        let marker = "<!-- Examples/QuickStart/main.swift"
        guard let snippet = try Self.readmeSnippet(after: marker) else {
            Issue.record("README.md has no ```swift block after \(marker)")
            return
        }
        #expect(snippet == example, "README's quick start differs from Examples/QuickStart/main.swift")
    }

    /// The README's paged list is the program `make test-consumer` builds in a package that
    /// depends on Lister as the README says, so it compiles as shown.
    @Test func theReadmePagedListIsTheConsumerApp() throws {
        let app = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Examples/LibraryConsumer/Sources/Bookshelf/main.swift"),
            encoding: .utf8)
        let marker = "<!-- Examples/LibraryConsumer/Sources/Bookshelf/main.swift"
        guard let snippet = try Self.readmeSnippet(after: marker) else {
            Issue.record("README.md has no ```swift block after \(marker)")
            return
        }
        #expect(snippet == app, "README's paged list differs from Examples/LibraryConsumer/Sources/Bookshelf/main.swift")
    }

    /// The README's dependency line takes the library alone (`traits: []`), as the
    /// consumer app's Package.swift does.
    @Test func theReadmeDependsOnTheLibraryWithoutTraits() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Examples/LibraryConsumer/Package.swift"), encoding: .utf8)
        #expect(readme.contains(#".package(url: "https://github.com/OWNER/Lister.git", branch: "main", traits: []),"#))
        #expect(readme.contains(#".package(path: "../Lister", traits: [])"#))
        #expect(manifest.contains(#".package(path: "../Lister", traits: []),"#))
    }
}
