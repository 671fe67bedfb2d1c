import Logging
import TerminalCore

/// Loads: started off the main actor as tasks keyed by ``LoadID``, their deliveries brought
/// back through the loop, cancelled by id.
extension Runtime: LoadScheduler {
    func startLoad(_ load: LoadID,
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
        loads[load] = (task, now)
    }

    func cancelLoad(_ load: LoadID) {
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
