import Foundation
import Lister
import ListerResources
import TerminalCore

/// An item of the demo feed (seed 000): a post with its comments.
public struct FeedItem: Identifiable, Hashable, Sendable, Decodable {
    public let id: String
    public let title: String
    public let subtitle: String
    public let author: String
    public let body: String
    public let comments: [FeedComment]
}

/// A comment on a feed item.
public struct FeedComment: Identifiable, Hashable, Sendable, Decodable {
    public let id: String
    public let author: String
    public let text: String
}

/// The feed embedded in the binary.
public enum FeedData {
    /// Decodes the embedded feed. The data ships with the binary, so a failure is a bug.
    public static func items() throws -> [FeedItem] {
        do {
            return try JSONDecoder().decode([FeedItem].self, from: Data(ListerResources.feedJSON))
        } catch {
            throw ListError("the embedded feed is not valid: \(error)", isRetryable: false)
        }
    }
}

/// The demo's feed: posts with title and subtitle; Enter opens a post's comments.
public struct FeedScreen: ListScreen {
    let options: DemoOptions
    let policy: DemoLoadPolicy

    /// Creates the feed with the demo's options.
    public init(options: DemoOptions = DemoOptions()) {
        self.options = options
        policy = DemoLoadPolicy(options: options, screenName: "feed")
    }

    public var title: String { "Feed" }
    public var emptyMessage: String { "No posts in the feed" }

    public nonisolated func load() async throws -> [FeedItem] {
        try await policy.run(FeedData.items())
    }

    public func row(_ item: FeedItem, context: RowContext) -> Text {
        Text(item.title) + Text("  " + item.subtitle).dim()
    }

    public func open(_ item: FeedItem) -> OpenResult {
        .screen(CommentsScreen(item: item, options: options))
    }
}

/// The comments of one feed item, loaded on their own.
public struct CommentsScreen: ListScreen {
    let item: FeedItem
    let policy: DemoLoadPolicy

    /// Creates the screen for `item`.
    public init(item: FeedItem, options: DemoOptions) {
        self.item = item
        policy = DemoLoadPolicy(options: options, screenName: "comments-\(item.id)")
    }

    public var title: String { item.title }
    public var emptyMessage: String { "No comments yet" }

    public nonisolated func load() async throws -> [FeedComment] {
        try await policy.run(item.comments)
    }

    public func row(_ comment: FeedComment, context: RowContext) -> Text {
        Text(comment.author + ": ").bold() + Text(comment.text)
    }
}
