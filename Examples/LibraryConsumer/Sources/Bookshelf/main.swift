// A paged list: 90 books from a slow API, 25 a page. The whole program (`make test-consumer`
// builds it in an app that depends on Lister as shown above).
import Lister

struct Book: Identifiable, Sendable {
    let id: Int
    let title: String
}

/// A pretend server: slow, 90 books paged by limit and offset.
enum API {
    static func books(limit: Int, offset: Int) async throws -> [Book] {
        try await Task.sleep(for: .milliseconds(300))
        return (offset..<min(offset + limit, 90)).map { Book(id: $0, title: "Book \($0 + 1)") }
    }
}

struct Books: PagedListScreen {
    let title = "Books"
    let pages = PaginatedRepository(.limitOffset(limit: 25)) { request in
        try await API.books(limit: request.limit, offset: request.offset)
    }

    func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
}

do {
    let outcome = try ListerApp.run(Books())
    print("Bye (\(outcome.exitStatus))")
} catch {
    print("Bookshelf: \(error)")
}
