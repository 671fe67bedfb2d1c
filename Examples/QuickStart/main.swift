// The README's quick start (a test keeps the two identical): a list that loads slowly, with
// spinner, error and retry, refresh, navigation and help from the framework.
import Lister

struct Planet: Identifiable, Sendable {
    let id: Int
    let name: String
}

struct Planets: ListScreen {
    let title = "Planets"

    nonisolated func load() async throws -> [Planet] {  // off the main actor, cancellable
        try await Task.sleep(for: .milliseconds(500))     // a slow source
        return ["Mercury", "Venus", "Earth", "Mars"].enumerated().map { Planet(id: $0, name: $1) }
    }

    func row(_ planet: Planet, context: RowContext) -> Text { Text(planet.name) }
}

do {
    let outcome = try ListerApp.run(Planets())  // restores the terminal on every way out
    print("Bye (\(outcome.exitStatus))")
} catch {
    print("QuickStart: \(error)")  // not started from a terminal, or TERM names an unknown one
}
