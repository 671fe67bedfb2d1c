import TerminalCore

/// Hosts a ``DetailScreen``: owns its ``DetailModel``, runs its loads, draws it.
@MainActor
final class DetailHost<S: DetailScreen>: ScreenHost, KeyedHost, MessageReceiver {
    /// What the detail's load brings back.
    enum Message: Sendable {
        case loaded(Result<S.Value, ListError>)
    }

    let id: Int
    var screen: S
    private(set) var model: DetailModel<S.Value>
    private unowned let scheduler: any LoadScheduler
    private var height = 0
    private var width = 0
    /// The content lines for a width, kept until the value or the width changes.
    private var cache: (width: Int, generation: Int, lines: [Text])?

    init(id: Int, screen: S, timing: LoadTiming, scheduler: any LoadScheduler) {
        self.id = id
        self.screen = screen
        self.scheduler = scheduler
        model = DetailModel(timing: timing)
    }

    var title: String { screen.title }
    var isPicker: Bool { false }
    var isLoading: Bool { model.loads.isInFlight }

    func appear(now: Duration) { run(model.load(now: now)) }

    /// The loaded content's lines at the current width.
    private var contentLines: [Text] {
        guard case .loaded(let value) = model.state else { return [] }
        if let cache, cache.width == width, cache.generation == model.loads.generation { return cache.lines }
        let lines = screen.content(value, width: width)
        cache = (width, model.loads.generation, lines)
        return lines
    }

    func perform(_ command: Command, now: Duration) -> HostResponse {
        let before = model.scrollOffset
        let count = contentLines.count
        if let move = Move(command, page: { _ in max(1, height - 1) }) {
            model.scroll(to: move.target(from: model.scrollOffset, count: count), lineCount: count, height: height)
            return .handled(changed: before != model.scrollOffset)
        }
        switch command {
        case .refresh, .reload:
            guard screen.canReload else { return .hint("This cannot be loaded again") }
            run(command == .reload ? model.load(now: now) : model.refresh(now: now))
            return .handled(changed: true)
        case .open, .drillIn:
            guard case .loaded(let value) = model.state, case .screen(let next) = screen.open(value) else {
                return .hint("Nothing to open here")
            }
            return .push(next)
        default:
            return .handled(changed: false)
        }
    }

    func offers(_ command: Command) -> Bool {
        switch command {
        case .up, .down, .pageUp, .pageDown, .top, .bottom: return true
        case .refresh, .reload: return screen.canReload
        case .open, .drillIn:
            // A detail never chooses: its `open` pushes a screen or does nothing.
            guard case .loaded(let value) = model.state, case .screen = screen.open(value) else { return false }
            return true
        default: return false
        }
    }

    func receive(_ message: Message, from load: LoadID, now: Duration) -> Bool {
        switch message {
        case .loaded(let result): return model.receive(result, generation: load.generation, now: now)
        }
    }

    func advance(to now: Duration) -> Bool { !model.loads.isSettled && model.advance(to: now) }

    func nextDeadline(after now: Duration) -> Duration? { model.loads.nextDeadline(after: now) }

    func layout(body: Rect) { height = body.height }

    func render(in rect: Rect, buffer: inout Buffer, regions: RegionMap, now: Duration) {
        width = rect.width
        var views: [any View]
        switch model.state {
        case .loaded:
            let lines = contentLines
            model.scroll(to: model.scrollOffset, lineCount: lines.count, height: rect.height)
            views = Array(lines.dropFirst(model.scrollOffset).prefix(rect.height))
        case .idle:
            views = screen.placeholder(width: rect.width)
        case .loading:
            views = screen.placeholder(width: rect.width)
            if model.loads.isSpinnerVisible {
                if !views.isEmpty { views.append(Text("")) }
                views.append(screen.loadingView(frame: model.loads.spinnerFrame(at: now)))
            }
        case .error(let error):
            views = screen.placeholder(width: rect.width)
            if !views.isEmpty { views.append(Text("")) }
            views.append(screen.errorView(error))
        }
        VStack(views).render(in: rect, buffer: &buffer)
    }

    func cancelAll() { run(model.cancel()) }

    func status(now: Duration) -> StatusLine {
        let count = contentLines.count
        var line = StatusLine(selected: count == 0 ? nil : min(count - 1, model.scrollOffset), of: count)
        switch model.state {
        case .idle, .loading: line.say(StatusLine.shownWord(isLoading: true, failed: false))
        case .error: line.say(StatusLine.shownWord(isLoading: false, failed: true))
        case .loaded:
            if model.isRefreshing {
                line.say(StatusLine.activityWord(.refreshing))
            } else if let error = model.refreshError {
                line.say(StatusLine.activityWord(.refreshFailed(error)))
            }
        }
        return line
    }

    private func run(_ effects: [LoadLifecycle<S.Value>.Effect]) {
        for effect in effects {
            switch effect {
            case .start(let generation):
                let screen = self.screen
                let reply = Reply(to: self)
                scheduler.startLoad(LoadID(screen: id, stream: .list, generation: generation)) {
                    let result: Result<S.Value, ListError>
                    do {
                        let value = try await screen.load()
                        try Task.checkCancellation()
                        result = .success(value)
                    } catch {
                        result = .failure(ListError(error))
                    }
                    return reply(.loaded(result), summary: LoadSummary(result))
                }
            case .cancel(let generation):
                scheduler.cancelLoad(LoadID(screen: id, stream: .list, generation: generation))
            }
        }
    }
}
