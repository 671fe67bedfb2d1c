import TerminalCore

/// One section of a ``SectionedListScreen``: a title and a loader of its own.
///
/// ```swift
/// ListSection("Fantasy") { try await api.books(genre: "fantasy") }
/// ```
public struct ListSection<Item: Sendable>: Sendable, Identifiable {
    /// Identifies the section among its siblings (the title unless given).
    public var id: String
    /// The header text.
    public var title: String
    /// Loads the section's items; runs off the main actor, cancelled when no longer wanted.
    public var load: @Sendable () async throws -> [Item]

    /// Creates a section.
    /// - Parameters:
    ///   - title: the header text.
    ///   - id: identifies the section; the title when nil.
    ///   - load: loads the section's items.
    public init(_ title: String, id: String? = nil, load: @escaping @Sendable () async throws -> [Item]) {
        self.id = id ?? title
        self.title = title
        self.load = load
    }
}

/// A screen of sections, each with its own loader and its own state (loading, empty,
/// error, loaded), so one slow or failing section does not hold up the others.
///
/// Each section is drawn as a header and then its rows, or one row for its state: a
/// spinner while it loads, its error with "r to retry", or a dimmed "nothing here". The
/// header of the section scrolled under the first line stays there (sticky). Navigation
/// skips headers and empty sections but stops on a loading or failed section's row, where
/// `r` retries that section only; elsewhere `r` refreshes every section behind its rows
/// and `R` reloads them all. PgUp/PgDn and g/G work across sections.
///
/// ```swift
/// struct Library: SectionedListScreen {
///     let title = "Library"
///     var sections: [ListSection<Book>] {
///         ["Fantasy", "Poetry"].map { genre in ListSection(genre) { try await api.books(genre: genre) } }
///     }
///     func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
/// }
/// ```
@MainActor
public protocol SectionedListScreen: Screen, SectionedListScreenOptions {
    /// The items of the sections; identity keeps the selection while sections load.
    associatedtype Item: Identifiable & Sendable
    /// The view of one row.
    associatedtype Row: View

    /// The sections, in order. Read once, when the screen appears.
    var sections: [ListSection<Item>] { get }

    /// Draws one row: a single line unless ``SectionedListScreenOptions/rowHeight`` says otherwise.
    func row(_ item: Item, context: RowContext) -> Row

    /// What Enter on `item` opens. By default nothing.
    func open(_ item: Item) -> OpenResult

    /// Keys this screen handles itself, with their help; none by default. The screen an
    /// action returns replaces this one, and its sections refresh.
    var actions: [ScreenAction<Self>] { get }

    // MARK: Rarely changed, each with a default (the others are in SectionedListScreenOptions)

    /// The row of a section that is loading; by default a spinner once its delay has
    /// passed (`frame` is nil before), so a fast section never flashes one.
    func sectionLoadingRow(_ section: ListSection<Item>, frame: Int?) -> Text

    /// The row of a section whose load failed; by default the error and "r to retry".
    func sectionErrorRow(_ section: ListSection<Item>, error: ListError) -> Text

    /// The row of a section with no items; by default "Nothing in <title>", dimmed.
    func sectionEmptyRow(_ section: ListSection<Item>) -> Text

    /// The text `/` searches for `item`: by default the text of its row.
    func filterText(_ item: Item) -> String
}

extension SectionedListScreen {
    public func open(_ item: Item) -> OpenResult { .nothing }

    public var actions: [ScreenAction<Self>] { [] }

    public func sectionLoadingRow(_ section: ListSection<Item>, frame: Int?) -> Text {
        guard let frame else { return Text("") }
        let glyph = Spinner.frames[frame % Spinner.frames.count]
        return Text(glyph, style: Style(foreground: .cyan)) + Text(" Loading \(section.title)…").dim()
    }

    public func sectionErrorRow(_ section: ListSection<Item>, error: ListError) -> Text {
        Text("✗ ", style: Style(foreground: .red)) + Text(error.message) + Text(error.isRetryable ? KeyHints.retry.map { " · \($0) to retry" } ?? "" : "").dim()
    }

    public func sectionEmptyRow(_ section: ListSection<Item>) -> Text {
        Text("Nothing in \(section.title)").dim()
    }

    public func filterText(_ item: Item) -> String {
        (row(item, context: RowContext(index: 0, isSelected: false)) as? Text)?.plainText ?? String(describing: item)
    }
}

/// What a ``SectionedListScreen`` may change beyond its rows, each with a default that most
/// screens keep: the section header, whether Enter picks, and the timeout. The same names
/// as a list's (``ListScreenOptions``) for the same things.
///
/// Conform to ``SectionedListScreen``, never to this protocol alone. None of these names
/// the screen's items (the rows of a section's states, which do, are at the end of
/// ``SectionedListScreen``).
@MainActor
public protocol SectionedListScreenOptions: Screen {
    /// The header row of a section. By default the title in bold.
    func sectionHeader(_ title: String) -> Text

    /// Whether Enter picks the item and ends the app. By default `.none`.
    var pickMode: PickMode { get }

    /// How long a section's load may bring nothing before it fails as timed out (30 s by
    /// default); nil waits for ever.
    var timeout: Duration? { get }

    /// How many lines an item's row takes: one by default; `.uniform(n)` or
    /// `.measured(limit:)` as for a ``ListScreen``. Headers and state rows take one.
    var rowHeight: RowHeight { get }
}

extension SectionedListScreenOptions {
    public func sectionHeader(_ title: String) -> Text {
        Text(title, style: Style(foreground: .cyan, attributes: .bold))
    }

    public var pickMode: PickMode { .none }

    public var timeout: Duration? { .seconds(30) }

    public var rowHeight: RowHeight { .uniform(1) }
}

extension SectionedListScreen where Item: CustomStringConvertible {
    /// Rows show the item's description when a screen does not say otherwise.
    public func row(_ item: Item, context: RowContext) -> Text { Text(item.description) }
}
