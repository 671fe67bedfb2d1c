import TerminalCore

/// Hosts a ``ListScreen``: owns its ``ListModel``, runs its loads, draws its body.
@MainActor
final class ListHost<S: ListScreen>: ScreenHost {
    let id: Int
    let screen: S
    private(set) var model: ListModel<S.Item>
    private unowned let scheduler: any LoadScheduler

    init(id: Int, screen: S, timing: LoadTiming, scheduler: any LoadScheduler) {
        self.id = id
        self.screen = screen
        self.scheduler = scheduler
        if let initial = screen.initialItems {
            model = ListModel(items: ItemList(initial), timing: timing)
        } else {
            model = ListModel(timing: timing)
        }
    }

    var title: String { screen.title }
    var isPicker: Bool { screen.pickMode != .none }
    var isLoading: Bool { model.isLoadInFlight }

    func appear(now: Duration) {
        if case .idle = model.state {
            run(model.load(now: now))
        } else if screen.canReload {
            run(model.refresh(now: now))  // initial items shown; the rest loads behind them
        }
    }

    func perform(_ command: Command, pageSize: Int, now: Duration) -> HostResponse {
        let before = (model.selection, model.scrollOffset)
        switch command {
        case .up: model.move(by: -1)
        case .down: model.move(by: 1)
        case .pageUp: model.move(by: -max(1, pageSize - 1))
        case .pageDown: model.move(by: max(1, pageSize - 1))
        case .top: model.select(0)
        case .bottom: model.select(model.count - 1)
        case .refresh, .reload:
            guard screen.canReload else { return .hint("This input cannot be read again") }
            run(command == .reload ? model.load(now: now) : model.refresh(now: now))
            return .handled(changed: true)
        case .open:
            guard let item = model.selectedItem else { return .hint("Nothing to open") }
            if screen.pickMode != .none { return .pick([item]) }
            switch screen.open(item) {
            case .nothing: return .hint("Nothing to open here")
            case .screen(let next): return .push(next)
            }
        default:
            return .handled(changed: false)
        }
        return .handled(changed: before != (model.selection, model.scrollOffset))
    }

    func receive(generation: Int, payload: any Sendable, now: Duration) -> Bool {
        guard let result = payload as? Result<ItemList<S.Item>, ListError> else { return false }
        return model.receive(result, generation: generation, now: now)
    }

    func advance(to now: Duration) -> Bool { model.advance(to: now) }

    func nextDeadline(after now: Duration) -> Duration? { model.nextDeadline(after: now) }

    func layout(listHeight: Int) {
        let footerRows = screen.footer(ListContext(screen: screen, model: model, now: .zero)) == nil ? 0 : 1
        model.layout(height: listHeight, footerRows: footerRows)
    }

    func render(in rect: Rect, buffer: inout Buffer, now: Duration) {
        screen.body(ListContext(screen: screen, model: model, now: now)).render(in: rect, buffer: &buffer)
    }

    func cancelAll() { run(model.cancel()) }

    func status(now: Duration) -> (position: String, state: String) {
        let position = model.count == 0 ? "0/0" : "\(model.selection + 1)/\(model.count)"
        let state: String
        switch model.state {
        case .idle, .loading: state = "loading"
        case .error: state = "error"
        case .empty, .loaded:
            if model.isRefreshing {
                state = "refreshing"
            } else if let error = model.refreshError {
                state = "refresh failed: \(error.message)"
            } else {
                state = ""
            }
        }
        return (position, state)
    }

    private func run(_ effects: [ListModel<S.Item>.Effect]) {
        for effect in effects {
            switch effect {
            case .startLoad(let generation):
                let screen = self.screen
                scheduler.startLoad(screen: id, generation: generation) {
                    do {
                        let items = try await screen.load()
                        try Task.checkCancellation()
                        return Result<ItemList<S.Item>, ListError>.success(ItemList(items))
                    } catch {
                        return Result<ItemList<S.Item>, ListError>.failure(ListError(error))
                    }
                }
            case .cancelLoad(let generation):
                scheduler.cancelLoad(screen: id, generation: generation)
            }
        }
    }
}
