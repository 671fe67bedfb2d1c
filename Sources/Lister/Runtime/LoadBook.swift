import Logging
import TerminalCore

/// The runtime's books of loads: each started as a detached task keyed by its
/// ``LoadID`` (or held while the first frame is drawn, ``held``), cancelled by id, crossed
/// off when its delivery comes back through the loop, and logged. The runtime is the
/// hosts' ``LoadScheduler`` and hands every call here, with the loop's time and how a load
/// is named in the log (its screen's title, which only the runtime knows).
@MainActor
final class LoadBook {
    /// Names a load in the log: its screen's title, its stream and generation.
    typealias Describe = (LoadID) -> Logger.Metadata

    private let continuation: EventChannel<Runtime.Event>
    private let probe: ProbeCounter
    private let logger: Logger
    /// The loads started and not yet delivered.
    var inFlight = LoadsInFlight()
    /// The loads the first frame asked for, held until that frame is drawn (``Runtime/run()``
    /// only); `nil` once they are let go.
    var held: [HeldLoad]?

    init(continuation: EventChannel<Runtime.Event>, probe: ProbeCounter, logger: Logger) {
        self.continuation = continuation
        self.probe = probe
        self.logger = logger
    }

    /// Loads started or held and not yet delivered.
    var count: Int { inFlight.count + (held?.count ?? 0) }

    /// Starts `operation` as `load`, or holds it while the first frame is drawn.
    func start(_ load: LoadID, now: Duration, describe: Describe,
               reporting operation: @escaping @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery) {
        if held != nil {
            held?.removeAll { $0.load == load }  // asked for again: the held one never ran
            held?.append(HeldLoad(load: load, operation: operation))
            return
        }
        launch(load, now: now, describe: describe, reporting: operation)
    }

    /// Starts the loads held while the first frame was drawn, in the order they were asked for.
    func releaseHeld(now: Duration, describe: Describe) {
        guard let loads = held else { return }
        held = nil
        for entry in loads { launch(entry.load, now: now, describe: describe, reporting: entry.operation) }
    }

    private func launch(_ load: LoadID, now: Duration, describe: Describe,
                        reporting operation: @escaping @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery) {
        let continuation = self.continuation
        let loadProbe = probe.reporter
        let slot = ProgressSlot(load: load, continuation: continuation, counter: probe)
        if load.stream.isLogged {
            logger.debug("load started", metadata: describe(load))
        }
        let task = Task.detached {
            let delivery = await LoadProbe.$current.withValue(loadProbe) { await operation(slot.report) }
            continuation.yield(.loadFinished(load, delivery))
        }
        inFlight.insert(load, LoadsInFlight.Started(task: task, startedAt: now))
    }

    /// Cancels `load`'s task (a held load is dropped); what it still delivers is stale.
    func cancel(_ load: LoadID, now: Duration, describe: Describe) {
        if let loads = held, loads.contains(where: { $0.load == load }) {
            held = loads.filter { $0.load != load }
            return
        }
        guard let started = inFlight[load] else { return }
        started.task.cancel()
        if load.stream.isLogged {
            var metadata = describe(load)
            metadata["after"] = "\(Self.milliseconds(now - started.startedAt)) ms"
            logger.debug("load cancelled", metadata: metadata)
        }
    }

    /// Crosses off `load`, whose delivery came back, and logs how it ended.
    func finished(_ load: LoadID, summary: LoadSummary?, now: Duration, describe: Describe) {
        let started = inFlight.remove(load)
        if load.stream.isLogged { logFinished(load, summary: summary, startedAt: started?.startedAt, now: now, describe: describe) }
    }

    /// Cancels every load and forgets the held ones (the app ends).
    func cancelAll() {
        held = nil
        inFlight.cancelAll()
    }

    /// Logs a load that ended: its duration and item count, or its error.
    private func logFinished(_ load: LoadID, summary: LoadSummary?, startedAt: Duration?, now: Duration, describe: Describe) {
        // Nothing to build when nothing is logged (no `--log`): the metadata's dictionary
        // cost a scan of every conformance record the first time (docs/PERFORMANCE.md,
        // "Start-up: conformance scans").
        guard logger.logLevel <= .warning else { return }
        var metadata = describe(load)
        if let startedAt { metadata["duration"] = "\(Self.milliseconds(now - startedAt)) ms" }
        switch summary {
        case .failure(let message)?:
            metadata["error"] = "\(message)"
            logger.warning("load failed", metadata: metadata)
        case .success(let count)?:
            if let count { metadata["items"] = "\(count)" }
            logger.info("load finished", metadata: metadata)
        case nil:
            logger.info("load finished", metadata: metadata)
        }
    }

    /// `12.3` for a duration, in milliseconds.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (seconds * 1_000_000 + attoseconds / 1_000_000_000_000) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }
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
