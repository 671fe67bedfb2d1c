import Logging
import TerminalCore

/// The app's event loop on the main actor.
///
/// It owns the screen stack, merges keys, resizes, signals, spinner ticks and load results
/// into one stream, applies each event, and draws only when something changed. Loads run
/// off the main actor on cancellable tasks; their results carry the generation of the load
/// and stale ones are dropped. With nothing animating it sleeps until the next event.
///
/// ```swift
/// let terminal = try NcursesTerminal.open()
/// let outcome = await Runtime(root: Feed(), terminal: terminal).run()
/// terminal.close()
/// ```
@MainActor
public final class Runtime {
    /// Something that reaches the loop.
    @_spi(Testing)
    public enum Event: Sendable {
        case terminal(TerminalEvent)
        case terminalClosed
        case loadFinished(LoadID, Delivery)
        /// A load in flight reported rows; the slot holds the newest report.
        case loadProgress(LoadID, ProgressSlot)
        case tick
        case wake
    }

    let terminal: any TerminalBackend
    let configuration: Configuration
    var stack: [any ScreenHost] = []
    private var nextScreenID = 0
    private(set) var showingHelp = false
    private var lastClick: (row: Int, at: Duration)?
    private(set) var hint: String?
    private var dirty = true
    private(set) var lastFrame: Buffer?
    /// Where the regions of the frame last composed were drawn: clicks go by it.
    let regions = RegionMap()
    /// Where the regions of frames drawn ahead go, so they never replace ``regions``.
    let regionsDrawnAhead = RegionMap()
    /// The frame before the last one, whose storage the next frame is drawn into: once the
    /// terminal has drawn the last frame nothing else holds it, so no frame allocates.
    private var spareFrame: Buffer?
    /// The header's cells and the titles and width they were drawn for: the breadcrumb is
    /// the same on nearly every frame, and drawing it cleans, measures and lays out text.
    private var header: (titles: [String], width: Int, cells: ContiguousArray<Cell>)?
    /// Whether the frames last offered to the terminal for the next keys were none.
    var preparedNothing = true
    /// Whether a job to draw ahead is queued on the main actor (``run()`` only).
    var drawAheadQueued = false
    private var loads: [LoadID: (task: Task<Void, Never>, startedAt: Duration)] = [:]
    /// Whether ``run()`` is running: terminal events are handled only then.
    private(set) var running = false
    /// The task that wakes the loop at the next deadline (``run()`` only).
    private var timer: (deadline: Duration, task: Task<Void, Never>)?
    /// Every event the loop handles; the loop waits for them on the main actor.
    private let continuation = EventChannel<Event>()
    private let probe: ProbeCounter

    /// The outcome, once the app has ended.
    public private(set) var outcome: Outcome?

    /// Time since the runtime started, as the loop sees it.
    @_spi(Testing) public var now: Duration = .zero

    /// Creates a runtime showing `root` on `terminal`.
    public init(root: some Screen, terminal: any TerminalBackend, configuration: Configuration = Configuration()) {
        self.terminal = terminal
        self.configuration = configuration
        probe = ProbeCounter(continuation: continuation)
        push(root)
    }

    // MARK: - Running

    /// Runs the app until it ends and returns how it ended. Never calls `exit`.
    public func run() async -> Outcome {
        let clock = ContinuousClock()
        let origin = clock.now
        let continuation = self.continuation
        // Terminal events are handled as calls, not through the loop: a task waiting for
        // them would be resumed through the global executor. Inside `MainLoop` a key is
        // read, handled and drawn without leaving the main thread.
        terminal.events.deliver { [weak self] event in
            guard let self, running else { return }
            now = clock.now - origin
            process(event.map { .terminal($0) } ?? .terminalClosed)
            // The loop only needs to run when the app ended or the next deadline moved.
            if outcome != nil || nextDeadline != timer?.deadline { continuation.yield(.wake) }
        }
        running = true
        start()
        while outcome == nil {
            if let deadline = nextDeadline {
                if timer?.deadline != deadline {
                    timer?.task.cancel()
                    let instant = origin + deadline
                    timer = (deadline, Task.detached {
                        try? await Task.sleep(until: instant, clock: .continuous)
                        if !Task.isCancelled { continuation.yield(.tick) }
                    })
                }
            } else if let pending = timer {
                pending.task.cancel()
                timer = nil
            }
            guard let event = await nextEvent() else { break }
            now = clock.now - origin
            if case .tick = event { timer = nil }
            process(event)
        }
        running = false
        timer?.task.cancel()
        timer = nil
        shutDown()
        return outcome ?? .interrupted(.hangup)
    }

    /// Shows the root screen, starts its load and draws the first frame.
    @_spi(Testing) public func start() {
        stack.last?.appear(now: now)
        render()
        drawAheadSoon()
    }

    /// The next event from the stream (for headless drivers).
    @_spi(Testing) public func nextEvent() async -> Event? {
        await continuation.next()
    }

    /// Loads started and not yet delivered, and how many of them are parked in a probe.
    @_spi(Testing) public var pendingLoads: (inFlight: Int, parked: Int) {
        (loads.count + probe.undeliveredReports, probe.parked)
    }

    /// The next moment something changes on its own, or nil when idle.
    @_spi(Testing) public var nextDeadline: Duration? {
        stack.compactMap { $0.nextDeadline(after: now) }.min()
    }

    /// Applies one event and draws if anything changed.
    @_spi(Testing) public func process(_ event: Event) {
        switch event {
        case .terminal(let terminalEvent):
            handle(terminalEvent)
            KeyTrace.mark(.handled)
        case .terminalClosed:
            outcome = outcome ?? .interrupted(.hangup)
        case .loadFinished(let load, let delivery):
            let started = loads.removeValue(forKey: load)
            let isShown = stack.contains { $0.id == load.screen }
            if load.stream.isLogged { logFinished(load, summary: delivery.summary, startedAt: started?.startedAt) }
            // A screen that was left takes nothing: its loads were cancelled with it.
            if isShown, delivery.apply(load, now) { dirty = true }
        case .loadProgress(let load, let slot):
            if let delivery = slot.take(), stack.contains(where: { $0.id == load.screen }), delivery.apply(load, now) {
                dirty = true
            }
        case .tick, .wake:
            break
        }
        for host in stack where host.advance(to: now) { dirty = true }
        KeyTrace.mark(.advanced)
        if outcome == nil { render() }
        drawAheadSoon()
    }

    // MARK: - Keys

    private func handle(_ event: TerminalEvent) {
        switch event {
        case .resize:
            dirty = true
        case .mouse(let mouse):
            handle(mouse)
        case .signal(let signal):
            outcome = .interrupted(signal)
        case .key(let key):
            if hint != nil {
                hint = nil
                dirty = true
            }
            if !showingHelp, let top = stack.last, let response = top.edit(key, now: now) {
                apply(response)  // typed into the screen's line (the filter)
                return
            }
            guard let command = configuration.keyMap.command(for: key) else { return }
            perform(command)
        }
    }

    /// Wheel scrolls three rows; a click selects; a second click on the same row soon after
    /// opens it; a click on a footer error row retries.
    private func handle(_ mouse: MouseEvent) {
        guard !showingHelp, let top = stack.last else { return }
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            for _ in 0..<3 { perform(mouse.kind == .wheelUp ? .up : .down) }
        case .press:
            // The list where the last frame drew it; a body that drew no list region (a
            // detail screen, a list view built by hand) takes clicks on all of its room.
            let point = mouse.position
            let list: Rect
            if let hit = regions.region(at: point) {
                guard hit.id == .list else { return }
                list = hit.rect
            } else {
                list = ScreenLayout(size: terminal.size).list
                guard regions.rect(of: .list) == nil, point.row >= list.top, point.row < list.bottom else { return }
            }
            let (row, response) = top.click(line: point.row - list.top, now: now)
            apply(response)
            if let row, let last = lastClick, last.row == row, now - last.at <= Self.doubleClickInterval {
                lastClick = nil
                perform(.open)
            } else {
                lastClick = row.map { (row: $0, at: now) }
            }
        }
    }

    /// The most time between the clicks of a double click.
    static let doubleClickInterval: Duration = .milliseconds(400)

    private func perform(_ command: Command) {
        guard let top = stack.last else { return }
        if showingHelp, ![.quit, .interrupt, .suspend, .redraw].contains(command) {
            if command == .help || command == .back { showingHelp = false; dirty = true }
            return
        }
        switch command {
        case .help:
            showingHelp = true
            dirty = true
        case .quit:
            outcome = top.isPicker ? .cancelled : .finished
        case .interrupt:
            outcome = .interrupted(.interrupt)
        case .suspend:
            terminal.suspend()
            dirty = true
        case .redraw:
            terminal.redraw()
            lastFrame = nil
            header = nil
            top.forgetDrawnRows()  // Ctrl-L draws everything from scratch
            dirty = true
        case .back:
            if top.closeLayer() {
                dirty = true
            } else if stack.count > 1 {
                stack.removeLast().cancelAll()
                dirty = true
            } else {
                outcome = top.isPicker ? .cancelled : .finished
            }
        case .parent:
            if stack.count > 1 {
                stack.removeLast().cancelAll()
                dirty = true
            }
        default:
            apply(top.perform(command, pageSize: top.pageHeight, now: now))
        }
    }

    private func apply(_ response: HostResponse) {
        switch response {
        case .handled(let changed):
            if changed { dirty = true }
        case .hint(let text):
            hint = text
            dirty = true
        case .push(let screen):
            push(screen)
            stack.last?.appear(now: now)
            dirty = true
        case .pick(let items):
            outcome = .picked(items)
        }
    }

    // MARK: - Screens

    private func push(_ screen: some Screen) {
        nextScreenID += 1
        if let sectioned = screen as? any SectionedListScreen {
            stack.append(makeHost(sectioned, id: nextScreenID))
            return
        }
        if let list = screen as? any ListScreen {
            stack.append(makeHost(list, id: nextScreenID))
        } else if let detail = screen as? any DetailScreen {
            stack.append(makeHost(detail, id: nextScreenID))
        } else {
            preconditionFailure("Lister shows ListScreen and DetailScreen screens; \(type(of: screen)) is neither")
        }
    }

    private func makeHost<S: ListScreen>(_ screen: S, id: Int) -> any ScreenHost {
        ListHost(id: id, screen: screen, timing: configuration.timing, scheduler: self)
    }

    private func makeHost<S: SectionedListScreen>(_ screen: S, id: Int) -> any ScreenHost {
        SectionsHost(id: id, screen: screen, timing: configuration.timing, scheduler: self)
    }

    private func makeHost<S: DetailScreen>(_ screen: S, id: Int) -> any ScreenHost {
        DetailHost(id: id, screen: screen, timing: configuration.timing, scheduler: self)
    }

    private func shutDown() {
        for host in stack { host.cancelAll() }
        for load in loads.values { load.task.cancel() }
        loads.removeAll()
    }

    // MARK: - Drawing

    /// Draws the current state if anything changed and hands the frame to the terminal.
    @_spi(Testing) public func render() {
        guard let buffer = composeFrame() else { return }
        dirty = false
        guard buffer != lastFrame else {
            spareFrame = buffer
            return
        }
        spareFrame = lastFrame
        lastFrame = buffer
        terminal.present(buffer)
    }

    /// The frame of the top screen, laid out for the terminal's size, drawn into the
    /// spare frame's storage unless `reusingSpare` is false. Where its regions are drawn is
    /// noted in `regions` (by default the map clicks go by).
    func composeFrame(reusingSpare: Bool = true, regions: RegionMap? = nil) -> Buffer? {
        let regions = regions ?? self.regions
        guard let top = stack.last else { return nil }
        let size = terminal.size
        let layout = ScreenLayout(size: size)
        var buffer = (reusingSpare ? spareFrame.take() : nil) ?? Buffer(size: size)
        // A body draws its list where its own layout puts it; when that is not the room
        // the list was laid out in (the first frame of a body with lines around its list,
        // a new size), the list is laid out in the room it has and drawn again.
        var passes = 0
        repeat {
            passes += 1
            regions.removeAll()
            top.layout(body: layout.list)
            buffer.reset(size: size)
            top.render(in: layout.list, buffer: &buffer, regions: regions, now: now)
        } while top.listDrawn(regions, body: layout.list) && passes < 2
        if let header = layout.header {
            drawHeader(in: header, buffer: &buffer)
        }
        if let statusArea = layout.status {
            let status = top.status(now: now)
            let helpKey = configuration.keyMap.key(for: .help)?.label ?? "?"
            StatusBar(position: status.position, state: hint ?? status.state, hint: "\(helpKey) help")
                .render(in: statusArea, buffer: &buffer)
        }
        if showingHelp {
            let bindings = configuration.keyMap.bindings.filter { offers($0.command, on: top) }
            HelpOverlay(entries: top.actionHelp + bindings.map { ($0.keyLabel, $0.help) })
                .render(in: layout.full, buffer: &buffer)
            buffer.cursor = nil
        }
        return buffer
    }

    /// Whether `command` does something now, for the help overlay: the runtime's own
    /// commands always do (back only with a screen to go back to), the rest as `top` says.
    private func offers(_ command: Command, on top: any ScreenHost) -> Bool {
        switch command {
        case .help, .back, .quit, .interrupt, .suspend, .redraw: return true
        case .parent: return stack.count > 1
        default: return top.offers(command)
        }
    }

    /// Draws the breadcrumb of the stack's titles, or pastes it from the last frame when
    /// the titles and the width are the same.
    private func drawHeader(in rect: Rect, buffer: inout Buffer) {
        let titles = stack.map(\.title)
        guard rect.height == 1, rect.intersection(buffer.area) == rect else {
            Breadcrumb(titles).render(in: rect, buffer: &buffer)
            return
        }
        // Titles compared byte for byte: `==` on strings would take a title now in another
        // normal form for the same one, and paste its old bytes.
        if let header, header.width == rect.width,
           header.titles.elementsEqual(titles, by: { $0.utf8.elementsEqual($1.utf8) }) {
            buffer.paste(header.cells, row: rect.top, column: rect.left)
            return
        }
        Breadcrumb(titles).render(in: rect, buffer: &buffer)
        header = (titles, rect.width, ContiguousArray(buffer.cells(row: rect.top, columns: rect.left..<rect.right)))
    }

    /// Whether a draw is pending.
    @_spi(Testing) public var needsRender: Bool { dirty }
}

extension Runtime: LoadScheduler {
    func startLoad(_ load: LoadID,
                   reporting operation: @escaping @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery) {
        let continuation = self.continuation
        let loadProbe = probe.reporter
        let slot = ProgressSlot(load: load, continuation: continuation, counter: probe)
        if load.stream.isLogged {
            configuration.logger.debug("load started", metadata: logMetadata(load))
        }
        let task = Task.detached {
            let delivery = await LoadProbe.$current.withValue(loadProbe) { await operation(slot.report) }
            continuation.yield(.loadFinished(load, delivery))
        }
        loads[load] = (task, now)
    }

    func cancelLoad(_ load: LoadID) {
        guard let started = loads[load] else { return }
        started.task.cancel()
        if load.stream.isLogged {
            var metadata = logMetadata(load)
            metadata["after"] = "\(Self.milliseconds(now - started.startedAt)) ms"
            configuration.logger.debug("load cancelled", metadata: metadata)
        }
    }

    var logger: Logger { configuration.logger }
}
