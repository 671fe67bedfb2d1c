/// A source of a list that comes page by page: the first request, and a fetch that turns a
/// request into a page plus the request of the page after it.
///
/// Build one from a ``PagingStrategy`` and a fetch that speaks your API; the strategy
/// decides what comes next and when the list ends:
///
/// ```swift
/// let books = PaginatedRepository(.limitOffset(limit: 25)) { request in
///     try await api.books(limit: request.limit, offset: request.offset)  // -> [Book]
/// }
/// ```
///
/// Or say the next request yourself with ``init(first:fetch:)``. A repository is a value
/// with a `@Sendable` closure: copy it, keep it in a screen, swap it for a scripted one in
/// tests.
public struct PaginatedRepository<Item: Sendable, Request: Sendable>: Sendable {
    /// The request of the first page (also what a refresh asks for).
    public var first: Request
    /// Fetches the page for a request. Runs off the main actor, on a task that is cancelled
    /// when the page is no longer wanted.
    public var fetch: @Sendable (Request) async throws -> Page<Item, Request>

    /// Creates a repository that says itself what comes after each page.
    /// - Parameters:
    ///   - first: the request of the first page.
    ///   - fetch: returns the page for a request, with `next` set to the request of the page
    ///     after it, or nil at the end.
    public init(first: Request, fetch: @escaping @Sendable (Request) async throws -> Page<Item, Request>) {
        self.first = first
        self.fetch = fetch
    }

    /// Creates a repository from a strategy and a fetch that returns the strategy's
    /// response (for the built-in strategies: the items, or the items with a total or a
    /// cursor).
    /// - Parameters:
    ///   - strategy: the first request, and how a response leads to the next request.
    ///   - fetch: asks your API for one request's response.
    public init<Response>(
        _ strategy: PagingStrategy<Item, Request, Response>,
        fetch: @escaping @Sendable (Request) async throws -> Response
    ) {
        first = strategy.first
        self.fetch = { request in strategy.page(request, try await fetch(request)) }
    }

    /// A list that comes in one piece, as a repository of one page.
    public init(_ oneShot: ListRepository<Item>) where Request == Void {
        first = ()
        fetch = { _ in Page(try await oneShot.fetch(), next: nil) }
    }
}
