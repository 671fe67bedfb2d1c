import ListerSources

/// (d) A filter step over a million rows. The filter engine (`Sources/Lister/Filter/`) has
/// no public API in this tree yet, so the benchmark only says so.
enum FilterBenchmark {
    static func run(store: LineStore, into report: inout Report) {
        report.notes.append("filter: not available yet")
    }
}
