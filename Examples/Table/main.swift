// A sortable table: `s` sorts by the next column, `S` reverses, a click on a title sorts by
// it; `<` `>` scroll the columns sideways when they do not fit, the name staying in view.
import Lister

struct Planet: Identifiable, Sendable {
    let name: String, moons: Int, radius: Double, rings: Bool
    var id: String { name }
}

struct Planets: TableScreen {
    let title = "Planets"
    nonisolated func load() async throws -> [Planet] {
        [Planet(name: "Mercury", moons: 0, radius: 2_439.7, rings: false), Planet(name: "Venus", moons: 0, radius: 6_051.8, rings: false),
         Planet(name: "Earth", moons: 1, radius: 6_371.0, rings: false), Planet(name: "Mars", moons: 2, radius: 3_389.5, rings: false),
         Planet(name: "Jupiter", moons: 95, radius: 69_911, rings: true), Planet(name: "Saturn", moons: 146, radius: 58_232, rings: true),
         Planet(name: "Uranus", moons: 28, radius: 25_362, rings: true), Planet(name: "Neptune", moons: 16, radius: 24_622, rings: true)]
    }
    var columns: [TableColumn<Planet>] {
        [TableColumn("Planet") { $0.name },
         TableColumn("Moons") { $0.moons },
         TableColumn("Radius (km)") { $0.radius }.text { Text("\(Int($0.radius.rounded()))") },
         TableColumn("Rings", width: .flexible) { $0.rings ? "yes" : "no" }]
    }
}

_ = try ListerApp.run(Planets())  // throws when not started from a terminal
