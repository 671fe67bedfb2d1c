import Lister

/// A streaming load a test controls: the rows arrive when the test sends them.
///
/// ```swift
/// let stream = ScriptedStream<[Post]>()
/// // in the screen:
/// // nonisolated func load(progress: LoadProgress<[Post]>) async throws -> [Post] {
/// //     try await stream.load(progress: progress)
/// // }
/// stream.send([first])            // the list shows `first`; the load goes on
/// stream.send([first, second])
/// stream.finish([first, second])  // the load ends with these rows
/// ```
///
/// Each call of ``load(progress:)`` waits for the test between steps, parked like a
/// ``ScriptedLoader`` call, so ``HeadlessApp/settle()`` returns once a step is shown.
public final class ScriptedStream<Items: Sendable>: Sendable {
    private enum Step: Sendable {
        case rows(Items)
        case finish(Items)
    }

    private let steps: ScriptedLoader<Step>

    /// Creates a stream with no loads yet.
    /// - Parameter ignoresCancellation: as for ``ScriptedLoader/init(ignoresCancellation:)``.
    public init(ignoresCancellation: Bool = false) {
        steps = ScriptedLoader(ignoresCancellation: ignoresCancellation)
    }

    /// How many steps the loads have waited for (each load waits once per step).
    public var waitCount: Int { steps.callCount }

    /// Whether a load is waiting for the test's next step.
    public var isWaiting: Bool { !steps.waitingCalls.isEmpty }

    /// Reports each step's rows through `progress` until the test finishes or fails it.
    public func load(progress: LoadProgress<Items>) async throws -> Items {
        while true {
            switch try await steps.load() {
            case .rows(let items): progress(items)
            case .finish(let items): return items
            }
        }
    }

    /// Sends the rows read so far to the oldest waiting load; it goes on.
    public func send(_ items: Items) { steps.succeed(.rows(items)) }

    /// Ends the oldest waiting load with all its rows.
    public func finish(_ items: Items) { steps.succeed(.finish(items)) }

    /// Fails the oldest waiting load.
    public func fail(_ error: any Error) { steps.fail(error) }
}
