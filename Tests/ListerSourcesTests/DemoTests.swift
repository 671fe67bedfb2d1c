import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

@MainActor
@Suite struct DemoTests {
    @Test func theEmbeddedFeedDecodes() throws {
        let items = try FeedData.items()
        #expect(items.count >= 20)
        #expect(Set(items.map(\.id)).count == items.count)  // identities are unique
    }

    @Test func failFirstFailsTheFirstLoadsOfEachScreenThenSucceeds() async throws {
        let feed = FeedScreen(options: DemoOptions(latency: .zero, failFirst: 2))
        await #expect(throws: ListError.self) { try await feed.load() }
        await #expect(throws: ListError.self) { try await feed.load() }
        #expect(try await !feed.load().isEmpty)
        // Another screen counts its own loads.
        let item = try #require(FeedData.items().first)
        let comments = CommentsScreen(item: item, options: DemoOptions(latency: .zero, failFirst: 1))
        await #expect(throws: ListError.self) { try await comments.load() }
    }

    @Test func emptyMakesEveryListEmpty() async throws {
        let feed = FeedScreen(options: DemoOptions(latency: .zero, empty: true))
        #expect(try await feed.load().isEmpty)
    }

    @Test func failRateIsRepeatableForASeed() async {
        func failures(seed: UInt64) async -> [Bool] {
            let feed = FeedScreen(options: DemoOptions(latency: .zero, failRate: 0.5, seed: seed))
            var result: [Bool] = []
            for _ in 0..<20 { result.append((try? await feed.load()) == nil) }
            return result
        }
        let first = await failures(seed: 7)
        #expect(await failures(seed: 7) == first)
        #expect(first.contains(true) && first.contains(false))
    }

    @Test func drillingIntoCommentsAndBack() async throws {
        let app = HeadlessApp(root: FeedScreen(options: DemoOptions(latency: .zero)), size: Size(rows: 10, columns: 60))
        await app.start()
        let first = try #require(FeedData.items().first)
        #expect(app.lines[1].hasPrefix(String(first.title.prefix(20))))
        await app.press(.enter)
        #expect(app.lines[0].hasPrefix("Feed › "))
        #expect(app.screen.contains("by \(first.author)"))
        await app.press(.enter)
        #expect(app.lines[0].hasSuffix(" › " + first.title))  // cut from the left when long
        #expect(app.lines[1].hasPrefix(first.comments[0].author + ": "))
        await app.press(.escape, .escape)
        #expect(app.lines[0] == "Feed")
        #expect(app.outcome == nil)
        await app.press(.escape)
        #expect(app.outcome?.exitStatus == 0)
    }

    @Test func postsShowTheirAuthorAndDateDimmedUnderTheTitle() async throws {
        let app = HeadlessApp(root: FeedScreen(options: DemoOptions(latency: .zero)), size: Size(rows: 8, columns: 60))
        await app.start()
        let posts = try FeedData.items()
        #expect(app.lines[1].hasPrefix(String(posts[0].title.prefix(20))))
        #expect(app.lines[2] == "  \(posts[0].author) · \(posts[0].date)")
        #expect(app.lines[3].hasPrefix(String(posts[1].title.prefix(20))))
        #expect(app.frame?[2, 4].style.attributes.contains(.dim) == true)
        await app.press(.pageDown)  // three posts fit in six lines: a page moves by two
        #expect(app.lines.last?.hasPrefix("3/60") == true, "\(app.lines)")
        await app.press(.character("/"))
        await app.type(posts[0].author)  // the author is searched too
        #expect(app.lines.last?.contains("of 60") == true && !app.screen.contains("0/0"), "\(app.lines)")
    }
}
