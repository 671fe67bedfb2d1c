import Lister
import ListerTestSupport
import TerminalCore

// The sectioned screen of the chaos test: three sections, each with a loader of its own.

/// A screen of sections whose loads the test answers one section at a time.
struct ChaosSections: SectionedListScreen {
    /// The sections' titles, in order.
    nonisolated static let titles = ["North", "South 東京", "East"]

    let world: ChaosWorld
    let observer: ChaosObserver
    let instance: Int
    var title: String { ChaosKind.sections.rawValue }
    var timeout: Duration? { world.pagedTimeout }

    var sections: [ListSection<ChaosItem>] {
        Self.titles.indices.map { index in
            let loader = world.sections[index]
            return ListSection(Self.titles[index]) { try await loader.load() }
        }
    }

    func row(_ item: ChaosItem, context: RowContext) -> Text { Text(item.title) }

    func open(_ item: ChaosItem) -> OpenResult {
        .screen(ChaosDetailScreen(world: world, observer: observer, instance: observer.newInstance(), item: item))
    }
}
