import Lister
import ListerResources
import TerminalCore

/// A book of the demo library.
package struct DemoBook: Identifiable, Hashable, Sendable {
    /// Unique and stable: `book-001`, in the order of the file.
    package let id: String
    /// The title, in its original script for a few.
    package let title: String
    /// Who wrote it.
    package let author: String
    /// The year of first publication; negative for years BC.
    package let year: Int
    /// One of nine genres: the sections of the sections demo.
    package let genre: String

    /// `1851`, `750 BC`.
    package var yearText: String { year < 0 ? "\(-year) BC" : "\(year)" }
}

/// The books embedded in the binary, oldest first.
package enum BookData {
    private static let decoded: Result<[DemoBook], ListError> = Result {
        try EmbeddedObject.array(ListerResources.booksJSON).map { book throws(EmbeddedObject.Invalid) in
            DemoBook(
                id: try book.string("id"), title: try book.string("title"), author: try book.string("author"),
                year: try book.int("year"), genre: try book.string("genre")
            )
        }
    }.mapError { ListError("the embedded books are not valid: \($0)", isRetryable: false) }

    /// Every book. The data ships with the binary, so a failure is a bug.
    package static func books() throws -> [DemoBook] { try decoded.get() }

    /// The genres, in alphabetical order.
    package static func genres() throws -> [String] { Set(try books().map(\.genre)).sorted() }
}

/// `lister demo books`: the library, 25 books a page, loaded with limit/offset as a server
/// would serve it; pages load as the selection nears the end.
package struct BooksScreen: PagedListScreen {
    /// How the pages come.
    package let pages: PaginatedRepository<DemoBook, LimitOffset>

    /// Creates the screen with the demo's options.
    /// - Parameters:
    ///   - options: latency and failures of each page load (`--fail-page N` fails page N once).
    ///   - pageSize: books a page.
    package init(options: DemoOptions = DemoOptions(), pageSize: Int = 25) {
        let policy = DemoLoadPolicy(options: options, screenName: "books")
        pages = PaginatedRepository(.limitOffset(limit: pageSize)) { request in
            let page = Array(try BookData.books().dropFirst(request.offset).prefix(request.limit))
            return try await policy.run(page, page: request.offset / request.limit + 1)
        }
    }

    package var title: String { "Books" }
    package var emptyMessage: String { "No books" }

    package func row(_ book: DemoBook, context: RowContext) -> Text {
        Text(book.title) + Text("  \(book.author), \(book.yearText)").dim()
    }
}
