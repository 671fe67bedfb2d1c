import Lister

/// (d) Filter steps over a million rows with the filter engine (`Sources/Lister/Filter/`):
/// the rows as one byte buffer with line offsets (the layout of ``LineStore``), searched
/// by ``FilterRun`` in chunks on every core, as the runtime would run it off the main actor.
///
/// - a full scan: the first keystroke, every row examined;
/// - typing a query key by key through ``FilterEngine``, which narrows the previous matches
///   (the same query and the same corpus as the end-to-end comparison with fzf).
enum FilterBenchmark {
    /// The query typed; each prefix matches fewer lines than the one before.
    static let query = "orem"

    static func run(data: [UInt8], repetitions: Int, into report: inout Report) async {
        let text = CorpusText(data)
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

        var perKey = [Samples](repeating: Samples(), count: query.count)
        var counts = [Int](repeating: 0, count: query.count)
        for _ in 0..<repetitions {
            var engine = FilterEngine(rowCount: text.count)
            for (index, end) in query.indices.map({ query.index(after: $0) }).enumerated() {
                let start = monotonicNanoseconds()
                var action = engine.setQuery(FilterQuery(query[..<end]))
                while let run = action.run {
                    guard let result = try? await run.run(over: text) else { return }
                    action = engine.receive(result)
                }
                perKey[index].append(monotonicNanoseconds() - start)
                counts[index] = engine.visibleCount
            }
        }
        for (index, samples) in perKey.enumerated() {
            let typed = String(query.prefix(index + 1))
            report.results.append(.timing("filter_key_\(index + 1)", "filter engine, typing \"\(typed)\" "
                                          + "(\(counts[index]) matches)", samples))
        }
    }
}

/// Lines as ``LineStore`` keeps them, one byte buffer and one offset per line, readable by
/// the filter. (`LineStore` itself does not offer its bytes to the filter yet.)
struct CorpusText: FilterableText {
    private let bytes: [UInt8]
    private let starts: [Int]

    /// Splits newline-terminated `data` into lines.
    init(_ data: [UInt8]) {
        var starts = [0]
        for (index, byte) in data.enumerated() where byte == 0x0A { starts.append(index + 1) }
        if starts.last != data.count { starts.append(data.count + 1) }
        bytes = data
        self.starts = starts
    }

    var count: Int { starts.count - 1 }

    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in body(Self.line(row, of: all, starts: starts)) }
    }

    func forEachUTF8(in rows: FilterRowBatch, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            for row in rows { body(row, Self.line(row, of: all, starts: starts)) }
        }
    }

    /// The bytes of line `row`, without its newline.
    @inline(__always)
    private static func line(_ row: Int, of all: UnsafeBufferPointer<UInt8>, starts: [Int]) -> UnsafeBufferPointer<UInt8> {
        let end = min(starts[row + 1] - 1, all.count)
        return UnsafeBufferPointer(rebasing: all[starts[row]..<end])
    }
}
