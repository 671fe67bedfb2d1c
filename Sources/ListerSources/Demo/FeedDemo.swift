import Lister
import ListerResources
import TerminalCore

/// An item of the demo feed: a post with its comments.
public struct FeedItem: Identifiable, Hashable, Sendable {
    public let id: String
    public let title: String
    public let subtitle: String
    public let author: String
    /// When it was published: a date, or "just now".
    public let date: String
    public let body: String
    public let comments: [FeedComment]

    /// The post's two lines in a list: the title (and subtitle, dimmed), then the author
    /// and date, dimmed.
    @MainActor var row: VStack {
        VStack {
            Text(title) + Text("  " + subtitle).dim()
            Text("  \(author) · \(date)").dim()
        }
    }

    /// What `/` searches: the title, subtitle and author.
    var filterText: String { "\(title)  \(subtitle)  \(author)" }
}

/// A comment on a feed item.
public struct FeedComment: Identifiable, Hashable, Sendable {
    public let id: String
    public let author: String
    public let text: String
}

/// The feed embedded in the binary.
public enum FeedData {
    /// Decodes the embedded feed. The data ships with the binary, so a failure is a bug.
    public static func items() throws -> [FeedItem] {
        do {
            return try EmbeddedObject.array(ListerResources.feedJSON).map { post throws(EmbeddedObject.Invalid) in
                FeedItem(
                    id: try post.string("id"), title: try post.string("title"), subtitle: try post.string("subtitle"),
                    author: try post.string("author"), date: try post.string("date"), body: try post.string("body"),
                    comments: try post.array("comments").map { comment throws(EmbeddedObject.Invalid) in
                        FeedComment(id: try comment.string("id"), author: try comment.string("author"), text: try comment.string("text"))
                    }
                )
            }
        } catch {
            throw ListError("the embedded feed is not valid: \(error)", isRetryable: false)
        }
    }
}

/// The demo's feed: posts with title and subtitle; Enter opens a post, then its comments.
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

    /// Two lines a post: title, then author and date.
    public var rowHeight: RowHeight { .uniform(2) }

    public func row(_ item: FeedItem, context: RowContext) -> VStack { item.row }

    public func filterText(_ item: FeedItem) -> String { item.filterText }

    public func open(_ item: FeedItem) -> OpenResult {
        .screen(PostScreen(item: item, options: options))
    }
}

/// One post: its title shows at once (the feed row had it), the body loads; Enter opens
/// the comments.
public struct PostScreen: DetailScreen {
    let item: FeedItem
    let options: DemoOptions
    let policy: DemoLoadPolicy

    /// Creates the screen for `item`.
    public init(item: FeedItem, options: DemoOptions) {
        self.item = item
        self.options = options
        policy = DemoLoadPolicy(options: options, screenName: "post-\(item.id)")
    }

    public var title: String { item.title }

    public nonisolated func load() async throws -> FeedItem {
        let loaded = try await policy.run([item])
        guard let post = loaded.first else {
            throw ListError("this post has no body (--empty)", isRetryable: false)
        }
        return post
    }

    public func placeholder(width: Int) -> [Text] {
        Text.wrapping(item.title, width: width, style: .bold)
    }

    public func content(_ post: FeedItem, width: Int) -> [Text] {
        let comments = post.comments.count
        return Text.wrapping(post.title, width: width, style: .bold)
            + [Text("by \(post.author) · \(post.subtitle)").dim(), Text("")]
            + Text.wrapping(post.body, width: width)
            + [Text(""), Text("Enter: \(comments) comment\(comments == 1 ? "" : "s")").dim()]
    }

    public func open(_ post: FeedItem) -> OpenResult {
        .screen(CommentsScreen(item: post, options: options))
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
