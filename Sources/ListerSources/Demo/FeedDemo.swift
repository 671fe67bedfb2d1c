import Lister
import ListerResources
import TerminalCore

/// An item of the demo feed: a post with its comments.
package struct FeedItem: Identifiable, Hashable, Sendable {
    package let id: String
    package let title: String
    package let subtitle: String
    package let author: String
    /// When it was published: a date, or "just now".
    package let date: String
    package let body: String
    package let comments: [FeedComment]

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
package struct FeedComment: Identifiable, Hashable, Sendable {
    package let id: String
    package let author: String
    package let text: String
}

/// The feed embedded in the binary.
package enum FeedData {
    /// Decodes the embedded feed. The data ships with the binary, so a failure is a bug.
    package static func items() throws -> [FeedItem] {
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
package struct FeedScreen: ListScreen {
    let options: DemoOptions
    let policy: DemoLoadPolicy

    /// Creates the feed with the demo's options.
    package init(options: DemoOptions = DemoOptions()) {
        self.options = options
        policy = DemoLoadPolicy(options: options, screenName: "feed")
    }

    package var title: String { "Feed" }
    package var emptyMessage: String { "No posts in the feed" }

    package nonisolated func load() async throws -> [FeedItem] {
        try await policy.run(FeedData.items())
    }

    /// Two lines a post: title, then author and date.
    package var rowHeight: RowHeight { .uniform(2) }

    package func row(_ item: FeedItem, context: RowContext) -> VStack { item.row }

    package func filterText(_ item: FeedItem) -> String { item.filterText }

    package func open(_ item: FeedItem) -> OpenResult {
        .screen(PostScreen(item: item, options: options))
    }
}

/// One post: its title shows at once (the feed row had it), the body loads; Enter opens
/// the comments.
package struct PostScreen: DetailScreen {
    let item: FeedItem
    let options: DemoOptions
    let policy: DemoLoadPolicy

    /// Creates the screen for `item`.
    package init(item: FeedItem, options: DemoOptions) {
        self.item = item
        self.options = options
        policy = DemoLoadPolicy(options: options, screenName: "post-\(item.id)")
    }

    package var title: String { item.title }

    package nonisolated func load() async throws -> FeedItem {
        let loaded = try await policy.run([item])
        guard let post = loaded.first else {
            throw ListError("this post has no body (--empty)", isRetryable: false)
        }
        return post
    }

    package func placeholder(width: Int) -> [Text] {
        Text.wrapping(item.title, width: width, style: .bold)
    }

    package func content(_ post: FeedItem, width: Int) -> [Text] {
        let comments = post.comments.count
        return Text.wrapping(post.title, width: width, style: .bold)
            + [Text("by \(post.author) · \(post.subtitle)").dim(), Text("")]
            + Text.wrapping(post.body, width: width)
            + [Text(""), Text("Enter: \(comments) comment\(comments == 1 ? "" : "s")").dim()]
    }

    package func open(_ post: FeedItem) -> OpenResult {
        .screen(CommentsScreen(item: post, options: options))
    }
}

/// The comments of one feed item, loaded on their own.
package struct CommentsScreen: ListScreen {
    let item: FeedItem
    let policy: DemoLoadPolicy

    /// Creates the screen for `item`.
    package init(item: FeedItem, options: DemoOptions) {
        self.item = item
        policy = DemoLoadPolicy(options: options, screenName: "comments-\(item.id)")
    }

    package var title: String { item.title }
    package var emptyMessage: String { "No comments yet" }

    package nonisolated func load() async throws -> [FeedComment] {
        try await policy.run(item.comments)
    }

    package func row(_ comment: FeedComment, context: RowContext) -> Text {
        Text(comment.author + ": ").bold() + Text(comment.text)
    }
}
