// A sectioned list: three shelves, each loaded on its own. "Poetry" is slow and "Drama"
// fails the first time: the other shelves show their books meanwhile, and r on the
// failed row retries that shelf only.
import Lister

struct Book: Identifiable, Sendable {
    let id: String
    let title: String
}

/// A pretend server with one slow shelf and one that fails once.
actor Library {
    private var dramaCalls = 0

    func books(on shelf: String) async throws -> [Book] {
        try await Task.sleep(for: shelf == "Poetry" ? .seconds(2) : .milliseconds(500))
        if shelf == "Drama" {
            dramaCalls += 1
            if dramaCalls == 1 { throw ListError("the Drama shelf is being dusted") }
        }
        return (1...12).map { Book(id: "\(shelf)-\($0)", title: "\(shelf) book \($0)") }
    }
}

struct Shelves: SectionedListScreen {
    let title = "Shelves"
    let library = Library()

    var sections: [ListSection<Book>] {
        ["Fantasy", "Poetry", "Drama"].map { shelf in
            ListSection(shelf) { [library] in try await library.books(on: shelf) }
        }
    }

    func row(_ book: Book, context: RowContext) -> Text { Text(book.title) }
}

do {
    let outcome = try ListerApp.run(Shelves())
    print("Bye (\(outcome.exitStatus))")
} catch {
    print("Sections: \(error)")  // not started from a terminal, or TERM names an unknown one
}
