@testable import Lister
import ListerTestSupport
import TerminalCore

// The screens and loaders of the chaos test (ChaosTests.swift): a menu (one-shot list)
// opening a paged list, a grouped list, a multiple picker, detail screens, a streaming list
// (ChaosStream.swift) and a sectioned screen (ChaosSections.swift). Every item
// and detail value carries the number of the loader call that produced it, so the test can
// tell which load the screen shows.

/// An item of the chaos screens: `id` is stable across loads (selection identity), `call`
/// is the loader call that brought it.
struct ChaosItem: Identifiable, Hashable, Sendable {
    let id: Int
    let call: Int
    let title: String
}

/// The value of a detail screen.
struct ChaosDetail: Sendable {
    let call: Int
    let lineCount: Int
}

/// The kinds of chaos screens; each has its own loader, and at most one screen of each
/// kind is on the stack at a time.
enum ChaosKind: String, CaseIterable, Sendable {
    case menu = "Menu", paged = "Paged", grouped = "Grouped", picker = "Picker", detail = "Detail"
    case stream = "Stream", sections = "Sections"

    /// What a menu item opens (streams and sections, with the most states, twice as often).
    static func opened(by id: Int) -> ChaosKind { [.paged, .grouped, .picker, .detail, .stream, .sections, .stream, .sections][id % 8] }
}

/// The loaders of one episode (one app from start to its outcome).
final class ChaosWorld: Sendable {
    let menu: ScriptedLoader<[ChaosItem]>
    let grouped: ScriptedLoader<[ChaosItem]>
    let picker: ScriptedLoader<[ChaosItem]>
    let paged: ScriptedEndpoint<LimitOffset, [ChaosItem]>
    let detail: ScriptedLoader<ChaosDetail>
    let stream: ChaosStream
    /// One loader per section of ``ChaosSections``; the kind `.sections` itself has none.
    let sections: [ScriptedLoader<[ChaosItem]>]
    let pageSize: Int
    let pagedTimeout: Duration?

    init(ignoresCancellation: Bool, pageSize: Int, pagedTimeout: Duration?) {
        menu = ScriptedLoader(ignoresCancellation: ignoresCancellation)
        grouped = ScriptedLoader(ignoresCancellation: ignoresCancellation)
        picker = ScriptedLoader(ignoresCancellation: ignoresCancellation)
        paged = ScriptedEndpoint(ignoresCancellation: ignoresCancellation)
        detail = ScriptedLoader(ignoresCancellation: ignoresCancellation)
        stream = ChaosStream(ignoresCancellation: ignoresCancellation)
        sections = ChaosSections.titles.map { _ in ScriptedLoader(ignoresCancellation: ignoresCancellation) }
        self.pageSize = pageSize
        self.pagedTimeout = pagedTimeout
    }

    /// Numbers of the calls of `kind`'s loader that wait for an answer, oldest first.
    func waiting(_ kind: ChaosKind) -> [Int] {
        switch kind {
        case .menu: menu.waitingCalls
        case .grouped: grouped.waitingCalls
        case .picker: picker.waitingCalls
        case .paged: paged.waitingCalls
        case .detail: detail.waitingCalls
        case .stream: stream.waitingCalls
        case .sections: []
        }
    }

    /// Numbers of the calls of `kind`'s loader that were cancelled.
    func cancelled(_ kind: ChaosKind) -> Set<Int> {
        switch kind {
        case .menu: Set(menu.cancelledCalls)
        case .grouped: Set(grouped.cancelledCalls)
        case .picker: Set(picker.cancelledCalls)
        case .paged: Set(paged.cancelledCalls)
        case .detail: Set(detail.cancelledCalls)
        case .stream: Set(stream.cancelledCalls)
        case .sections: []
        }
    }

    /// Waiting calls that were not cancelled: the loads someone still wants.
    func live(_ kind: ChaosKind) -> [Int] {
        let cancelled = cancelled(kind)
        return waiting(kind).filter { !cancelled.contains($0) }
    }

    /// How many calls `kind`'s loader has had (the newest call's number).
    func callCount(_ kind: ChaosKind) -> Int {
        switch kind {
        case .menu: menu.callCount
        case .grouped: grouped.callCount
        case .picker: picker.callCount
        case .paged: paged.requests.count
        case .detail: detail.callCount
        case .stream: stream.callCount
        case .sections: 0
        }
    }

    /// Fails call `call` of `kind`'s loader.
    func fail(_ kind: ChaosKind, call: Int, _ error: ListError) {
        switch kind {
        case .menu: menu.fail(error, call: call)
        case .grouped: grouped.fail(error, call: call)
        case .picker: picker.fail(error, call: call)
        case .paged: paged.fail(error, call: call)
        case .detail: detail.fail(error, call: call)
        case .stream: stream.fail(error, call: call)
        case .sections: preconditionFailure("sections have a loader each: world.sections")
        }
    }
}

/// What a list screen's body was drawn from: the model as the runtime gave it.
struct ChaosSnapshot {
    let kind: ChaosKind
    let instance: Int
    let items: [ChaosItem]
    let selection: Int
    let isLoading: Bool
    let isLoadInFlight: Bool
    let isRefreshing: Bool
    let isSpinnerVisible: Bool
    let paging: PagingStatus
    let revision: Int
    let filter: FilteredView?
    let marks: Set<Int>?
    /// The moment drawn.
    let now: Duration
    /// The errors shown: the list's, a page's, a refresh's.
    let errors: [ListError]
    /// The item selected before a stream replaced the rows, while the stream has not
    /// brought it back: the model selects it when it comes (internal to the model).
    var pendingSelection: Int?

    var isFiltering: Bool { filter?.engine.isFiltering == true }
    var selectedItem: ChaosItem? { items.indices.contains(selection) ? items[selection] : nil }
}

extension PagingStatus {
    /// The error of a failed page.
    var chaosError: ListError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}

/// The call an error of a chaos loader came from: its message ends with `(call N)`.
func chaosCall(of error: ListError) -> Int? {
    guard error.message.hasSuffix(")"), let start = error.message.range(of: "(call ", options: .backwards) else { return nil }
    return Int(error.message[start.upperBound...].dropLast())
}

/// Records what the chaos screens draw, for the invariants checked after each step.
@MainActor
final class ChaosObserver {
    private var serial = 0
    /// Snapshots of list bodies drawn since the step began, in order.
    var snapshots: [ChaosSnapshot] = []
    /// Detail contents worked out since the step began: (instance, call).
    var detailContents: [(instance: Int, call: Int)] = []
    /// Errors detail screens drew since the step began.
    var detailErrors: [(instance: Int, error: ListError)] = []

    /// A new number for a screen instance.
    func newInstance() -> Int {
        serial += 1
        return serial
    }

    func beginStep() {
        snapshots.removeAll(keepingCapacity: true)
        detailContents.removeAll(keepingCapacity: true)
        detailErrors.removeAll(keepingCapacity: true)
    }
}

/// The chaos list screens: a body that records its context and then draws as the default
/// body does; Enter opens a detail.
@MainActor
protocol ChaosList: ListScreen where Item == ChaosItem, Row == Text {
    var world: ChaosWorld { get }
    var observer: ChaosObserver { get }
    var instance: Int { get }
    var kind: ChaosKind { get }
}

extension ChaosList {
    var title: String { kind.rawValue }

    func row(_ item: ChaosItem, context: RowContext) -> Text { Text(item.title) }

    func body(_ context: ListContext<Self>) -> Group {
        let model = context.model
        guard !context.isDrawingAhead else { return standardBody(context) }  // not shown (yet)
        observer.snapshots.append(ChaosSnapshot(
            kind: kind, instance: instance, items: Array(model.state.items), selection: model.selection,
            isLoading: model.state.isLoading, isLoadInFlight: model.isLoadInFlight, isRefreshing: model.isRefreshing,
            isSpinnerVisible: context.isSpinnerVisible, paging: model.paging, revision: model.revision,
            filter: context.filter, marks: context.marks, now: context.now,
            errors: [model.state.error, model.refreshError, model.paging.chaosError, model.streamError].compactMap { $0 },
            pendingSelection: model.pendingSelectionID
        ))
        return standardBody(context)
    }

    func open(_ item: ChaosItem) -> OpenResult {
        .screen(ChaosDetailScreen(world: world, observer: observer, instance: observer.newInstance(), item: item))
    }
}

/// The root: a one-shot list whose rows open the other screens.
struct ChaosMenu: ChaosList {
    let world: ChaosWorld
    let observer: ChaosObserver
    let instance: Int
    var kind: ChaosKind { .menu }

    nonisolated func load() async throws -> [ChaosItem] { try await world.menu.load() }

    func open(_ item: ChaosItem) -> OpenResult {
        let next = observer.newInstance()
        switch ChaosKind.opened(by: item.id) {
        case .paged: return .screen(ChaosPaged(world: world, observer: observer, instance: next))
        case .grouped: return .screen(ChaosGrouped(world: world, observer: observer, instance: next))
        case .picker: return .screen(ChaosPicker(world: world, observer: observer, instance: next))
        case .stream: return .screen(ChaosStreamScreen(world: world, observer: observer, instance: next))
        case .sections: return .screen(ChaosSections(world: world, observer: observer, instance: next))
        case .menu, .detail: return .screen(ChaosDetailScreen(world: world, observer: observer, instance: next, item: item))
        }
    }
}

/// A paged list over a limit/offset endpoint.
struct ChaosPaged: ChaosList, PagedListScreen {
    let world: ChaosWorld
    let observer: ChaosObserver
    let instance: Int
    let pages: PaginatedRepository<ChaosItem, LimitOffset>
    var kind: ChaosKind { .paged }
    var timeout: Duration? { world.pagedTimeout }

    init(world: ChaosWorld, observer: ChaosObserver, instance: Int) {
        self.world = world
        self.observer = observer
        self.instance = instance
        pages = PaginatedRepository(.limitOffset(limit: world.pageSize), fetch: world.paged.fetch)
    }
}

/// A one-shot list grouped in sections of five ids.
struct ChaosGrouped: ChaosList, GroupedListScreen {
    let world: ChaosWorld
    let observer: ChaosObserver
    let instance: Int
    var kind: ChaosKind { .grouped }

    nonisolated func load() async throws -> [ChaosItem] { try await world.grouped.load() }

    func sectionTitle(for item: ChaosItem) -> String { "Section \(item.id / 5)" }
}

/// A multiple picker: Tab marks, Enter ends the app with the marked rows. Its rows take two
/// lines, so moves, pages, clicks, marks and the filter meet rows of several lines.
struct ChaosPicker: ChaosList {
    let world: ChaosWorld
    let observer: ChaosObserver
    let instance: Int
    var kind: ChaosKind { .picker }
    var pickMode: PickMode { .multiple }
    var rowHeight: RowHeight { .uniform(2) }

    nonisolated func load() async throws -> [ChaosItem] { try await world.picker.load() }
}

/// A detail screen: the item's title at once, then lines naming the call that loaded them.
struct ChaosDetailScreen: DetailScreen {
    let world: ChaosWorld
    let observer: ChaosObserver
    let instance: Int
    let item: ChaosItem
    var title: String { ChaosKind.detail.rawValue }

    nonisolated func load() async throws -> ChaosDetail { try await world.detail.load() }

    func placeholder(width: Int) -> [Text] { [Text(item.title).bold()] }

    func errorView(_ error: ListError) -> ErrorState {
        observer.detailErrors.append((instance, error))
        return ErrorState(headline: "Could not load \(title)", error: error)
    }

    func content(_ value: ChaosDetail, width: Int) -> [Text] {
        observer.detailContents.append((instance, value.call))
        return [Text("\(item.title) c\(value.call)").bold(), Text("")]
            + (0..<value.lineCount).map { Text("line \($0) of call \(value.call)") }
    }
}
