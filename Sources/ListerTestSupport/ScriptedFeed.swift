import Lister

/// The feed of a live list that a test controls: changes arrive when the test sends them.
///
/// ```swift
/// let feed = ScriptedFeed<Job>()
/// // in the screen:
/// // nonisolated func changes() -> ScriptedFeed<Job>.Changes { feed.changes() }
/// feed.send(.append([job]))        // the list shows `job` once a frame has passed
/// feed.send(.remove(job.id), .update(other))
/// feed.finish()                    // "feed ended"
/// ```
///
/// Each sequence from ``changes()`` waits for the test between steps, parked like a
/// ``ScriptedLoader`` call, so ``HeadlessApp/settle()`` returns once a step was taken.
public final class ScriptedFeed<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    fileprivate enum Step: Sendable {
        case changes([ListChange<Item>])
        case finish
    }

    private let steps = ScriptedLoader<Step>()

    /// Creates a feed with no sequences yet.
    public init() {}

    /// How many times a sequence has waited for a step (each sequence waits once per step).
    public var waitCount: Int { steps.callCount }

    /// How many times a waiting sequence was cancelled (its screen loaded again or went away).
    public var cancelCount: Int { steps.cancelledCalls.count }

    /// Whether a sequence is waiting for the test's next step.
    public var isWaiting: Bool { !steps.waitingCalls.isEmpty }

    /// A sequence of the changes the test sends, for `LiveListScreen.changes()` (in Lister).
    public func changes() -> Changes { Changes(steps: steps) }

    /// Sends `changes` to the oldest waiting sequence.
    public func send(_ changes: ListChange<Item>...) { steps.succeed(.changes(changes)) }

    /// Ends the oldest waiting sequence.
    public func finish() { steps.succeed(.finish) }

    /// Fails the oldest waiting sequence with `error`.
    public func fail(_ error: any Error) { steps.fail(error) }

    /// The changes of one run of the feed.
    public struct Changes: AsyncSequence, Sendable {
        public typealias Element = ListChange<Item>
        fileprivate let steps: ScriptedLoader<Step>

        public func makeAsyncIterator() -> Iterator { Iterator(steps: steps) }

        /// Takes the test's steps one by one.
        public struct Iterator: AsyncIteratorProtocol {
            fileprivate let steps: ScriptedLoader<Step>
            private var waiting: [ListChange<Item>] = []

            fileprivate init(steps: ScriptedLoader<Step>) { self.steps = steps }

            public mutating func next() async throws -> ListChange<Item>? {
                while waiting.isEmpty {
                    switch try await steps.load() {
                    case .changes(let changes): waiting = changes
                    case .finish: return nil
                    }
                }
                return waiting.removeFirst()
            }
        }
    }
}
