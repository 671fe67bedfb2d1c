import Lister
import TerminalCore

/// `lister demo sections`: the library by genre, each genre a section with its own loader,
/// so one slow or failing genre does not hold up the others.
///
/// Sections take a little longer each (the latency grows by a quarter per section), so
/// they visibly arrive one by one; `--fail-page N` fails section N once.
package struct BookSectionsScreen: SectionedListScreen {
    package let sections: [ListSection<DemoBook>]

    /// Creates the screen with the demo's options.
    package init(options: DemoOptions = DemoOptions()) {
        let genres = (try? BookData.genres()) ?? []
        sections = genres.enumerated().map { index, genre in
            var staggered = options
            staggered.latency = options.latency + options.latency * index / 4
            let policy = DemoLoadPolicy(options: staggered, screenName: "section-\(genre)")
            return ListSection(genre) {
                let books = try BookData.books().filter { $0.genre == genre }
                return try await policy.run(books, page: index + 1, unit: "section")
            }
        }
    }

    package var title: String { "Books by genre" }

    package func row(_ book: DemoBook, context: RowContext) -> Text {
        Text(book.title) + Text("  \(book.author), \(book.yearText)").dim()
    }
}
