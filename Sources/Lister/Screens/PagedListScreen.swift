import TerminalCore

/// A list screen whose items come page by page from a ``PaginatedRepository``.
///
/// Everything of a ``ListScreen`` applies (rows, the default body, open, pick, each view
/// replaceable); on top of it the runtime scrolls infinitely: when the selection comes
/// within ``prefetchDistance`` rows of the last loaded row, the next page loads in the
/// background while keys keep working. The footer row says "Loading more…", shows a failed
/// page's error with "r to retry", or "End of list · N items"; the status bar shows
/// `42/150+ · page 3`. An item whose id is already shown is not shown again.
///
/// ```swift
/// struct Books: PagedListScreen {
///     let title = "Books"
///     let pages = PaginatedRepository(.limitOffset(limit: 25)) { request in
///         try await api.books(limit: request.limit, offset: request.offset)
///     }
///     func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
/// }
/// ```
///
/// `r` retries a failed page (never restarting from page 1), else refreshes from the first
/// page behind the rows, keeping the selected item; `R` discards the rows. A refresh or
/// reload cancels a page load in flight, and a late result of a cancelled load is dropped.
/// A page that brings nothing for ``ListScreenOptions/timeout`` (30 s by default) fails as timed out.
@MainActor
public protocol PagedListScreen: ListScreen where Items == [Item] {
    /// What a page request is: ``LimitOffset``, ``PageNumber``, a cursor, or your own.
    associatedtype Request: Sendable

    /// Where the pages come from. Read once, when the screen is shown; its fetch runs off
    /// the main actor. A `let` works as it is; a computed property must be `nonisolated`.
    nonisolated var pages: PaginatedRepository<Item, Request> { get }

    /// Rows from the last loaded row within which the next page starts loading. Nil (the
    /// default) means one screen.
    var prefetchDistance: Int? { get }
}

extension PagedListScreen {
    /// Loads the first page only; the runtime loads pages through ``pages``.
    public nonisolated func load() async throws -> [Item] {
        let pages = self.pages
        return try await pages.fetch(pages.first).items
    }

    public var prefetchDistance: Int? { nil }

    public var timeout: Duration? { .seconds(30) }
}

/// The next page of a paged screen with its request captured, so the host can hold it
/// without knowing the request type.
struct NextPage<Item: Sendable>: Sendable {
    let load: @Sendable () async throws -> Page<Item, NextPage<Item>>

    init<Request>(_ repository: PaginatedRepository<Item, Request>, request: Request) {
        load = {
            let page = try await repository.fetch(request)
            return Page(page.items, next: page.next.map { NextPage(repository, request: $0) })
        }
    }

    /// The first page of `screen`, typed for a host of `Item`s (nil if the types differ,
    /// which they never do: the host's screen is `screen`).
    @MainActor
    static func first<P: PagedListScreen>(of screen: P) -> NextPage<Item>? {
        let pages = screen.pages
        return NextPage<P.Item>(pages, request: pages.first) as? NextPage<Item>
    }
}
