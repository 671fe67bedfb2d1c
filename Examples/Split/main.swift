// Two lists on one screen, side by side, each loading on its own: the planets come slowly
// (a spinner first), the moons fail once (`r` retries). Tab moves the focus between them;
// keys, the status bar and Enter belong to the focused list. Enter opens a few facts.
import Lister
import Synchronization

struct Body: Identifiable, Sendable {
    let id: String
    let facts: [String]
}

struct Planets: ListScreen {
    let title = "Planets"

    nonisolated func load() async throws -> [Body] {
        try await Task.sleep(for: .milliseconds(1500))  // a slow source: the spinner shows
        return [("Mercury", "88 days a year"), ("Venus", "243 days a day"), ("Earth", "1 moon"),
                ("Mars", "2 moons"), ("Jupiter", "95 moons")].map { Body(id: $0, facts: [$1]) }
    }

    func row(_ planet: Body, context: RowContext) -> Text { Text(planet.id) }
    func open(_ planet: Body) -> OpenResult { .screen(Facts(body: planet)) }
}

/// Counts the moons' loads: the first one fails, as a flaky server would.
final class Attempts: Sendable {
    let count = Mutex(0)
}

struct Moons: ListScreen {
    let title = "Moons"
    let attempts = Attempts()

    nonisolated func load() async throws -> [Body] {
        if attempts.count.withLock({ $0 += 1; return $0 }) == 1 {
            throw ListError("The moon server did not answer", isRetryable: true)
        }
        return [("Moon", "Earth"), ("Phobos", "Mars"), ("Deimos", "Mars"), ("Io", "Jupiter"),
                ("Europa", "Jupiter"), ("Ganymede", "Jupiter"), ("Callisto", "Jupiter"),
                ("Titan", "Saturn")].map { Body(id: $0, facts: ["moon of \($1)"]) }
    }

    func row(_ moon: Body, context: RowContext) -> Text { Text(moon.id) }
    func open(_ moon: Body) -> OpenResult { .screen(Facts(body: moon)) }
}

/// A line of facts: its text is its identity.
struct Fact: Identifiable, Sendable, CustomStringConvertible {
    let id: String
    var description: String { id }
}

struct Facts: ListScreen {
    let body: Body
    var title: String { body.id }

    nonisolated func load() async throws -> [Fact] { body.facts.map(Fact.init) }
}

do {
    _ = try ListerApp.run(SplitScreen("Sky", panes: [Planets(), Moons()]))
} catch {
    print("Split: \(error)")  // not started from a terminal, or TERM names an unknown one
}
