import Foundation
import Lister
import ListerSources
import ListerTestSupport
import Synchronization
import TerminalCore

/// `lister lines --follow FILE` headless: ``FollowScreen`` whose feed (the real
/// file follower) says that it is parked while it waits for the file to grow, so that
/// `HeadlessApp.settle()` returns while nothing is written (a feed that never parks keeps
/// it waiting forever). Everything else is the real screen's.
struct ParkedFollowScreen: LiveListScreen {
    /// The screen run by `lister lines --follow`.
    let follow: FollowScreen
    /// The lines the feed has delivered (the count of its latest snapshot).
    let delivered: LineCount

    var title: String { follow.title }
    var pickMode: PickMode { follow.pickMode }
    var emptyMessage: String { follow.emptyMessage }
    var followsEnd: Bool { follow.followsEnd }

    nonisolated func load() async throws -> LineStore { try await follow.load() }

    nonisolated func changes() -> some AsyncSequence<ListChange<Line>, any Error> & Sendable {
        ParkedWhileWaiting(base: follow.changes(), delivered: delivered)
    }

    func row(_ line: Line, context: RowContext) -> Text { follow.row(line, context: context) }
    func filterQuery(_ text: String) -> FilterQuery { follow.filterQuery(text) }
    func filterSource(for items: ItemList<Line>) -> (any FilterableText)? { follow.filterSource(for: items) }
}

/// How many lines a feed has delivered, read by the test while the feed runs.
final class LineCount: Sendable {
    private let value = Mutex(0)

    /// The count of the latest snapshot delivered.
    var count: Int { value.withLock { $0 } }

    /// Records a snapshot's count.
    func set(_ count: Int) { value.withLock { $0 = count } }
}

/// `base`'s changes, reported to the runtime as parked (a test waits on them) while `base`
/// waits for the next one; the count of each snapshot (`grow`, `replaceAll`) goes to
/// `delivered`.
struct ParkedWhileWaiting<Base: AsyncSequence & Sendable, Item: Identifiable & Sendable>: AsyncSequence, Sendable
where Base.Element == ListChange<Item> {
    let base: Base
    let delivered: LineCount

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), delivered: delivered) }

    /// Reports parked around each wait of `base`'s iterator.
    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let delivered: LineCount

        mutating func next() async throws -> ListChange<Item>? {
            // Resumed before the count is set: a test that sees the count and then settles
            // waits for the change to reach the runtime (the feed parks again after it).
            let probe = LoadProbe.current
            probe?.report(parked: true)
            let change: ListChange<Item>?
            do {
                change = try await base.next()
            } catch {
                probe?.report(parked: false)
                throw error
            }
            probe?.report(parked: false)
            switch change {
            case .grow(let items), .replaceAll(let items): delivered.set(items.count)
            default: break
            }
            return change
        }
    }
}

/// `lister watch` headless: ``WatchScreen`` whose feed says that it is parked while it
/// waits for the interval to pass and the command to run (as ``ParkedFollowScreen``).
struct ParkedWatchScreen: LiveListScreen {
    /// The screen run by `lister watch`.
    let watch: WatchScreen
    /// The lines of the latest run the feed delivered.
    let delivered: LineCount

    var title: String { watch.title }
    var pickMode: PickMode { watch.pickMode }
    var emptyMessage: String { watch.emptyMessage }

    nonisolated func load() async throws -> WatchOutput { try await watch.load() }

    nonisolated func changes() -> some AsyncSequence<ListChange<WatchLine>, any Error> & Sendable {
        ParkedWhileWaiting(base: watch.changes(), delivered: delivered)
    }

    func row(_ line: WatchLine, context: RowContext) -> Text { watch.row(line, context: context) }
    func filterSource(for items: ItemList<WatchLine>) -> (any FilterableText)? { watch.filterSource(for: items) }
}
