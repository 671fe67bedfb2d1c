import Lister
import ListerResources
import TerminalCore

/// A book of the demo library.
public struct DemoBook: Identifiable, Hashable, Sendable {
    /// Unique and stable: `book-001`, in the order of the file.
    public let id: String
    /// The title, in its original script for a few.
    public let title: String
    /// Who wrote it.
    public let author: String
    /// The year of first publication; negative for years BC.
    public let year: Int
    /// One of nine genres: the sections of the sections demo.
    public let genre: String

    /// `1851`, `750 BC`.
    public var yearText: String { year < 0 ? "\(-year) BC" : "\(year)" }
}

/// The books embedded in the binary, oldest first.
public enum BookData {
    private static let decoded: Result<[DemoBook], ListError> = Result {
        try EmbeddedObject.array(ListerResources.booksJSON).map { book throws(EmbeddedObject.Invalid) in
            DemoBook(
                id: try book.string("id"), title: try book.string("title"), author: try book.string("author"),
                year: try book.int("year"), genre: try book.string("genre")
            )
        }
    }.mapError { ListError("the embedded books are not valid: \($0)", isRetryable: false) }

    /// Every book. The data ships with the binary, so a failure is a bug.
    public static func books() throws -> [DemoBook] { try decoded.get() }

    /// The genres, in alphabetical order.
    public static func genres() throws -> [String] { Set(try books().map(\.genre)).sorted() }
}

/// `lister demo books`: the library, 25 books a page, loaded with limit/offset as a server
/// would serve it; pages load as the selection nears the end.
public struct BooksScreen: PagedListScreen {
    /// How the pages come.
    public let pages: PaginatedRepository<DemoBook, LimitOffset>

    /// Creates the screen with the demo's options.
    /// - Parameters:
    ///   - options: latency and failures of each page load (`--fail-page N` fails page N once).
    ///   - pageSize: books a page.
    public init(options: DemoOptions = DemoOptions(), pageSize: Int = 25) {
        let policy = DemoLoadPolicy(options: options, screenName: "books")
        pages = PaginatedRepository(.limitOffset(limit: pageSize)) { request in
            let page = Array(try BookData.books().dropFirst(request.offset).prefix(request.limit))
            return try await policy.run(page, page: request.offset / request.limit + 1)
        }
    }

    public var title: String { "Books" }
    public var emptyMessage: String { "No books" }

    public func row(_ book: DemoBook, context: RowContext) -> Text {
        Text(book.title) + Text("  \(book.author), \(book.yearText)").dim()
    }
}
