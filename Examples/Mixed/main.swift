// A list of mixed kinds: shelf headings and notes between two-line books. Headings and
// notes are drawn but never selected: the keys, clicks and `/` pass over them.
import Lister

enum Entry: Identifiable, Sendable {
    case shelf(String), book(title: String, author: String), note(String)
    var id: String { "\(self)" }
}

struct Reading: ListScreen {
    let title = "Reading list"
    var rowHeight: RowHeight { .measured(limit: 2) }

    nonisolated func load() async throws -> [Entry] {
        [.shelf("Now"), .book(title: "Middlemarch", author: "George Eliot"), .note("(a chapter a day)"),
         .shelf("Next"), .book(title: "Bleak House", author: "Charles Dickens"),
         .book(title: "Kokoro", author: "Natsume Sōseki")]
    }

    func isSelectable(_ entry: Entry) -> Bool { if case .book = entry { true } else { false } }

    func row(_ entry: Entry, context: RowContext) -> Group {
        Group {
            switch entry {
            case .shelf(let name): Text(name).bold()
            case .book(let title, let author): VStack { Text(title); Text("  " + author).dim() }
            case .note(let text): Text("  " + text).dim()
            }
        }
    }
    func filterText(_ entry: Entry) -> String { "\(entry)" }
}

_ = try ListerApp.run(Reading())  // throws when not started from a terminal
