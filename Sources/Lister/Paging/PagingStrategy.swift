/// How a paginated API pages: the first request, and how a response becomes a page with
/// the request of the next page (or the end of the list).
///
/// Strategies are values. The framework ships limit/offset, page number (with or without a
/// total) and cursor; write your own the same way, with no change to the framework:
///
/// ```swift
/// // An API that pages by date: each response says the day to ask for next.
/// let byDay = PagingStrategy<Event, Date, DayResponse>(first: today) { day, response in
///     Page(response.events, next: response.previousDay)
/// }
/// ```
public struct PagingStrategy<Item: Sendable, Request: Sendable, Response>: Sendable {
    /// The request of the first page.
    public var first: Request
    /// The page a request's response makes: its items and the request after it (nil at the
    /// end). Runs off the main actor.
    public var page: @Sendable (_ request: Request, _ response: Response) -> Page<Item, Request>

    /// Creates a strategy.
    /// - Parameters:
    ///   - first: the request of the first page.
    ///   - page: turns the response to `request` into a page and the next request.
    public init(first: Request, page: @escaping @Sendable (_ request: Request, _ response: Response) -> Page<Item, Request>) {
        self.first = first
        self.page = page
    }
}

// MARK: - Limit and offset

/// A limit/offset request: at most `limit` items starting at item `offset`.
public struct LimitOffset: Hashable, Sendable, CustomStringConvertible {
    /// The most items a page holds.
    public var limit: Int
    /// The position of the page's first item in the whole list (0 for the first page).
    public var offset: Int

    /// Creates a request.
    public init(limit: Int, offset: Int) {
        self.limit = limit
        self.offset = offset
    }

    public var description: String { "limit \(limit) offset \(offset)" }
}

extension PagingStrategy where Request == LimitOffset, Response == [Item] {
    /// Limit/offset paging: each page asks for `limit` items after the ones before it. The
    /// list ends with a page shorter than the limit (counted as the server sent it, before
    /// repeated items are dropped).
    public static func limitOffset(limit: Int, offset: Int = 0) -> Self {
        precondition(limit > 0, "limitOffset: the limit must be positive, not \(limit)")
        return PagingStrategy(first: LimitOffset(limit: limit, offset: offset)) { request, items in
            let next = items.count < request.limit ? nil : LimitOffset(limit: request.limit, offset: request.offset + request.limit)
            return Page(items, next: next)
        }
    }
}

// MARK: - Page number

/// A page-number request: page `number` of pages of `size` items.
public struct PageNumber: Hashable, Sendable, CustomStringConvertible {
    /// The page asked for (the first is `1` unless the strategy says otherwise).
    public var number: Int
    /// Items a full page holds.
    public var size: Int

    /// Creates a request.
    public init(number: Int, size: Int) {
        self.number = number
        self.size = size
    }

    public var description: String { "page \(number) size \(size)" }
}

/// A response that says how many items the whole list has.
public struct CountedPage<Item: Sendable>: Sendable {
    /// The items of this page.
    public var items: [Item]
    /// How many items the whole list has.
    public var total: Int

    /// Creates a response.
    public init(_ items: [Item], total: Int) {
        self.items = items
        self.total = total
    }
}

extension PagingStrategy where Request == PageNumber, Response == [Item] {
    /// Page-number paging without a known total: the list ends with a page shorter than
    /// `size` (counted before repeated items are dropped).
    public static func pageNumber(size: Int, firstPage: Int = 1) -> Self {
        precondition(size > 0, "pageNumber: the size must be positive, not \(size)")
        return PagingStrategy(first: PageNumber(number: firstPage, size: size)) { request, items in
            Page(items, next: items.count < request.size ? nil : PageNumber(number: request.number + 1, size: request.size))
        }
    }
}

extension PagingStrategy where Request == PageNumber, Response == CountedPage<Item> {
    /// Page-number paging with a total: the list ends once the pages asked for cover
    /// `total` items (or a page comes back empty, so a wrong total cannot loop forever).
    public static func pageNumber(size: Int, firstPage: Int = 1) -> Self {
        precondition(size > 0, "pageNumber: the size must be positive, not \(size)")
        return PagingStrategy(first: PageNumber(number: firstPage, size: size)) { request, response in
            let covered = (request.number - firstPage + 1) * request.size
            let ended = response.items.isEmpty || covered >= response.total
            return Page(response.items, next: ended ? nil : PageNumber(number: request.number + 1, size: request.size))
        }
    }
}

// MARK: - Cursor

/// A response that carries the cursor of the next page.
public struct CursorPage<Item: Sendable, Cursor: Sendable>: Sendable {
    /// The items of this page.
    public var items: [Item]
    /// The cursor to ask for the next page with; nil when this page is the last.
    public var next: Cursor?

    /// Creates a response.
    public init(_ items: [Item], next: Cursor?) {
        self.items = items
        self.next = next
    }
}

extension PagingStrategy {
    /// Cursor paging: the first request has no cursor; each response carries the cursor of
    /// the next page, and none means the end.
    ///
    /// ```swift
    /// PaginatedRepository(.cursor()) { (cursor: String?) in
    ///     let response = try await api.books(after: cursor)
    ///     return CursorPage(response.books, next: response.nextCursor)
    /// }
    /// ```
    public static func cursor<Cursor: Sendable>() -> Self where Request == Cursor?, Response == CursorPage<Item, Cursor> {
        PagingStrategy(first: nil) { _, response in
            Page(response.items, next: response.next.map { Optional($0) })
        }
    }
}
