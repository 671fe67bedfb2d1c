// The README's quick start: a complete list screen that loads, with spinner, error and
// retry, refresh, navigation and help from the framework.
import Lister

struct Planet: Identifiable, Sendable {
    let id: Int
    let name: String
}

struct Planets: ListScreen {
    let title = "Planets"

    nonisolated func load() async throws -> [Planet] {
        try await Task.sleep(for: .milliseconds(500))  // a slow source
        return ["Mercury", "Venus", "Earth", "Mars"].enumerated().map { Planet(id: $0, name: $1) }
    }

    func row(_ planet: Planet, context: RowContext) -> Text { Text(planet.name) }
}

do {
    let outcome = try ListerApp.run(Planets())
    print("Bye (\(outcome.exitStatus))")
} catch {
    print("QuickStart: \(error)")  // not started from a terminal, or TERM names an unknown one
}
