// A paged list: 200 articles from a slow API, 20 a page by limit and offset. Scrolling
// near the end loads the next page; the footer says "Loading more…" and finally
// "End of list · 200 items"; r refreshes from page 1, keeping the selected article.
import Lister

struct Article: Identifiable, Sendable {
    let id: Int
    let title: String
}

/// A pretend server: slow, and paged by limit and offset.
enum API {
    static func articles(limit: Int, offset: Int) async throws -> [Article] {
        try await Task.sleep(for: .milliseconds(400))
        return (offset..<min(offset + limit, 200)).map { Article(id: $0, title: "Article \($0 + 1)") }
    }
}

struct Articles: PagedListScreen {
    let title = "Articles"
    let pages = PaginatedRepository(.limitOffset(limit: 20)) { request in
        try await API.articles(limit: request.limit, offset: request.offset)
    }

    func row(_ article: Article, context: RowContext) -> Text { Text(article.title) }
}

do {
    let outcome = try ListerApp.run(Articles())
    print("Bye (\(outcome.exitStatus))")
} catch {
    print("PagedList: \(error)")  // not started from a terminal, or TERM names an unknown one
}
