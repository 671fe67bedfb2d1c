import Lister
import TerminalCore

/// A loader a test controls: each call parks until the test answers it.
///
/// Answers go to the oldest waiting call unless a call number is given, so loads can be
/// finished out of order. A cancelled call ends with `CancellationError`.
///
/// ```swift
/// let loader = ScriptedLoader<[Post]>()
/// // in the screen: nonisolated func load() async throws -> [Post] { try await loader.load() }
/// loader.succeed([post])          // answers the oldest waiting call
/// loader.fail(ListError("offline"), call: 2)
/// ```
public final class ScriptedLoader<Output: Sendable>: Sendable {
    private struct Waiter {
        var call: Int
        var continuation: CheckedContinuation<Output, any Error>
        var probe: LoadProbe?
    }

    private struct State {
        var calls = 0
        var waiting: [Waiter] = []
        var cancelled: [Int] = []
    }

    private let state = Locked(State())
    private let ignoresCancellation: Bool

    /// Creates a loader with no calls yet.
    /// - Parameter ignoresCancellation: when true, a cancelled call keeps waiting for its
    ///   answer, like a loader that does not check for cancellation; use it to check that
    ///   late results of superseded loads are dropped.
    public init(ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
    }

    /// How many times `load` has been called.
    public var callCount: Int { state.withLock { $0.calls } }

    /// Numbers (from 1) of the calls waiting for an answer, oldest first.
    public var waitingCalls: [Int] { state.withLock { $0.waiting.map(\.call) } }

    /// Numbers of the calls that were cancelled while waiting.
    public var cancelledCalls: [Int] { state.withLock { $0.cancelled } }

    /// Parks until the test answers this call.
    public func load() async throws -> Output {
        let probe = LoadProbe.current
        let call = state.withLock { s -> Int in
            s.calls += 1
            return s.calls
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelledAlready = state.withLock { s -> Bool in
                    if Task.isCancelled, !ignoresCancellation { return true }
                    s.waiting.append(Waiter(call: call, continuation: continuation, probe: probe))
                    return false
                }
                if cancelledAlready {
                    continuation.resume(throwing: CancellationError())
                } else {
                    probe?.report(parked: true)
                }
            }
        } onCancel: {
            if ignoresCancellation {
                state.withLock { $0.cancelled.append(call) }
            } else {
                resume(call: call, with: .failure(CancellationError()), cancelled: true)
            }
        }
    }

    /// Answers the oldest waiting call (or call number `call`) with `value`.
    public func succeed(_ value: Output, call: Int? = nil) {
        resume(call: call, with: .success(value), cancelled: false)
    }

    /// Fails the oldest waiting call (or call number `call`) with `error`.
    public func fail(_ error: any Error, call: Int? = nil) {
        resume(call: call, with: .failure(error), cancelled: false)
    }

    private func resume(call: Int?, with result: Result<Output, any Error>, cancelled: Bool) {
        let waiter = state.withLock { s -> Waiter? in
            guard let index = call.map({ c in s.waiting.firstIndex { $0.call == c } }) ?? (s.waiting.isEmpty ? nil : 0)
            else { return nil }
            if cancelled { s.cancelled.append(s.waiting[index].call) }
            return s.waiting.remove(at: index)
        }
        guard let waiter else {
            precondition(cancelled, "ScriptedLoader: no waiting call\(call.map { " number \($0)" } ?? "") to answer")
            return
        }
        waiter.continuation.resume(with: result)
        waiter.probe?.report(parked: false)
    }
}
