import Lister
import TerminalCore

/// One demo of `lister demo`.
package enum DemoName: String, CaseIterable, Sendable {
    case feed, books, sections, live

    /// What the demo shows, in a few words.
    package var summary: String {
        switch self {
        case .feed: return "a feed that loads; Enter opens a post"
        case .books: return "a library, 25 books a page, loaded as you scroll"
        case .sections: return "books by genre, each genre loading on its own"
        case .live: return "a feed that new posts keep arriving in"
        }
    }

    /// The demo's first screen with `options`.
    @MainActor
    package func screen(options: DemoOptions) -> any Screen {
        switch self {
        case .feed: return FeedScreen(options: options)
        case .books: return BooksScreen(options: options)
        case .sections: return BookSectionsScreen(options: options)
        case .live: return LiveFeedScreen(options: options)
        }
    }
}

/// `lister demo` without a name: a menu of the demos. A static list: it shows at once and
/// never loads; Enter opens a demo, Esc comes back.
package struct DemoMenuScreen: ListScreen {
    /// A row of the menu.
    package struct Entry: Identifiable, Hashable, Sendable {
        /// The demo the row opens.
        package let name: DemoName
        /// The demo's name.
        package var id: String { name.rawValue }
    }

    let options: DemoOptions

    /// Creates the menu; the demos it opens use `options`.
    package init(options: DemoOptions = DemoOptions()) {
        self.options = options
    }

    package var title: String { "Demos" }

    package var initialItems: [Entry]? { DemoName.allCases.map(Entry.init) }

    /// The menu is fixed: `r` and `R` have nothing to load.
    package var canReload: Bool { false }

    package nonisolated func load() async throws -> [Entry] { DemoName.allCases.map(Entry.init) }

    package func row(_ entry: Entry, context: RowContext) -> Text {
        Text(padded(entry.name.rawValue, to: 10)).bold() + Text(entry.name.summary).dim()
    }

    package func open(_ entry: Entry) -> OpenResult { .screen(entry.name.screen(options: options)) }

    /// `name` cut or padded with spaces to `width` characters (the names are ASCII).
    private func padded(_ name: String, to width: Int) -> String {
        String(name.prefix(width)) + String(repeating: " ", count: max(0, width - name.count))
    }
}
