import Logging

/// Loads: the runtime is the hosts' scheduler; the ``LoadBook`` starts, holds, cancels
/// and logs them, named by their screen's title (``logMetadata(_:)``).
extension Runtime: LoadScheduler {
    func startLoad(_ load: LoadID,
                   reporting operation: @escaping @Sendable (_ report: @escaping @Sendable (Delivery) -> Void) async -> Delivery) {
        loadBook.start(load, now: now, describe: logMetadata, reporting: operation)
    }

    /// Starts the loads held while the first frame was drawn, in the order they were asked for.
    func releaseHeldLoads() { loadBook.releaseHeld(now: now, describe: logMetadata) }

    func cancelLoad(_ load: LoadID) { loadBook.cancel(load, now: now, describe: logMetadata) }

    var logger: Logger { configuration.logger }

    /// The screen's title, the load's stream and generation, for every log line about a load.
    func logMetadata(_ load: LoadID) -> Logger.Metadata {
        let title = entries.first(where: { $0.host.id == load.screen })?.host.title ?? "(closed)"
        var metadata: Logger.Metadata = ["screen": "\(title)", "generation": "\(load.generation)"]
        if load.stream != .list { metadata["stream"] = "\(load.stream)" }
        return metadata
    }
}
