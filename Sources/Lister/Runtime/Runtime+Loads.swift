import Logging
import TerminalCore

/// Loads: started off the main actor as tasks keyed by ``LoadID``, their deliveries brought
/// back through the loop, cancelled by id.
extension Runtime: LoadScheduler {
    func startLoad(_ load: LoadID,
                   reporting operation: @escaping @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery) {
        if heldLoads != nil {
            heldLoads?.removeAll { $0.load == load }  // asked for again: the held one never ran
            heldLoads?.append(HeldLoad(load: load, operation: operation))
            return
        }
        launch(load, reporting: operation)
    }

    /// Starts the loads held while the first frame was drawn, in the order they were asked for.
    func releaseHeldLoads() {
        guard let held = heldLoads else { return }
        heldLoads = nil
        for entry in held { launch(entry.load, reporting: entry.operation) }
    }

    private func launch(_ load: LoadID,
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
        loads.insert(load, LoadsInFlight.Started(task: task, startedAt: now))
    }

    func cancelLoad(_ load: LoadID) {
        if let held = heldLoads, held.contains(where: { $0.load == load }) {
            heldLoads = held.filter { $0.load != load }
            return
        }
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

/// The loads in flight, by id: few at a time (a list's, a filter's, a pane's, each
/// section's), so a list searched in order. A `Dictionary` keyed by `LoadID` had its
/// storage's type made at run time on the first load, checking `LoadID: Hashable` by a scan
/// of every conformance record in the binary: half a million instructions before the first
/// frame (docs/PERFORMANCE.md, "Start-up: the loads in flight").
///
/// Its entries are structs, not tuples: the storage of an array of tuples that hold a
/// `Task<Void, Never>` is made from its mangled name at run time, and that checks
/// `Never: Error` by the same scan, twice (docs/PERFORMANCE.md, "Start-up: conformance
/// scans").
struct LoadsInFlight {
    /// A load's task and when it started.
    struct Started {
        let task: Task<Void, Never>
        let startedAt: Duration
    }
    /// One load in flight.
    private struct Entry {
        let id: LoadID
        let started: Started
    }
    private var entries: [Entry] = []

    /// How many loads are in flight.
    var count: Int { entries.count }

    /// The load `id`, if it is in flight.
    subscript(id: LoadID) -> Started? {
        entries.first { $0.id == id }?.started
    }

    /// Notes that `id` started; a load of the same id in flight is replaced.
    mutating func insert(_ id: LoadID, _ started: Started) {
        _ = remove(id)
        entries.append(Entry(id: id, started: started))
    }

    /// Forgets the load `id` (it delivered), returning it if it was in flight.
    mutating func remove(_ id: LoadID) -> Started? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index).started
    }

    /// Cancels every load's task and forgets them all.
    mutating func cancelAll() {
        for entry in entries { entry.started.task.cancel() }
        entries.removeAll()
    }
}

/// A load the first frame asked for, not started until that frame is drawn.
struct HeldLoad {
    let load: LoadID
    let operation: @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery
}
