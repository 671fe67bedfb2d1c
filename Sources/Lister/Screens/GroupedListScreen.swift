import TerminalCore

/// A list screen whose rows are grouped under section headers by a key of each item (a
/// flat list drawn in sections).
///
/// A header is drawn wherever the key changes, so a list sorted by the key has one header
/// per key; items keep their order (a paged list's later pages never move earlier rows).
/// The header of the section scrolled under the first line stays there (sticky).
/// Navigation moves over items only; PgUp/PgDn and g/G work across sections. A screen can be
/// paged and grouped at once.
///
/// ```swift
/// struct Contacts: GroupedListScreen {
///     let title = "Contacts"
///     nonisolated func load() async throws -> [Contact] {
///         try await api.contacts().sorted { $0.name < $1.name }
///     }
///     func sectionTitle(for contact: Contact) -> String { String(contact.name.prefix(1)) }
///     func row(_ contact: Contact, context: RowContext) -> Text { Text(contact.name) }
/// }
/// ```
@MainActor
public protocol GroupedListScreen: ListScreen {
    /// The title of the section `item` belongs to; consecutive items with the same title
    /// share a header.
    func sectionTitle(for item: Item) -> String

    /// The header row of a section. By default the title in bold.
    func sectionHeader(_ title: String) -> Text
}

extension GroupedListScreen {
    public func sectionHeader(_ title: String) -> Text {
        Text(title, style: Style(foreground: .cyan, attributes: .bold))
    }

    /// The sections of `items`, if they are this screen's items.
    func sectionIndex(ofAny items: Any) -> SectionIndex? {
        guard let items = items as? ItemList<Item> else { return nil }
        return SectionIndex(items, title: sectionTitle(for:))
    }
}
