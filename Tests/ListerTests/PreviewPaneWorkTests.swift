@testable import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// Fruits whose preview is made at once: ten lines, counting how often they are made.
@MainActor
private struct MadePreviews: ListScreen {
    var title = "Fruits"
    var placement: PreviewPlacement? = .right()
    let made: Counter

    nonisolated func load() async throws -> [Fruit] { [] }
    func row(_ fruit: Fruit, context: RowContext) -> Text { Text(fruit.name) }
    var previewPlacement: PreviewPlacement? { placement }

    func preview(_ fruit: Fruit, context: ListContext<Self>) -> Preview? {
        let made = self.made
        return .immediate(key: fruit.id) {
            made.add()
            return PreviewText(lines: (1...10).map { Text("line \($0)") })
        }
    }
}

/// Counts calls from a preview's `make`.
private final class Counter: @unchecked Sendable {
    // Only the main actor calls `add` (an immediate preview is made in the frame or for a
    // key), so the count is never touched from two threads at once.
    private(set) var count = 0
    func add() { count += 1 }
}

/// The preview pane's work, done by ``PreviewHostState`` with the context the host passes
/// (PreviewHostState+Pane.swift), without a host.
@MainActor
@Suite struct PreviewPaneWorkTests {
    private let app = HeadlessApp(root: FruitScreen(loader: ScriptedLoader()))
    private let made = Counter()
    private let fruits = (1...3).map { Fruit(id: $0, name: "fruit \($0)") }

    private func state(_ screen: MadePreviews) -> PreviewHostState {
        let contents = ContentRegistry(screen: 1, timing: LoadTiming(), scheduler: app.runtime)
        var state = PreviewHostState(contents: contents, preference: PreviewPreference(), placement: screen.placement)
        state.height = 4
        return state
    }

    @Test func theKeysScrollTheSelectedItemsPreviewMadeOnce() {
        let screen = MadePreviews(made: made)
        var state = state(screen)
        let context = ListContext(screen: screen, model: loadedModel(fruits), now: .zero)
        let down = state.perform(.previewDown, screen: screen, selected: fruits[0], context: { context })
        guard case .handled(changed: true) = down else { Issue.record("not scrolled: \(down)"); return }
        #expect(state.offset(for: ContentKey(1)) == 1)
        _ = state.perform(.previewPageDown, screen: screen, selected: fruits[0], context: { context })
        #expect(state.offset(for: ContentKey(1)) == 5 && made.count == 1)  // made once for its key
        let none = state.perform(.previewDown, screen: screen, selected: nil, context: { context })
        guard case .handled(changed: false) = none else { Issue.record("scrolled nothing: \(none)"); return }
    }

    @Test func hiddenOrMissingPanesSaySo() {
        let screen = MadePreviews(made: made)
        var state = state(screen)
        let context = ListContext(screen: screen, model: loadedModel(fruits), now: .zero)
        _ = state.perform(.togglePreview, screen: screen, selected: fruits[0], context: { context })
        #expect(!state.isShown && state.offers(.togglePreview, placement: screen.placement))
        #expect(!state.offers(.previewDown, placement: screen.placement))
        let hidden = state.perform(.previewDown, screen: screen, selected: fruits[0], context: { context })
        guard case .hint("The preview is hidden") = hidden else { Issue.record("\(hidden)"); return }
        let none = MadePreviews(placement: nil, made: made)
        let missing = state.perform(.togglePreview, screen: none, selected: fruits[0], context: { context })
        guard case .hint("This list has no preview") = missing else { Issue.record("\(missing)"); return }
        #expect(!state.offers(.togglePreview, placement: nil))
    }

    @Test func theBodyHasAPaneOnlyWhileShownAndLoaded() {
        let screen = MadePreviews(made: made)
        var state = state(screen)
        let loaded = ListContext(screen: screen, model: loadedModel(fruits), now: .zero)
        #expect(state.bodyView(loaded, selected: fruits[0], neighbours: { [] }) is Split)
        let loading = ListContext(screen: screen, model: ListModel<Fruit>(), now: .zero)
        #expect(!(state.bodyView(loading, selected: nil, neighbours: { [] }) is Split))
        state.toggle()
        #expect(!(state.bodyView(loaded, selected: fruits[0], neighbours: { [] }) is Split))
    }
}
