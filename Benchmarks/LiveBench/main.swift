// LiveBench: a live list under a feed of about 100,000 changes a second, for `make
// bench-live` (Benchmarks/e2e/live.py measures its key latency in a pseudo-terminal).
//
//   LiveBench [CHANGES_PER_SECOND]
//
// 10,000 rows; every millisecond a batch of changes: nine in ten update a row in place,
// one in ten appends one. The status bar's note says how many changes were sent, so the
// driver can check the rate it got.
import Lister
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

struct Record: Identifiable, Sendable {
    let id: Int
    var version: Int
}

struct Bench: LiveListScreen {
    let title = "Live bench"
    let rate: Int

    nonisolated func load() async throws -> [Record] { (0..<10_000).map { Record(id: $0, version: 0) } }

    nonisolated func changes() -> AsyncStream<ListChange<Record>> {
        let perMillisecond = max(1, rate / 1000)
        return AsyncStream { continuation in
            let task = Task.detached {
                let clock = ContinuousClock()
                let start = clock.now
                var sent = 0
                var next = 10_000
                var tick = 0
                while !Task.isCancelled {
                    tick += 1
                    for _ in 0..<perMillisecond {
                        if sent % 10 == 9 {
                            continuation.yield(.append([Record(id: next, version: 0)]))
                            next += 1
                        } else {
                            continuation.yield(.update(Record(id: (sent &* 7919) % next, version: sent)))
                        }
                        sent += 1
                    }
                    if tick % 100 == 0 { continuation.yield(.note("sent \(sent)")) }
                    try? await clock.sleep(until: start + .milliseconds(tick))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func row(_ row: Record, context: RowContext) -> Text { Text("row \(row.id)  version \(row.version)") }
}

let rate = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
_ = try ListerApp.run(Bench(rate: rate))
