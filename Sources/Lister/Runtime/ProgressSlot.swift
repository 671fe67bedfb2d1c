import TerminalCore

/// The newest report of a load in flight that the loop has not taken yet.
///
/// A load may report thousands of times a second; only the first report after the loop
/// took the last one sends an event, so reports never queue up behind a busy loop.
@_spi(Testing)
public final class ProgressSlot: Sendable {
    private let latest = Locked<Delivery?>(nil)
    private let load: LoadID
    private let continuation: EventChannel<Runtime.Event>
    private let counter: ProbeCounter

    init(load: LoadID, continuation: EventChannel<Runtime.Event>, counter: ProbeCounter) {
        self.load = load
        self.continuation = continuation
        self.counter = counter
    }

    /// Keeps `payload` as the newest report, and sends an event unless one is on its way.
    @Sendable func report(_ payload: Delivery) {
        let wasEmpty = latest.withLock { slot in
            defer { slot = payload }
            return slot == nil
        }
        guard wasEmpty else { return }
        counter.reportSent()
        continuation.yield(.loadProgress(load, self))
    }

    /// Takes the newest report (the loop does, once per event).
    func take() -> Delivery? {
        let payload = latest.withLock { slot in
            defer { slot = nil }
            return slot
        }
        if payload != nil { counter.reportTaken() }
        return payload
    }
}

/// Counts loads parked in a ``LoadProbe`` and wakes the loop when that changes; also
/// counts progress reports sent and not yet taken, so headless tests settle after them.
final class ProbeCounter: Sendable {
    private let count = Locked(0)
    private let reports = Locked(0)
    private let continuation: EventChannel<Runtime.Event>

    init(continuation: EventChannel<Runtime.Event>) {
        self.continuation = continuation
    }

    var parked: Int { count.withLock { $0 } }
    var undeliveredReports: Int { reports.withLock { $0 } }
    func reportSent() { reports.withLock { $0 += 1 } }
    func reportTaken() { reports.withLock { $0 -= 1 } }

    var reporter: LoadProbe {
        LoadProbe { [count, continuation] parked in
            count.withLock { $0 += parked ? 1 : -1 }
            continuation.yield(.wake)
        }
    }
}
