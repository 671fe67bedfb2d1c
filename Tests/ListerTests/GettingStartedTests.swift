import Foundation
import Testing

/// The DocC getting-started article compiles as a reader follows it: its whole program, with
/// the "Load page by page" step applied (the paged screen above the `do` block, started
/// instead of `Planets()`), is `Examples/LibraryConsumer/Sources/Planets/main.swift`, which
/// `make test-consumer` builds in a package that depends on Lister as the article says.
@Suite struct GettingStartedTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first ```swift block after `heading` in `text`.
    static func block(after heading: String, in text: String) -> String? {
        guard let at = text.range(of: heading),
            let open = text.range(of: "```swift\n", range: at.upperBound..<text.endIndex),
            let close = text.range(of: "\n```\n", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test func theArticlesPagedProgramIsTheConsumersPlanetsApp() throws {
        let article = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/Lister/Lister.docc/GettingStarted.md"),
            encoding: .utf8)
        let app = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Examples/LibraryConsumer/Sources/Planets/main.swift"),
            encoding: .utf8)
        let whole = try #require(Self.block(after: "The whole program:", in: article))
        let paged = try #require(Self.block(after: "### Load page by page", in: article))
        #expect(article.contains("`let outcome = try ListerApp.run(PagedPlanets())`"))
        let followed = whole
            .replacingOccurrences(of: "\ndo {\n", with: "\n" + paged + "\ndo {\n")
            .replacingOccurrences(of: "ListerApp.run(Planets())", with: "ListerApp.run(PagedPlanets())")
        #expect(followed == app, "the article, followed, differs from Examples/LibraryConsumer/Sources/Planets/main.swift")
    }

    /// The article's manifest takes the library alone, and the steps make a `main.swift`.
    @Test func theArticlesPackageTakesTheLibraryAlone() throws {
        let article = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/Lister/Lister.docc/GettingStarted.md"),
            encoding: .utf8)
        #expect(article.contains("// swift-tools-version:6.1"))
        #expect(article.contains(#".package(url: "https://github.com/OWNER/Lister.git", branch: "main", traits: []),"#))
        #expect(article.contains("rm Sources/Planets/Planets.swift"))
    }
}
