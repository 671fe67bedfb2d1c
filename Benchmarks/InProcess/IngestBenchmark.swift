import ListerSources

/// (c) Splitting input into lines: ``LineStore`` over a million lines already in memory
/// (what `lister lines` does after reading its input), as throughput.
enum IngestBenchmark {
    static func run(data: [UInt8], repetitions: Int, into report: inout Report) {
        var lines = 0
        let samples = measure(repetitions: repetitions, warmUp: 1) {
            let store = LineStore(data)
            lines = store.count
        }
        report.results.append(.timing("ingest_time", "LineStore: split \(lines) lines, \(data.count) bytes", samples))
        // Throughput from the median time, and (in the p95 column) from the p95 time.
        let medianSeconds = samples.median / 1e9, slowSeconds = samples.p95 / 1e9
        let megabytes = Double(data.count) / 1e6
        report.results.append(Result(
            key: "ingest_mb_s", label: "LineStore ingest throughput (p95 column: at the p95 time)", unit: "MB/s",
            median: megabytes / medianSeconds, p95: megabytes / slowSeconds, repetitions: samples.count))
        report.results.append(Result(
            key: "ingest_lines_s", label: "LineStore ingest, lines per second (p95 column: at the p95 time)",
            unit: "lines/s", median: (Double(lines) / medianSeconds).rounded(),
            p95: (Double(lines) / slowSeconds).rounded(), repetitions: samples.count))
    }
}
