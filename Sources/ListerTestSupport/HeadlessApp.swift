@_spi(Testing) import Lister
import TerminalCore

/// Drives a Lister app in a test: no terminal, no real time, no sleeps.
///
/// Keys are applied at once; time moves only when the test advances the virtual clock;
/// ``settle()`` waits until every load has either delivered its result or is parked in a
/// ``ScriptedLoader`` waiting for the test.
///
/// ```swift
/// let feed = ScriptedLoader<[Post]>()
/// let app = HeadlessApp(root: FeedScreen(loader: feed))
/// await app.start()
/// await app.advance(by: .milliseconds(150))
/// #expect(app.screen.contains("Loading Feed…"))
/// feed.succeed(posts)
/// await app.settle()
/// await app.press(.down)
/// ```
@MainActor
public final class HeadlessApp {
    /// The in-memory terminal the app draws on.
    public let terminal: HeadlessTerminal
    /// The runtime under test.
    public let runtime: Runtime

    /// Creates an app showing `root` on a headless terminal of `size`.
    public init(root: some Screen, size: Size = Size(rows: 24, columns: 80), configuration: Configuration = Configuration()) {
        terminal = HeadlessTerminal(size: size)
        runtime = Runtime(root: root, terminal: terminal, configuration: configuration)
    }

    /// Shows the root screen, starts its load and settles.
    public func start() async {
        runtime.start()
        await settle()
    }

    /// Presses keys one after another, settling after each.
    public func press(_ keys: Key...) async {
        for key in keys {
            runtime.process(.terminal(.key(key)))
            await settle()
        }
    }

    /// Types each character of `text` as a key.
    public func type(_ text: String) async {
        for character in text { await press(.character(character)) }
    }

    /// Uses the mouse at a cell (row 0 is the header line).
    public func mouse(_ kind: MouseEvent.Kind, row: Int, column: Int = 0) async {
        runtime.process(.terminal(.mouse(MouseEvent(kind, row: row, column: column))))
        await settle()
    }

    /// Delivers a signal, as if sent to the process.
    public func signal(_ signal: TerminalSignal) async {
        runtime.process(.terminal(.signal(signal)))
        await settle()
    }

    /// Resizes the terminal.
    public func resize(to size: Size) async {
        terminal.send(.resize(size))
        runtime.process(.terminal(.resize(size)))
        await settle()
    }

    /// Moves the virtual clock forward, firing every deadline on the way (spinner delay,
    /// frames, the spinner's minimum) in order.
    public func advance(by duration: Duration) async {
        let target = runtime.now + duration
        while let deadline = runtime.nextDeadline, deadline <= target {
            runtime.now = max(runtime.now, deadline)
            runtime.process(.tick)
            await settle()
            if deadline <= runtime.now, runtime.nextDeadline == deadline { break }  // no progress
        }
        runtime.now = target
        runtime.process(.tick)
        await settle()
    }

    /// Waits until every load in flight has delivered its result or is parked in a
    /// ``ScriptedLoader``, applying results as they arrive.
    public func settle() async {
        while true {
            let pending = runtime.pendingLoads
            guard pending.inFlight > pending.parked, runtime.outcome == nil else { return }
            guard let event = await runtime.nextEvent() else { return }
            runtime.process(event)
        }
    }

    /// The screen as text, one line per row, trailing blanks removed.
    public var screen: String { terminal.screen }

    /// The screen's lines.
    public var lines: [String] { terminal.frame?.lines ?? [] }

    /// The last frame drawn.
    public var frame: Buffer? { terminal.frame }

    /// How the app ended, once it has.
    public var outcome: Outcome? { runtime.outcome }

    /// Loads started and not yet delivered (cancelled ones count until their task ends).
    public var loadsInFlight: Int { runtime.pendingLoads.inFlight }

    /// The current virtual time.
    public var now: Duration { runtime.now }

    /// The next moment something changes on its own; nil means the app is idle.
    public var nextDeadline: Duration? { runtime.nextDeadline }
}
