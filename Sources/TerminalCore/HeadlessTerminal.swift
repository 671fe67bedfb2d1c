/// A terminal in memory: it keeps the frames presented to it and takes events from tests.
///
/// ```swift
/// let terminal = HeadlessTerminal(size: Size(rows: 5, columns: 20))
/// terminal.send(.key(.down))
/// print(terminal.screen)   // the last frame as text
/// ```
public final class HeadlessTerminal: TerminalBackend {
    private struct State {
        var size: Size
        var frame: Buffer?
        var framesPresented = 0
        var bytesEstimate = 0
        var redraws = 0
        var suspensions = 0
        var prepared: [PreparedFrame] = []
    }

    private let state: Locked<State>
    /// Events sent with ``send(_:)``.
    public let events = EventChannel<TerminalEvent>()
    /// Whether colours are reported as available.
    public let colorEnabled: Bool

    /// Creates a headless terminal of `size`.
    public init(size: Size = Size(rows: 24, columns: 80), colorEnabled: Bool = true) {
        state = Locked(State(size: size))
        self.colorEnabled = colorEnabled
    }

    /// The current size.
    public var size: Size { state.withLock { $0.size } }

    /// Feeds an event as if the terminal had sent it. A resize also changes ``size``.
    public func send(_ event: TerminalEvent) {
        if case .resize(let size) = event { state.withLock { $0.size = size } }
        events.yield(event)
    }

    /// Ends the event stream, as a closed terminal would.
    public func close() { events.finish() }

    public func present(_ frame: Buffer) {
        state.withLock { s in
            s.bytesEstimate += frame.changes(since: s.frame).reduce(0) { $0 + $1.cells.count }
            s.frame = frame
            s.framesPresented += 1
        }
    }

    public func prepare(_ frames: [PreparedFrame]) { state.withLock { $0.prepared = frames } }

    public func redraw() { state.withLock { $0.redraws += 1 } }

    public func suspend() { state.withLock { $0.suspensions += 1 } }

    /// The last frame presented, if any.
    public var frame: Buffer? { state.withLock { $0.frame } }

    /// The last frame as text, one line per row, trailing blanks removed.
    public var screen: String { frame?.description ?? "" }

    /// How many frames have been presented.
    public var framesPresented: Int { state.withLock { $0.framesPresented } }

    /// How many times a full redraw was asked for.
    public var redraws: Int { state.withLock { $0.redraws } }

    /// How many times suspension was asked for.
    public var suspensions: Int { state.withLock { $0.suspensions } }

    /// The frames offered for the keys that may come next (``prepare(_:)``).
    public var prepared: [PreparedFrame] { state.withLock { $0.prepared } }

    /// The frame offered for `key`, if any.
    public func preparedFrame(for key: Key) -> Buffer? {
        prepared.first { $0.keys.contains(key) }?.frame
    }
}
