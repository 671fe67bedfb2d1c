import Lister
import ListerSources

#if canImport(Glibc)
import Glibc
#endif

/// (d) Filter steps over a million rows with the filter engine (`Sources/Lister/Filter/`):
/// the rows of a ``LineStore`` (what `lister lines` filters), searched by ``FilterRun`` in
/// chunks on every core, as the runtime runs it off the main actor.
///
/// - a full scan: the first keystroke, every row examined;
/// - typing a query key by key through ``FilterEngine``, which narrows the previous matches
///   (the same query and the same corpus as the end-to-end comparison with fzf); for
///   `lister lines`' `/`, also on the lines of a file, read in place as `lister lines FILE`
///   reads them.
enum FilterBenchmark {
    /// The query typed; each prefix matches fewer lines than the one before.
    static let query = "orem"

    static func run(store text: LineStore, data: [UInt8], repetitions: Int, into report: inout Report) async {
        var firstCount = 0
        var full = Samples()
        for index in 0..<(repetitions + 1) {
            let run = FilterRun(query: FilterQuery(String(query.prefix(1))), rowCount: text.count)
            let start = monotonicNanoseconds()
            guard let result = try? await run.run(over: text) else { return }
            if index > 0 { full.append(monotonicNanoseconds() - start) }  // the first run warms up
            firstCount = result.matches.count
        }
        report.results.append(.timing("filter_full", "filter \"\(query.prefix(1))\": one run over all \(text.count) rows "
                                      + "(\(firstCount) matches)", full))

        await typeKeyByKey(store: text, repetitions: repetitions, into: &report, name: "filter_key", label: "filter engine") {
            FilterQuery($0)
        }
        await extended(store: text, repetitions: repetitions, into: &report)
        await extendedInFile(data, repetitions: repetitions, into: &report)
        await ranked(store: text, repetitions: repetitions, into: &report)
    }

    /// The same as ``extended(store:repetitions:into:)`` on the corpus written to a file
    /// and indexed where it is: the rows are read from the file (issue 34's figure is
    /// `lister lines FILE`'s).
    static func extendedInFile(_ data: [UInt8], repetitions: Int, into report: inout Report) async {
        var template = Array("/tmp/lister-bench-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return printError("ListerBenchmarks: cannot create a file in /tmp\n") }
        defer { close(fd) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == data.count, lseek(fd, 0, SEEK_SET) == 0, let store = try? LineStore.reading(fd: fd) else {
            return printError("ListerBenchmarks: cannot write and index the corpus in /tmp\n")
        }
        await typeKeyByKey(store: store, repetitions: repetitions, into: &report, name: "lines_file_fuzzy_key",
                           label: "lines filter (fuzzy, list order), a file's lines") { FilterQuery(extended: $0) }
    }

    /// `/` in `lister lines` (issue 34): the same query typed key by key in the extended
    /// syntax, where a term is fuzzy (its characters in order), the matches in list order.
    static func extended(store text: LineStore, repetitions: Int, into report: inout Report) async {
        await typeKeyByKey(store: text, repetitions: repetitions, into: &report, name: "lines_fuzzy_key",
                           label: "lines filter (fuzzy, list order)") { FilterQuery(extended: $0) }
    }

    /// `lister pick`'s filter (issue 21): the same query typed key by key, fuzzy and ranked
    /// best first (fzf's score and tiebreaks), each key scoring the previous key's matches.
    static func ranked(store text: LineStore, repetitions: Int, into report: inout Report) async {
        await typeKeyByKey(store: text, repetitions: repetitions, into: &report, name: "pick_key",
                           label: "pick engine (fuzzy, ranked)") {
            FilterQuery(ranking: FuzzyRanking(pattern: FuzzyPattern(String($0))))
        }
    }

    /// Types ``query`` key by key into a fresh engine, `repetitions` times after one that
    /// warms up, each key timed until its runs are received; one timing per key in `report`.
    private static func typeKeyByKey(store text: LineStore, repetitions: Int, into report: inout Report,
                                     name: String, label: String, makeQuery: (Substring) -> FilterQuery) async {
        var perKey = [Samples](repeating: Samples(), count: query.count)
        var counts = [Int](repeating: 0, count: query.count)
        for repetition in 0...repetitions {  // the first one warms up
            var engine = FilterEngine(rowCount: text.count)
            for (index, end) in query.indices.map({ query.index(after: $0) }).enumerated() {
                let start = monotonicNanoseconds()
                var action = engine.setQuery(makeQuery(query[..<end]))
                while let run = action.run {
                    guard let result = try? await run.run(over: text) else { return }
                    action = engine.receive(result)
                }
                if repetition > 0 { perKey[index].append(monotonicNanoseconds() - start) }
                counts[index] = engine.visibleCount
            }
        }
        for (index, samples) in perKey.enumerated() {
            let typed = String(query.prefix(index + 1))
            report.results.append(.timing("\(name)_\(index + 1)", "\(label), typing \"\(typed)\" (\(counts[index]) matches)", samples))
        }
    }
}
