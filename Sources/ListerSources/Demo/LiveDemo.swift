import Lister
import TerminalCore

/// The live demo: the feed's first posts, then a new post at the top every few seconds.
/// The selection stays on the post it is on while posts arrive above it; Enter opens one.
package struct LiveFeedScreen: LiveListScreen {
    let options: DemoOptions
    let policy: DemoLoadPolicy
    /// The time between two new posts.
    let interval: Duration

    /// Creates the live feed with the demo's options; a new post comes every `interval`.
    package init(options: DemoOptions = DemoOptions(), interval: Duration = .seconds(3)) {
        self.options = options
        self.interval = interval
        policy = DemoLoadPolicy(options: options, screenName: "live")
    }

    package var title: String { "Live feed" }
    package var emptyMessage: String { "No posts yet: new ones arrive every few seconds" }

    /// The first five posts of the embedded feed.
    package nonisolated func load() async throws -> [FeedItem] {
        try await policy.run(Array(FeedData.items().prefix(5)))
    }

    /// The other posts, again and again, each as a new post at the top.
    package nonisolated func changes() -> AsyncThrowingStream<ListChange<FeedItem>, any Error> {
        let interval = self.interval
        return AsyncThrowingStream { continuation in
            let task = Task {
                let posts = try FeedData.items()
                var number = 0
                while !Task.isCancelled, !posts.isEmpty {
                    try await Task.sleep(for: interval)
                    let post = posts[(5 + number) % posts.count]
                    number += 1
                    let fresh = FeedItem(id: "\(post.id)#\(number)", title: post.title, subtitle: post.subtitle,
                                         author: post.author, date: "just now", body: post.body, comments: post.comments)
                    continuation.yield(.insert([fresh], at: 0))
                    continuation.yield(.note("\(number) new post\(number == 1 ? "" : "s") since you opened it"))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Two lines a post, as in the feed.
    package var rowHeight: RowHeight { .uniform(2) }

    package func row(_ item: FeedItem, context: RowContext) -> VStack { item.row }

    package func filterText(_ item: FeedItem) -> String { item.filterText }

    package func open(_ item: FeedItem) -> OpenResult {
        .screen(PostScreen(item: item, options: options))
    }
}
