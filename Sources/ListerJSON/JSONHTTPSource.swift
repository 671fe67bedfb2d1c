import Foundation
import Lister
import ListerSources
import Logging
import TerminalCore

/// `lister json URL`: a JSON API browsed page by page with the framework's strategies.
package struct JSONHTTPSource: Sendable {
    /// The first page's URL.
    package var url: URL
    /// Where the array is in each page (`--items`).
    package var itemsPath: String?
    /// How the API pages.
    package var paging: JSONPaging
    /// `--limit N [--limit-param NAME]`: the page size, sent as NAME when there is one.
    package var limit: (param: String?, value: Int)?
    /// Rows and identity.
    package var format: JSONRowFormat
    /// Headers and timeout.
    package var client: JSONHTTPClient
    /// The first page's request, started before the screen opens (``startFirstPage()``):
    /// the screen's first fetch of that URL takes it instead of asking again.
    var firstResponse: FirstResponse?

    /// Creates a source.
    package init(url: URL, itemsPath: String? = nil, paging: JSONPaging = .none, limit: (param: String?, value: Int)? = nil,
                format: JSONRowFormat = JSONRowFormat(), client: JSONHTTPClient = JSONHTTPClient()) {
        self.url = url
        self.itemsPath = itemsPath
        self.paging = paging
        self.limit = limit
        self.format = format
        self.client = client
    }

    /// The URL of the first page of a paged source (nil: the source does not page).
    var firstPageURL: URL? {
        switch paging {
        case .none: return nil
        case .pageNumber(let param, let first): return url(with: [param: String(first)])
        case .limitOffset(let offsetParam): return url(with: [offsetParam: "0"])
        case .cursor, .linkNext: return url(with: [:])
        }
    }

    /// Starts asking for the first page of a paged source (nothing for one that does not
    /// page), so that the command can learn its shape before the screen opens; the screen's
    /// first fetch of that page takes this request's response.
    package mutating func startFirstPage() {
        guard let url = firstPageURL else { return }
        let client = client
        firstResponse = FirstResponse(url: url, task: Task { try await client.get(url) })
    }

    /// The first page's items if its response comes within `limit` (nil: it did not, or it
    /// failed, which the screen then shows), after ``startFirstPage()``.
    package func firstPageItems(within limit: Duration) async -> [JSONItem]? {
        guard let firstResponse, let response = await firstResponse.response(within: limit) else { return nil }
        return try? items(in: response.document, page: "the first page")
    }

    /// Starts reading the body of a source that does not page, before the screen opens
    /// (nil for a paged source), so that the command can decide on its first objects: the
    /// screen of ``screen(table:columns:firstPage:started:)`` follows this read, and the
    /// body is asked for once (a refresh asks again).
    package func startBody() -> JSONRead? {
        guard case .none = paging else { return nil }
        let source = self
        return JSONRead.start { progress in try await source.rows(progress: progress) }
    }

    /// The response for `url`: the one started before the screen opened when it is for that
    /// URL and not taken yet, else a new request.
    private func get(_ url: URL) async throws -> JSONResponse {
        if let task = firstResponse?.take(for: url) { return try await task.value }
        return try await client.get(url)
    }

    /// The screen that browses the source: as a table when `table` (columns `columns`, else
    /// the keys of `firstPage` or, when it is nil, of the first page that comes; for a
    /// source that does not page, of the body's first objects), else as one-line rows.
    /// `started` is the body's read begun by ``startBody()``: the screen's first load
    /// follows it instead of asking again.
    @MainActor
    package func screen(table: Bool = false, columns: [JSONColumn]? = nil, firstPage: [JSONItem]? = nil,
                       started: JSONRead? = nil) -> any Screen {
        func paged<R>(_ screen: JSONPagedScreen<R>) -> any Screen {
            table ? JSONPagedTableScreen(list: screen, columns: columns, firstPage: firstPage) : screen
        }
        let title = url.host.map { $0 + url.path } ?? url.absoluteString
        // The client's comes first: libcurl checks for it at least once a second.
        let timeout = Duration.milliseconds(Int(client.timeout * 1000)) + .seconds(2)
        switch paging {
        case .none:
            // One body, parsed as it arrives: its rows show as they come.
            let source = JSONStreamSource(title: title, canReload: true) { progress in try await self.rows(progress: progress) }
            let list = JSONListScreen(source: source, format: format, started: started, timeout: timeout)
            return table ? JSONTableScreen(list: list, columns: columns) : list
        case .pageNumber(let param, let first):
            let fetch: @Sendable (PageNumber) async throws -> [JSONItem] = { request in
                try await self.items(at: self.url(with: [param: String(request.number)]), page: "page \(request.number)")
            }
            if let limit {
                return paged(JSONPagedScreen(title: title, pages: PaginatedRepository(.pageNumber(size: limit.value, firstPage: first), fetch: fetch),
                                             format: format, requestTimeout: timeout))
            }
            // No page size known: the list ends with an empty page.
            let untilEmpty = PagingStrategy<JSONItem, PageNumber, [JSONItem]>(first: PageNumber(number: first, size: 0)) { request, items in
                Page(items, next: items.isEmpty ? nil : PageNumber(number: request.number + 1, size: 0))
            }
            return paged(JSONPagedScreen(title: title, pages: PaginatedRepository(untilEmpty, fetch: fetch), format: format, requestTimeout: timeout))
        case .limitOffset(let offsetParam):
            let pageSize = limit?.value ?? 25
            return paged(JSONPagedScreen(title: title, pages: PaginatedRepository(.limitOffset(limit: pageSize)) { request in
                try await self.items(at: self.url(with: [offsetParam: String(request.offset)]), page: "offset \(request.offset)")
            }, format: format, requestTimeout: timeout))
        case .cursor(let param, let nextCursor):
            return paged(JSONPagedScreen(title: title, pages: PaginatedRepository(.cursor()) { (cursor: String?) in
                let response = try await self.get(self.url(with: cursor.map { [param: $0] } ?? [:]))
                let items = try self.items(in: response.document, page: "cursor \(cursor ?? "")")
                var next = response.document.value(at: nextCursor).flatMap { value -> String? in
                    switch value {
                    case .string(let text): return text.isEmpty ? nil : text
                    case .number(let text): return text
                    default: return nil
                    }
                }
                if next == cursor { next = nil }  // a cursor that does not move would loop
                return CursorPage(items, next: next)
            }, format: format, requestTimeout: timeout))
        case .linkNext:
            return paged(JSONPagedScreen(title: title, pages: PaginatedRepository(first: url(with: [:])) { url in
                let response = try await self.get(url)
                let next = response.linkNext == url ? nil : response.linkNext
                return Page(try self.items(in: response.document, page: url.absoluteString), next: next)
            }, format: format, requestTimeout: timeout))
        }
    }

    /// The first URL with `parameters` (and the limit) set in its query.
    func url(with parameters: [String: String]) -> URL {
        var all = parameters
        if let limit, let param = limit.param { all[param] = String(limit.value) }
        guard !all.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var query = components.queryItems ?? []
        query.removeAll { all[$0.name] != nil }
        query += all.keys.sorted().map { URLQueryItem(name: $0, value: all[$0]) }
        components.queryItems = query
        return components.url ?? url
    }

    /// The rows of the one body of a source that does not page, reported as they are parsed.
    package func rows(progress: LoadProgress<JSONRows> = .ignored) async throws -> JSONRows {
        try await streamItems(at: url(with: [:]), progress: progress)
    }

    /// The rows of one body, reported as they are parsed (at most every 25 ms); the body
    /// stops at the first byte that is not JSON, or past the client's ``JSONHTTPClient/maxBodyBytes``.
    func streamItems(at url: URL, progress: LoadProgress<JSONRows>) async throws -> JSONRows {
        var builder = JSONDocumentBuilder(name: "the body from \(JSONHTTPClient.display(url))", itemsPath: itemsPath,
                                          idField: format.idField, maxBytes: client.maxBodyBytes, logger: client.logger)
        var start: [UInt8] = []  // the body's beginning, for an error's excerpt
        let clock = ContinuousClock()
        var lastReport = clock.now
        var reported = (count: 0, bytes: 0)
        func report() {
            progress(builder.snapshot())
            reported = (builder.count, builder.bytesRead)
            lastReport = clock.now
        }
        do {
            _ = try await client.stream(url) { chunk in
                if start.count < 400 { start += chunk.prefix(400 - start.count) }
                try builder.append(chunk)
                // The first row, and the row that completes a table's sample, at once: the
                // command waits for them before the screen opens.
                let sample = JSONTableShape.sampleSize
                if reported.count == 0 && builder.count > 0 || reported.count < sample && builder.count >= sample
                    || clock.now - lastReport >= .milliseconds(25) { report() }
            }
            let rows = try builder.finish()
            client.logger.debug("json body", metadata: ["items": "\(rows.count)", "bytes": "\(rows.bytesRead)"])
            return rows
        } catch let error as ListError {
            if builder.count > reported.count { report() }  // the rows before the error stay
            if let syntax = builder.syntaxError { throw client.notJSON(syntax, from: url, start: start) }
            throw error
        }
    }

    private func items(at url: URL, page: String) async throws -> [JSONItem] {
        try items(in: try await get(url).document, page: page)
    }

    private func items(in document: JSONValue, page: String) throws -> [JSONItem] {
        let items = JSONItem.elements(try JSONItemsPath.select(itemsPath, in: document), idField: format.idField, page: page)
        client.logger.debug("json page", metadata: ["page": "\(client.mask(page))", "items": "\(items.count)"])
        return items
    }
}

/// The first page's request, started before the screen opens, and taken once by the
/// screen's first fetch of its URL.
final class FirstResponse: Sendable {
    let url: URL
    private let task: Locked<Task<JSONResponse, any Error>?>
    /// The response once it came (nil while it has not, or when it failed).
    private let arrived = Locked<JSONResponse?>(nil)

    init(url: URL, task: Task<JSONResponse, any Error>) {
        self.url = url
        self.task = Locked(task)
    }

    /// The request, for the first fetch of `url` only (a refresh asks again).
    func take(for url: URL) -> Task<JSONResponse, any Error>? {
        guard url == self.url else { return nil }
        return task.withLock { task in
            defer { task = nil }
            return task
        }
    }

    /// The response, if it comes within `limit`.
    func response(within limit: Duration) async -> JSONResponse? {
        guard let task = task.withLock({ $0 }) else { return nil }
        let done = Locked(false)
        let arrived = arrived
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resume = { @Sendable in
                if done.withLock({ let first = !$0; $0 = true; return first }) { continuation.resume() }
            }
            Task {
                if let response = try? await task.value { arrived.withLock { $0 = response } }
                resume()
            }
            Task {
                try? await Task.sleep(for: limit)
                resume()
            }
        }
        return arrived.withLock { $0 }
    }
}

/// A JSON API's pages as one list: scrolling near the end loads the next page.
package struct JSONPagedScreen<Request: Sendable>: PagedListScreen {
    package let title: String
    package let pages: PaginatedRepository<JSONItem, Request>
    let format: JSONRowFormat
    let requestTimeout: Duration

    /// Creates the screen.
    package init(title: String, pages: PaginatedRepository<JSONItem, Request>, format: JSONRowFormat, requestTimeout: Duration) {
        self.title = title
        self.pages = pages
        self.format = format
        self.requestTimeout = requestTimeout
    }

    package var timeout: Duration? { requestTimeout }

    package var emptyMessage: String { "No items" }

    package func row(_ item: JSONItem, context: RowContext) -> Text { format.row(item) }

    package func errorView(_ error: ListError) -> JSONErrorView {
        JSONErrorView(headline: "Could not load \(title)", error: error)
    }

    package func open(_ item: JSONItem) -> OpenResult { JSONNavigation.open(item, format: format) }

    package var previewPlacement: PreviewPlacement? { .right(.percent(50)) }

    package func preview(_ item: JSONItem, context: ListContext<Self>) -> Preview? { JSONPreview.preview(of: item) }
}
