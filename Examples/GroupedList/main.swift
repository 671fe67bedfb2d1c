// A grouped list: contacts under a header per initial, the header of the section at the
// top staying put while you scroll. The API pages by cursor, so this is also how to use
// the cursor strategy; grouping and paging combine.
import Lister

struct Contact: Identifiable, Sendable {
    let id: Int
    let name: String
}

/// A pretend server: contacts sorted by name, 15 a page, each page naming the next.
enum API {
    static let everyone = ["Ada", "Alan", "Alonzo", "Barbara", "Brian", "Claude", "Dennis", "Donald",
                           "Edsger", "Frances", "Grace", "Guido", "Hedy", "Ivan", "John", "Ken",
                           "Leslie", "Linus", "Margaret", "Niklaus", "Radia", "Richard", "Tony", "Yukihiro"]
        .flatMap { first in ["Smith", "Jones", "Lee"].map { "\(first) \($0)" } }
        .sorted()

    static func contacts(after cursor: Int?) async throws -> (contacts: [Contact], next: Int?) {
        try await Task.sleep(for: .milliseconds(300))
        let start = cursor ?? 0
        let end = min(start + 15, everyone.count)
        let page = (start..<end).map { Contact(id: $0, name: everyone[$0]) }
        return (page, end < everyone.count ? end : nil)
    }
}

struct Contacts: PagedListScreen, GroupedListScreen {
    let title = "Contacts"
    let pages = PaginatedRepository(.cursor()) { (cursor: Int?) in
        let response = try await API.contacts(after: cursor)
        return CursorPage(response.contacts, next: response.next)
    }

    func sectionTitle(for contact: Contact) -> String { String(contact.name.prefix(1)) }
    func row(_ contact: Contact, context: RowContext) -> Text { Text(contact.name) }
}

do {
    let outcome = try ListerApp.run(Contacts())
    print("Bye (\(outcome.exitStatus))")
} catch {
    print("GroupedList: \(error)")  // not started from a terminal, or TERM names an unknown one
}
