import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// A list whose body shows, above the rows, a line loaded for the selected fruit: async
/// content embedded in a body of the app's own, not a preview pane.
@MainActor
struct FruitWithOrigin: ListScreen {
    var title = "Fruits"
    let origins: ScriptedLoader<String>

    nonisolated func load() async throws -> [Fruit] {
        (1...10).map { Fruit(id: $0, name: "fruit \($0)") }
    }

    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }

    @ViewBuilder
    func body(_ context: ListContext<Self>) -> Group {
        let origins = self.origins
        context.asyncContent("origin", key: context.model.selectedItem?.id, debounce: .milliseconds(50)) { _ in
            try await origins.load()
        } content: { origin in
            Text("from \(origin)")
        }
        .height(1)
        standardBody(context)
    }
}

@MainActor
@Suite struct AsyncContentTests {
    let origins = ScriptedLoader<String>()

    @Test func contentInABodyFollowsTheSelection() async {
        let app = HeadlessApp(root: FruitWithOrigin(origins: origins), size: Size(rows: 8, columns: 30))
        await app.start()
        #expect(origins.callCount == 0)
        await app.advance(by: .milliseconds(50))
        origins.succeed("Spain")
        await app.settle()
        #expect(app.lines[1] == "from Spain")
        #expect(app.lines[2] == "fruit 1")
        await app.press(.down)
        #expect(app.lines[1] == "", "never the old fruit's origin")
        await app.advance(by: .milliseconds(50))
        origins.fail(ListError("no network"))
        await app.settle()
        #expect(app.lines[1] == "✗ Could not load this", "a one-line region shows the headline of its error")
        await app.press(.character("r"))
        origins.succeed("Chile")
        await app.settle()
        #expect(app.lines[1] == "from Chile")
    }

    @Test func theModelDebouncesCancelsAndDropsStaleResults() {
        var model = ContentModel<Int, String>(debounce: .milliseconds(100))
        var effects = model.show(1, now: .zero)
        #expect(effects.isEmpty)
        effects = model.show(2, now: .milliseconds(40))
        #expect(effects.isEmpty)
        effects = model.advance(to: .milliseconds(120)).effects
        #expect(effects.isEmpty, "the debounce starts again with each key")
        effects = model.advance(to: .milliseconds(140)).effects
        #expect(effects == [.start(key: 2, generation: 3)])
        effects = model.show(3, now: .milliseconds(150))
        #expect(effects == [.cancel(generation: 3)])
        let stale = model.receive(.success("two"), generation: 3, now: .milliseconds(160))
        #expect(!stale)
        #expect(model.state.value == nil)
        effects = model.advance(to: .milliseconds(250)).effects
        #expect(effects == [.start(key: 3, generation: 5)])
        let fresh = model.receive(.success("three"), generation: 5, now: .milliseconds(260))
        #expect(fresh)
        #expect(model.state.value == "three")
        effects = model.show(3, now: .milliseconds(270))
        #expect(effects.isEmpty, "the same key loads nothing")
        effects = model.refresh(now: .milliseconds(280))
        #expect(effects == [.start(key: 3, generation: 6)])
        #expect(model.state.value == "three", "a refresh keeps the value while it loads")
        let partial = model.receive(progress: "thr", generation: 6, now: .milliseconds(285))
        #expect(partial)
        #expect(model.state.value == "thr", "what came so far shows while the load goes on")
        #expect(model.loads.isInFlight)
        let stalePartial = model.receive(progress: "old", generation: 5, now: .milliseconds(286))
        #expect(!stalePartial)
        effects = model.show(nil, now: .milliseconds(290))
        #expect(effects == [.cancel(generation: 6)])
        #expect(model.isSettled)
    }
}
