import Lister
import ListerTestSupport
import TerminalCore

/// A book of the paging tests: `Book(3)` is "book 3".
struct Book: Identifiable, Hashable, Sendable {
    let id: Int
    let title: String

    init(_ id: Int, title: String? = nil) {
        self.id = id
        self.title = title ?? "book \(id)"
    }
}

/// Books `range`, in order.
func books(_ range: Range<Int>) -> [Book] { range.map { Book($0) } }

/// A page of books `range`, followed by page `next` (none when nil).
func page(_ range: Range<Int>, next: Int?) -> Page<Book, Int> { Page(books(range), next: next) }

/// A paged screen over a scripted limit/offset endpoint.
struct PagedBooks: PagedListScreen {
    let title = "Books"
    let pages: PaginatedRepository<Book, LimitOffset>
    let prefetchDistance: Int?
    let timeout: Duration?

    init(api: ScriptedEndpoint<LimitOffset, [Book]>, limit: Int = 5, prefetchDistance: Int? = nil, timeout: Duration? = .seconds(30)) {
        pages = PaginatedRepository(.limitOffset(limit: limit), fetch: api.fetch)
        self.prefetchDistance = prefetchDistance
        self.timeout = timeout
    }

    func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
}

/// A model of a paged list after its first page, `first`, arrived with more to come.
func pagedModel(_ first: Range<Int>, prefetchDistance: Int? = 2, timeout: Duration? = nil) -> ListModel<Book> {
    var model = ListModel<Book>()
    model.prefetchDistance = prefetchDistance
    model.timeout = timeout
    _ = model.load(now: .zero)
    model.receive(page: .success(page(first, next: 2)), generation: model.generation, now: .zero)
    return model
}
