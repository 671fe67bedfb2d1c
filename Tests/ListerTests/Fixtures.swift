import Lister
import ListerTestSupport
import TerminalCore

struct Fruit: Identifiable, Hashable, Sendable {
    let id: Int
    let name: String
}

let fruits = ["apple", "banana", "cherry", "damson", "elderberry", "fig", "grape"]
    .enumerated().map { Fruit(id: $0.offset, name: $0.element) }

struct FruitScreen: ListScreen {
    var title = "Fruit"
    let loader: ScriptedLoader<[Fruit]>
    var pickMode: PickMode = .none
    var canReload = true

    nonisolated func load() async throws -> [Fruit] { try await loader.load() }

    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
}

/// A model with `items` loaded, selection on `selected`.
func loadedModel(_ items: [Fruit], selected: Int = 0) -> ListModel<Fruit> {
    var model = ListModel<Fruit>()
    _ = model.load(now: .zero)
    model.receive(.success(ItemList(items)), generation: model.generation, now: .zero)
    model.select(selected)
    return model
}
