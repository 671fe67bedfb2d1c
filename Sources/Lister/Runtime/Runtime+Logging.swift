import Logging

/// What the runtime writes to `Configuration.logger` about loads.
extension Runtime {
    /// The screen's title, the load's stream and generation, for every log line about a load.
    func logMetadata(_ load: LoadID) -> Logger.Metadata {
        let title = entries.first(where: { $0.host.id == load.screen })?.host.title ?? "(closed)"
        var metadata: Logger.Metadata = ["screen": "\(title)", "generation": "\(load.generation)"]
        if load.stream != .list { metadata["stream"] = "\(load.stream)" }
        return metadata
    }

    /// Logs a load that ended: its duration and item count, or its error.
    func logFinished(_ load: LoadID, summary: LoadSummary?, startedAt: Duration?) {
        let logger = configuration.logger
        // Nothing to build when nothing is logged (no `--log`): the metadata's dictionary
        // cost a scan of every conformance record the first time (docs/PERFORMANCE.md,
        // "Start-up: conformance scans").
        guard logger.logLevel <= .warning else { return }
        var metadata = logMetadata(load)
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
