// ListerBenchmarks: the in-process benchmarks of `make bench`.
//
//   ListerBenchmarks [--json FILE] [--quick] [--only ingest|render|keys|previews|filter|pick]
//
// Prints a markdown table (median and p95 over the repetitions, monotonic clock) and with
// --json writes the same figures for Benchmarks/report.py. --quick uses fewer repetitions,
// for trying changes; --only runs one group (for profiling it). Build in release mode:
// debug figures mean nothing.

import ListerSources

#if canImport(Glibc)
import Glibc
#endif

/// Runs every benchmark on the same generated million lines.
@MainActor
func runBenchmarks(quick: Bool, only: String?) async -> Report {
    var report = Report()
    let data = Corpus.lines(1_000_000)
    let store = LineStore(data)
    report.corpus = (store.count, data.count, Corpus.fnv1a(data))
    func runs(_ group: String) -> Bool { only == nil || only == group }

    if runs("ingest") { IngestBenchmark.run(data: data, repetitions: quick ? 5 : 15, into: &report) }
    if runs("render") { RenderBenchmarks.run(store: store, repetitions: quick ? 50 : 500, into: &report) }
    let presses = quick ? 50 : 300
    if runs("keys") || only == "previews" {
        await KeyBenchmarks.run(store: store, label: "1,000,000 rows", keyPrefix: "down_1m", presses: presses, into: &report)
        if only != "previews" {
            let small = LineStore(Corpus.lines(1_000))
            await KeyBenchmarks.run(store: small, label: "1,000 rows", keyPrefix: "down_1k", presses: presses, into: &report)
            await KeyBenchmarks.run(store: store, label: "1,000,000 rows", keyPrefix: "down_ahead_1m", presses: presses,
                                    drawsAhead: true, into: &report)
        }
        // Issue 18: Down with a preview pane (in-process loader) at most 1.5x Down without.
        await KeyBenchmarks.run(store: store, label: "1,000,000 rows, preview pane", keyPrefix: "down_preview_1m",
                                presses: presses, previews: true, into: &report)
        await KeyBenchmarks.run(store: store, label: "1,000,000 rows, preview pane prefetching", keyPrefix: "down_prefetch_1m",
                                presses: presses, previews: true, prefetches: true, into: &report)
        await KeyBenchmarks.run(store: store, label: "1,000,000 rows, immediate preview", keyPrefix: "down_preview_now_1m",
                                presses: presses, previews: true, immediatePreview: true, into: &report)
    }
    if runs("filter") { await FilterBenchmark.run(store: store, data: data, repetitions: quick ? 5 : 15, into: &report) }
    // `lister pick`'s ranked keystroke alone (part of "filter"), for profiling it.
    if only == "pick" { await FilterBenchmark.ranked(store: store, repetitions: quick ? 5 : 15, into: &report) }
    return report
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

var jsonPath: String?
var quick = false
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": jsonPath = arguments.popFirst()
    case "--quick": quick = true
    case "--only": only = arguments.popFirst()
    default:
        printError("usage: ListerBenchmarks [--json FILE] [--quick] [--only ingest|render|keys|previews|filter|pick]\n")
        exit(2)
    }
}

let report = await runBenchmarks(quick: quick, only: only)
print("corpus: \(report.corpus.lines) lines, \(report.corpus.bytes) bytes, FNV-1a \(report.corpus.hash)\n")
print(report.markdown)
if let jsonPath {
    guard let file = fopen(jsonPath, "w") else {
        printError("ListerBenchmarks: cannot write \(jsonPath)\n")
        exit(1)
    }
    fputs(report.json, file)
    fclose(file)
}
