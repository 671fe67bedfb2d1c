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
        /// A ``ScreenHandle`` of the screen with this id asks for something.
        case control(Int, ScreenControl)
        case tick
        case wake
    }

    let terminal: any TerminalBackend
    let configuration: Configuration
    /// The key hints name to retry, from the key map (``KeyHints``).
    let retryHint: String?
    /// The screens shown, the top one last, each with the roles its host plays.
    var entries: [StackEntry] = []
    /// The hosts of ``entries`` (tests and logging).
    var stack: [any ScreenHost] { entries.map(\.host) }
    /// The id of the screen made last (``makeEntry(for:)``).
    var nextScreenID = 0
    /// The help overlay: up or not, and its first line shown (↑ and ↓ scroll a long table).
    var help = HelpState()
    /// Whether the help overlay is up.
    var showingHelp: Bool { help.isShown }
    var lastClick: (row: Int, at: Duration)?
    var hint: String?
    var dirty = true
    var lastFrame: Buffer?
    /// Whether the user last showed or hid a preview pane, for the screens opened next.
    let previewPreference = PreviewPreference()
    /// Where the regions of the frame last composed were drawn: clicks go by it.
    let regions = RegionMap()
    /// Where the regions of frames drawn ahead go, so they never replace ``regions``.
    let regionsDrawnAhead = RegionMap()
    /// Draws the frames, keeping the spare frame's storage and the last breadcrumb.
    let composer: FrameComposer
    /// Whether the frames last offered to the terminal for the next keys were none.
    var preparedNothing = true
    /// Whether a job to draw ahead is queued on the main actor (``run()`` only).
    var drawAheadQueued = false
    /// The loads started (or held while the first frame is drawn) and not yet delivered.
    let loadBook: LoadBook
    /// Whether ``run()`` is running: terminal events are handled only then.
    private(set) var running = false
    /// The task that wakes the loop at the next deadline (``run()`` only).
    private var timer: (deadline: Duration, task: Task<Void, Never>)?
    /// Every event the loop handles; the loop waits for them on the main actor.
    let continuation = EventChannel<Event>()
    let probe: ProbeCounter

    /// The outcome, once the app has ended.
    public internal(set) var outcome: Outcome?

    /// Time since the runtime started, as the loop sees it.
    @_spi(Testing) public var now: Duration = .zero

    /// Creates a runtime showing `root` on `terminal`.
    public init(root: some Screen, terminal: any TerminalBackend, configuration: Configuration = Configuration()) {
        self.terminal = terminal
        self.configuration = configuration
        retryHint = KeyHints.retry(in: configuration.keyMap)
        composer = FrameComposer(configuration: configuration)
        probe = ProbeCounter(continuation: continuation)
        loadBook = LoadBook(continuation: continuation, probe: probe, logger: configuration.logger)
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
    ///
    /// Inside ``run()`` the loads it asks for start once the frame is drawn: a load started
    /// first took a core from the thread drawing it (a 1,000,000-line file read on a
    /// 2-core machine), and the first frame came 0.9 ms later (docs/PERFORMANCE.md,
    /// "Start-up: conformance scans, ..."). They start in the main actor's next job, which
    /// `MainLoop` runs after drawing the frame this job posted.
    @_spi(Testing) public func start() {
        if running { loadBook.held = [] }
        KeyHints.$retry.withValue(retryHint) {
            entries.last?.host.appear(now: now)
            runEventCommands()
            render()
        }
        if running {
            Task { @MainActor [weak self] in self?.releaseHeldLoads() }
        }
        drawAheadSoon()
    }

    /// The next event from the stream (for headless drivers).
    @_spi(Testing) public func nextEvent() async -> Event? {
        await continuation.next()
    }

    /// Loads started and not yet delivered, and how many of them are parked in a probe.
    @_spi(Testing) public var pendingLoads: (inFlight: Int, parked: Int) {
        (loadBook.count + probe.undeliveredReports, probe.parked)
    }

    /// The type of the source the top screen's filter reads (`CSVTable`, or the strings
    /// built from the rows), once it has read one.
    @_spi(Testing) public var filterSourceDescription: String? {
        // A cast, not a role of the entry: only tests ask, and only after a load.
        (entries.last?.host as? any FilterSourceDescribing)?.filterSourceDescription
    }

    /// The next moment something changes on its own, or nil when idle.
    @_spi(Testing) public var nextDeadline: Duration? {
        entries.compactMap { $0.host.nextDeadline(after: now) }.min()
    }

    /// Applies one event and draws if anything changed.
    @_spi(Testing) public func process(_ event: Event) {
        KeyHints.$retry.withValue(retryHint) { apply(event) }  // hints name this app's keys
        drawAheadSoon()
    }

    private func apply(_ event: Event) {
        switch event {
        case .terminal(let terminalEvent):
            // Keys read after the one that ended the app (typed ahead) change nothing.
            guard outcome == nil else { return }
            handle(terminalEvent)
            KeyTrace.mark(.handled)
        case .terminalClosed:
            outcome = outcome ?? .interrupted(.hangup)
        case .loadFinished(let load, let delivery):
            loadBook.finished(load, summary: delivery.summary, now: now, describe: logMetadata)
            let isShown = showsScreen(load.screen)
            // A screen that was left takes nothing: its loads were cancelled with it.
            if isShown, delivery.apply(load, now) { dirty = true }
        case .loadProgress(let load, let slot):
            if let delivery = slot.take(), showsScreen(load.screen), delivery.apply(load, now) {
                dirty = true
            }
        case .control(let screen, let control):
            probe.reportTaken()
            if outcome == nil { apply(control, to: screen) }
        case .tick, .wake:
            break
        }
        for entry in entries where entry.host.advance(to: now) { dirty = true }
        runEventCommands()
        KeyTrace.mark(.advanced)
        if outcome == nil { render() }
    }

    // MARK: - Screens

    func push(_ screen: some Screen) {
        entries.append(makeEntry(for: screen))
    }

    private func shutDown() {
        for entry in entries { entry.host.cancelAll() }
        loadBook.cancelAll()
    }
}
