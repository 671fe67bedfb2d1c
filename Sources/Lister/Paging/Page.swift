/// One page of a paginated list: its items and what to ask for next.
///
/// A repository's fetch returns a page for a request; `next` is the request of the page
/// after it, or nil when this page is the last.
///
/// ```swift
/// Page(response.books, next: response.nextCursor.map { .some($0) })
/// ```
public struct Page<Item: Sendable, Request: Sendable>: Sendable {
    /// The items of the page, in order. They may repeat items of earlier pages: the list
    /// shows each id once, first occurrence first.
    public var items: [Item]
    /// The request of the next page; nil when the list ends with this page.
    public var next: Request?

    /// Creates a page of `items` followed by the page `next` asks for (none when nil).
    public init(_ items: [Item], next: Request?) {
        self.items = items
        self.next = next
    }

    /// Whether more pages follow this one.
    public var hasMore: Bool { next != nil }
}

/// A one-shot source: everything in one fetch (what ``ListScreen/load()`` does).
///
/// ```swift
/// let planets = ListRepository { try await api.planets() }
/// ```
public struct ListRepository<Item: Sendable>: Sendable {
    /// Fetches every item. Runs off the main actor; cancelled when no longer wanted.
    public var fetch: @Sendable () async throws -> [Item]

    /// Creates a repository from its fetch.
    public init(fetch: @escaping @Sendable () async throws -> [Item]) {
        self.fetch = fetch
    }
}
