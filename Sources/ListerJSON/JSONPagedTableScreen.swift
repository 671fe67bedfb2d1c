import Lister
import ListerSources
import TerminalCore

/// A JSON API's pages as one table: a column per key of the first page's first (up to 100)
/// objects, or per `--columns` path. Later pages fill those columns: a key they lack is an
/// empty cell, a key the first page did not have is not shown (Enter and the preview show
/// the whole element). Sorting sorts the rows loaded so far ("sorted: loaded rows only"):
/// an API has no `ORDER BY` to ask.
package struct JSONPagedTableScreen<Request: Sendable>: PagedListScreen, TableScreen {
    /// The list it pages, opens and titles its rows as.
    let list: JSONPagedScreen<Request>
    /// The columns asked for (`--columns`); nil: the keys of the first page.
    package let named: [JSONColumn]?
    /// The first page's shape, set by the first page that comes (any thread) and kept.
    private let shape: FirstPageShape

    /// A table of `list`'s pages. `firstPage`, when the first page is already known, gives
    /// the columns at once; else the first page to come gives them.
    package init(list: JSONPagedScreen<Request>, columns: [JSONColumn]? = nil, firstPage: [JSONItem]? = nil) {
        self.list = list
        named = columns
        shape = FirstPageShape()
        if let firstPage { shape.set(firstPage) }
    }

    package var title: String { list.title }

    package var timeout: Duration? { list.timeout }

    package var emptyMessage: String { list.emptyMessage }

    /// The list's pages; the first one to come fixes the columns.
    package nonisolated var pages: PaginatedRepository<JSONItem, Request> {
        let pages = list.pages
        let shape = shape
        return PaginatedRepository(first: pages.first) { request in
            let page = try await pages.fetch(request)
            shape.set(page.items)
            return page
        }
    }

    /// The columns shown: `--columns`, else the keys of the first page's first 100 objects.
    package var jsonColumns: [JSONColumn] { named ?? shape.get()?.columns ?? [] }

    /// A column per path, as a document's table has them.
    package var columns: [TableColumn<JSONItem>] { jsonColumns.tableColumns }

    package func errorView(_ error: ListError) -> JSONErrorView { list.errorView(error) }

    package func open(_ item: JSONItem) -> OpenResult { list.open(item) }

    package var previewPlacement: PreviewPlacement? { list.previewPlacement }

    package func preview(_ item: JSONItem, context: ListContext<Self>) -> Preview? { JSONPreview.preview(of: item) }

    package func filterText(_ item: JSONItem) -> String {
        jsonColumns.filterText(of: item.value)
    }
}

/// The shape of the first page a paged table received: set once (the first page always
/// comes first), read by the frames on the main actor.
final class FirstPageShape: Sendable {
    private let shape = Locked<JSONTableShape?>(nil)

    /// Keeps the shape of `items`' first objects, unless a page gave one already.
    func set(_ items: [JSONItem]) {
        guard shape.withLock({ $0 == nil }) else { return }
        let made = JSONTableShape(items.prefix(JSONTableShape.sampleSize).map(\.value))
        shape.withLock { if $0 == nil { $0 = made } }
    }

    func get() -> JSONTableShape? { shape.withLock { $0 } }
}
