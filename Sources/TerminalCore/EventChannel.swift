/// Events from any thread to one consumer: awaited, or handed to the main actor as calls.
///
/// Unbounded and in order; one consumer at a time. A consumer can iterate it (`for await`)
/// as it would an `AsyncStream`. On Linux a task waiting on a continuation, as both do, is
/// resumed through the global executor and then hops back to its actor: a main-actor loop
/// fed that way wakes a pool thread for every element. A main-actor consumer can take the
/// elements as calls instead (``deliver(to:)``): inside ``MainLoop`` an element yielded on
/// the main thread is handled before ``yield(_:)`` returns, so a key goes from the tty to
/// the main actor, and its frame back to the tty, without leaving the main thread.
public final class EventChannel<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = Never

    private struct State {
        var buffer: [Element] = []
        var head = 0
        /// The consumer waiting for the next element; only while the buffer is empty.
        var waiter: CheckedContinuation<Element?, Never>?
        var finished = false
        /// Where elements go instead of to a waiting task, once ``deliver(to:)`` was called.
        var sink: (@MainActor (Element?) -> Void)?
        /// Deliveries queued as main-actor tasks and not yet run; a direct call must not
        /// overtake them.
        var queued = 0

        /// The next element, `.some(nil)` at the end, or nil when the consumer must wait.
        mutating func take() -> Element?? {
            if head < buffer.count {
                defer {
                    head += 1
                    if head == buffer.count {
                        buffer.removeAll(keepingCapacity: true)
                        head = 0
                    }
                }
                return .some(buffer[head])
            }
            return finished ? .some(nil) : nil
        }
    }

    private let state = Locked(State())

    /// An open, empty channel.
    public init() {}

    /// Hands `element` to the consumer, or keeps it until the consumer asks; dropped once
    /// the channel has finished.
    public func yield(_ element: Element) { send(element) }

    /// Ends the channel: the consumer gets the elements still buffered, then nil.
    public func finish() { send(nil) }

    /// Where one element (nil: the end) goes, decided under the lock.
    private enum Route {
        case nowhere
        case waiter(CheckedContinuation<Element?, Never>)
        case sink(@MainActor (Element?) -> Void, direct: Bool)
    }

    /// Sends `element` (nil: the end) to the sink, the waiting consumer or the buffer.
    private func send(_ element: Element?) {
        let route = state.withLock { state -> Route in
            guard !state.finished else { return .nowhere }
            if element == nil { state.finished = true }
            if let sink = state.sink {
                let direct = state.queued == 0 && MainLoop.isServingCurrentThread
                if !direct { state.queued += 1 }
                return .sink(sink, direct: direct)
            }
            if let waiter = state.waiter {
                state.waiter = nil
                return .waiter(waiter)
            }
            if let element { state.buffer.append(element) }
            return .nowhere
        }
        switch route {
        case .nowhere:
            break
        case .waiter(let waiter):
            waiter.resume(returning: element)
        case .sink(let sink, direct: true):
            MainActor.assumeIsolated { sink(element) }
        case .sink(let sink, direct: false):
            enqueue { sink(element) }
        }
    }

    /// The next element, waiting in the caller's isolation; nil once the channel has
    /// finished or the waiting task is cancelled (which also finishes the channel).
    public func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element? {
        if let ready = state.withLock({ state -> Element?? in
            precondition(state.sink == nil, "EventChannel: elements are delivered to a handler")
            return state.take()
        }) { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<Element?, Never>) in
                let ready = state.withLock { state -> Element?? in
                    if let ready = state.take() { return ready }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// Hands every element, and then nil when the channel finishes, to `handler` on the main
    /// actor instead of to an iterator.
    ///
    /// An element yielded on the main thread while ``MainLoop`` serves it is handled before
    /// `yield` returns (unless earlier ones are still queued); one yielded elsewhere is
    /// handled in a main-actor task, in order. Elements buffered before are handled first.
    /// A later call replaces the handler.
    public func deliver(to handler: @escaping @MainActor (Element?) -> Void) {
        let buffered = state.withLock { state -> (elements: [Element], finished: Bool) in
            precondition(state.waiter == nil, "EventChannel: one consumer at a time")
            state.sink = handler
            defer {
                state.buffer.removeAll()
                state.head = 0
            }
            state.queued += 1
            // `head..<count`, Array's own subscript: `head...` goes through the generic
            // `RangeExpression` one, whose `PartialRangeFrom<Int>` the runtime makes from its
            // mangled name, checking `Int: Comparable` by a scan of every conformance record.
            return (Array(state.buffer[state.head..<state.buffer.count]), state.finished)
        }
        enqueue {
            for element in buffered.elements { handler(element) }
            if buffered.finished { handler(nil) }
        }
    }

    /// Runs `delivery` in a main-actor task, then counts it as no longer queued.
    private func enqueue(_ delivery: @escaping @MainActor () -> Void) {
        Task { @MainActor in
            delivery()
            state.withLock { $0.queued -= 1 }
        }
    }

    /// Iterates the channel; `for await` waits in the caller's isolation.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(channel: self) }

    /// The iterator of an ``EventChannel``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let channel: EventChannel

        /// The next element, waiting on the global executor.
        public mutating func next() async -> Element? { await channel.next(isolation: nil) }

        /// The next element, waiting in the caller's isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await channel.next(isolation: actor)
        }
    }
}
