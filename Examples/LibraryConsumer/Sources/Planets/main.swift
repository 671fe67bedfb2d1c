import Lister

struct Planet: Identifiable, Sendable {
    let id: Int
    let name: String
}

/// A pretend server: slow, closed on the first call, and a new planet on each later one.
actor Observatory {
    private var calls = 0

    func planets() async throws -> [Planet] {
        calls += 1
        try await Task.sleep(for: .milliseconds(600))
        if calls == 1 { throw ListError("the observatory is closed for the night") }
        let names = ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"]
        return names.prefix(calls + 2).enumerated().map { Planet(id: $0, name: $1) }
    }
}

struct Planets: ListScreen {
    let title = "Planets"
    let observatory = Observatory()

    nonisolated func load() async throws -> [Planet] {
        try await observatory.planets()
    }

    func row(_ planet: Planet, context: RowContext) -> Text {
        Text(planet.name)
    }
}

/// A pretend catalogue that pages: slow, and answers by limit and offset.
enum Catalogue {
    static func planets(limit: Int, offset: Int) async throws -> [Planet] {
        try await Task.sleep(for: .milliseconds(400))
        let names = ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"]
        return names.enumerated().dropFirst(offset).prefix(limit).map { Planet(id: $0, name: $1) }
    }
}

struct PagedPlanets: PagedListScreen {
    let title = "Planets"
    let pages = PaginatedRepository(.limitOffset(limit: 3)) { request in
        try await Catalogue.planets(limit: request.limit, offset: request.offset)
    }

    func row(_ planet: Planet, context: RowContext) -> Text {
        Text(planet.name)
    }
}

do {
    let outcome = try ListerApp.run(PagedPlanets())
    print("Bye (\(outcome.exitStatus))")
} catch {
    print("Planets: \(error)")
}
