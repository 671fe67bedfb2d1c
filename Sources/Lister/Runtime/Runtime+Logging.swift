import Logging

/// What the runtime writes to `Configuration.logger` about loads.
extension Runtime {
    /// The screen's title and the load's generation, for every log line about a load.
    func logMetadata(screen: Int, generation: Int) -> Logger.Metadata {
        let title = stack.first(where: { $0.id == screen })?.title ?? "screen \(screen)"
        return ["screen": "\(title)", "generation": "\(generation)"]
    }

    /// Logs a load that ended: its duration and item count, or its error.
    func logFinished(host: (any ScreenHost)?, generation: Int, payload: any Sendable, startedAt: Duration?) {
        let logger = configuration.logger
        var metadata: Logger.Metadata = ["screen": "\(host?.title ?? "(closed)")", "generation": "\(generation)"]
        if let startedAt { metadata["duration"] = "\(Self.milliseconds(now - startedAt)) ms" }
        switch (payload as? any LoadSummary)?.summary {
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

/// What a load's result says for the log: how many items, or the error.
protocol LoadSummary {
    var summary: LoadSummaryValue { get }
}

enum LoadSummaryValue {
    case success(count: Int?)
    case failure(String)
}

extension Result: LoadSummary {
    var summary: LoadSummaryValue {
        switch self {
        case .success(let value): return .success(count: (value as? any Collection)?.count)
        case .failure(let error): return .failure((error as? ListError)?.message ?? "\(error)")
        }
    }
}
