import Lister
import ListerTestSupport
import TerminalCore

// The streaming screen of the chaos test: its loads report growing snapshots of rows
// (`load(progress:)`) before they finish, and the test says which load gets each step.

/// What the test sends a waiting streaming load.
enum ChaosStreamStep: Sendable {
    /// The rows so far; the load goes on.
    case rows([ChaosItem])
    /// The load ends with these rows.
    case finish([ChaosItem])
}

/// A streaming loader whose loads are numbered from 1 like ``ScriptedLoader``'s calls: each
/// load waits for the test between steps in a loader of its own, so the test can answer
/// any load, a cancelled one too.
final class ChaosStream: Sendable {
    private let ignoresCancellation: Bool
    private let loads = Locked<[ScriptedLoader<ChaosStreamStep>]>([])

    init(ignoresCancellation: Bool) {
        self.ignoresCancellation = ignoresCancellation
    }

    /// Reports the rows of each step until the test finishes or fails the load.
    func load(progress: LoadProgress<[ChaosItem]>) async throws -> [ChaosItem] {
        let steps = ScriptedLoader<ChaosStreamStep>(ignoresCancellation: ignoresCancellation)
        loads.withLock { $0.append(steps) }
        while true {
            switch try await steps.load() {
            case .rows(let items): progress(items)
            case .finish(let items): return items
            }
        }
    }

    /// How many loads have started.
    var callCount: Int { loads.withLock { $0.count } }

    /// Numbers of the loads waiting for their next step, oldest first.
    var waitingCalls: [Int] {
        loads.withLock { loads in loads.indices.filter { !loads[$0].waitingCalls.isEmpty }.map { $0 + 1 } }
    }

    /// Numbers of the loads that were cancelled.
    var cancelledCalls: [Int] {
        loads.withLock { loads in loads.indices.filter { !loads[$0].cancelledCalls.isEmpty }.map { $0 + 1 } }
    }

    /// Gives load `call` its next step.
    func send(_ step: ChaosStreamStep, call: Int) { loader(call).succeed(step) }

    /// Fails load `call`.
    func fail(_ error: ListError, call: Int) { loader(call).fail(error) }

    private func loader(_ call: Int) -> ScriptedLoader<ChaosStreamStep> { loads.withLock { $0[call - 1] } }
}

/// A one-shot list whose loads stream their rows.
struct ChaosStreamScreen: ChaosList {
    let world: ChaosWorld
    let observer: ChaosObserver
    let instance: Int
    var kind: ChaosKind { .stream }
    /// Two lines a row, as the picker's: rows of several lines meet a list that grows.
    var rowHeight: RowHeight { .uniform(2) }

    nonisolated func load() async throws -> [ChaosItem] { try await world.stream.load(progress: .ignored) }

    nonisolated func load(progress: LoadProgress<[ChaosItem]>) async throws -> [ChaosItem] {
        try await world.stream.load(progress: progress)
    }
}
