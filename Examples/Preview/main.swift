// A list with a preview pane: the selected planet's facts load beside the list, after the
// selection rests, and a failed load offers retry. `p` hides the pane.
import Lister

struct Planet: Identifiable, Sendable {
    let id: Int
    let name: String
}

struct Planets: ListScreen {
    let title = "Planets"

    nonisolated func load() async throws -> [Planet] {
        ["Mercury", "Venus", "Earth", "Mars", "Jupiter"].enumerated().map { Planet(id: $0, name: $1) }
    }

    func row(_ planet: Planet, context: RowContext) -> Text { Text(planet.name) }

    var previewPlacement: PreviewPlacement? { .right(.percent(60)) }

    func preview(_ planet: Planet, context: ListContext<Self>) -> Preview? {
        Preview(key: planet.id, debounce: .milliseconds(100)) {
            try await Task.sleep(for: .milliseconds(300))  // a slow source
            return PreviewText("\(planet.name)\nplanet number \(planet.id + 1) from the Sun")
        }
    }
}

do {
    _ = try ListerApp.run(Planets())
} catch {
    print("Preview: \(error)")  // not started from a terminal, or TERM names an unknown one
}
