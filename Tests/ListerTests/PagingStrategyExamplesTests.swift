import Foundation
import Lister
import Testing

/// The examples of "Each paging strategy" in the Paging and sections article, compiled and
/// run against a pretend API of 45 books (issue 33: `.pageNumber(size:)` had no example, and
/// a reader who guessed `request.page` got compiler errors that did not name the mistake).
/// Each ```swift block of that section must appear word for word in this file.
enum PagingExamples {
    struct Book: Identifiable, Sendable, Equatable {
        let id: Int
        let title: String
    }

    /// What the examples call: 45 books, paged every way the article shows.
    struct PretendAPI: Sendable {
        static let all = (1...45).map { Book(id: $0, title: "Book \($0)") }

        func books(limit: Int, offset: Int) async throws -> [Book] {
            Array(Self.all.dropFirst(offset).prefix(limit))
        }

        func books(page: Int, perPage: Int) async throws -> [Book] {
            try await books(limit: perPage, offset: (page - 1) * perPage)
        }

        func booksWithTotal(page: Int, perPage: Int) async throws -> (books: [Book], total: Int) {
            (try await books(page: page, perPage: perPage), Self.all.count)
        }

        func books(after cursor: String?) async throws -> (books: [Book], nextCursor: String?) {
            let offset = cursor.flatMap { Int($0.dropFirst("after-".count)) } ?? 0
            let books = try await books(limit: 20, offset: offset)
            return (books, offset + 20 < Self.all.count ? "after-\(offset + 20)" : nil)
        }

        func books(at url: URL) async throws -> (books: [Book], link: String?) {
            let page = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
                .first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
            let books = try await books(page: page, perPage: 20)
            let next = page * 20 < Self.all.count ? "<https://api.example.com/books?page=\(page + 1)>; rel=\"next\", " : ""
            return (books, next + "<https://api.example.com/books?page=1>; rel=\"first\"")
        }
    }

    static func byOffset(_ api: PretendAPI) -> PaginatedRepository<Book, LimitOffset> {
        // Limit and offset (`?limit=20&offset=40`): a page shorter than the limit ends the list.
        let books = PaginatedRepository(.limitOffset(limit: 20)) { (request: LimitOffset) -> [Book] in
            try await api.books(limit: request.limit, offset: request.offset)
        }
        return books
    }

    static func byPageNumber(_ api: PretendAPI) -> PaginatedRepository<Book, PageNumber> {
        // A page number (`?page=3&per_page=20`), no total: a page shorter than `size` ends the list.
        // The request is a `PageNumber`: its `number` (from 1) and its `size`.
        let books = PaginatedRepository(.pageNumber(size: 20)) { (request: PageNumber) -> [Book] in
            try await api.books(page: request.number, perPage: request.size)
        }
        return books
    }

    static func byPageNumberWithTotal(_ api: PretendAPI) -> PaginatedRepository<Book, PageNumber> {
        // A page number, and a response that says how many items there are in all: the list
        // ends when the pages cover the total. The closure's return type picks this strategy.
        let books = PaginatedRepository(.pageNumber(size: 20)) { (request: PageNumber) -> CountedPage<Book> in
            let response = try await api.booksWithTotal(page: request.number, perPage: request.size)
            return CountedPage(response.books, total: response.total)
        }
        return books
    }

    static func byCursor(_ api: PretendAPI) -> PaginatedRepository<Book, String?> {
        // A cursor: the first request has none, each response names the next; none ends the list.
        let books = PaginatedRepository(.cursor()) { (cursor: String?) -> CursorPage<Book, String> in
            let response = try await api.books(after: cursor)
            return CursorPage(response.books, next: response.nextCursor)
        }
        return books
    }

    static func byLinkHeader(_ api: PretendAPI) -> PaginatedRepository<Book, URL> {
        // A `Link` header (`<https://…?page=2>; rel="next"`, as GitHub's API sends): the request
        // is the URL to fetch, and the page says the next one itself.
        let books = PaginatedRepository(first: URL(string: "https://api.example.com/books")!) { (url: URL) -> Page<Book, URL> in
            let response = try await api.books(at: url)  // the body's books and the Link header
            return Page(response.books, next: nextLink(in: response.link))
        }
        return books
    }
}

/// The URL marked `rel="next"` in a Link header, if any.
func nextLink(in header: String?) -> URL? {
    for link in (header ?? "").split(separator: ",") {
        let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">"),
              parts.dropFirst().contains(#"rel="next""#) else { continue }
        return URL(string: String(target.dropFirst().dropLast()))
    }
    return nil
}

@Suite struct PagingStrategyExamplesTests {
    /// Fetches every page from the first: the pages' sizes.
    func pageSizes<Request>(_ repository: PaginatedRepository<PagingExamples.Book, Request>) async throws -> [Int] {
        var request: Request? = repository.first
        var sizes: [Int] = []
        var books: [PagingExamples.Book] = []
        while let current = request, sizes.count < 10 {
            let page = try await repository.fetch(current)
            sizes.append(page.items.count)
            books += page.items
            request = page.next
        }
        #expect(books == PagingExamples.PretendAPI.all)
        return sizes
    }

    @Test func everyStrategyReadsThe45BooksIn3Pages() async throws {
        let api = PagingExamples.PretendAPI()
        #expect(try await pageSizes(PagingExamples.byOffset(api)) == [20, 20, 5])
        #expect(try await pageSizes(PagingExamples.byPageNumber(api)) == [20, 20, 5])
        #expect(try await pageSizes(PagingExamples.byPageNumberWithTotal(api)) == [20, 20, 5])
        #expect(try await pageSizes(PagingExamples.byCursor(api)) == [20, 20, 5])
        #expect(try await pageSizes(PagingExamples.byLinkHeader(api)) == [20, 20, 5])
    }

    @Test func theArticlesExamplesAreTheOnesCompiledHere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/Lister/Lister.docc/PagingAndSections.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let section = try #require(article.range(of: "### Each paging strategy")).upperBound
        let end = article.range(of: "\n### ", range: section..<article.endIndex)?.lowerBound ?? article.endIndex
        let blocks = article[section..<end].components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "\n```")[0] }
        #expect(blocks.count == 6)
        for block in blocks {
            // The file indents the repositories by eight spaces (inside a function).
            let indented = block.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
            #expect(source.contains(indented) || source.contains(block), "not compiled here:\n\(block)")
        }
    }
}
