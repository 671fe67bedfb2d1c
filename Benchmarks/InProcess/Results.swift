#if canImport(Glibc)
import Glibc
#endif

/// One line of the results: a timing with its median and p95, or a single figure.
struct Result {
    /// A stable key for the report script (`render_top`, `ingest_mb_s`, ...).
    var key: String
    /// What was measured, for people.
    var label: String
    /// The unit of `median` and `p95`.
    var unit: String
    /// The median over the repetitions (or the figure itself).
    var median: Double
    /// The 95th percentile, when there are repetitions.
    var p95: Double?
    /// Number of repetitions.
    var repetitions: Int

    /// A timing result in milliseconds.
    static func timing(_ key: String, _ label: String, _ samples: Samples) -> Result {
        Result(key: key, label: label, unit: "ms", median: samples.median / 1e6, p95: samples.p95 / 1e6,
               repetitions: samples.count)
    }
}

/// Everything one run of the benchmarks found.
struct Report {
    var results: [Result] = []
    var notes: [String] = []
    var corpus: (lines: Int, bytes: Int, hash: String) = (0, 0, "")

    /// The results as a markdown table.
    var markdown: String {
        var text = "| in-process benchmark | median | p95 | unit | runs |\n|---|---:|---:|---|---:|\n"
        for result in results {
            let p95 = result.p95.map { format($0) } ?? "-"
            text += "| \(result.label) | \(format(result.median)) | \(p95) | \(result.unit) | \(result.repetitions) |\n"
        }
        for note in notes { text += "\n\(note)\n" }
        return text
    }

    /// The results as JSON, for `Benchmarks/report.py`.
    var json: String {
        let entries = results.map { result in
            let p95 = result.p95.map { String($0) } ?? "null"
            return "    \"\(result.key)\": {\"label\": \"\(escape(result.label))\", \"unit\": \"\(result.unit)\", "
                + "\"median\": \(result.median), \"p95\": \(p95), \"runs\": \(result.repetitions)}"
        }
        let notes = self.notes.map { "\"\(escape($0))\"" }.joined(separator: ", ")
        return """
            {
              "corpus": {"lines": \(corpus.lines), "bytes": \(corpus.bytes), "fnv1a": "\(corpus.hash)"},
              "results": {
            \(entries.joined(separator: ",\n"))
              },
              "notes": [\(notes)]
            }

            """
    }

    private func escape(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    }
}

/// A number for a table: integers as they are, else 1 decimal from 100 up, 3 from 1 up,
/// and 4 below 1.
func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    let magnitude = abs(value)
    let decimals = magnitude >= 100 ? 1 : magnitude >= 1 ? 3 : 4
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((magnitude * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
    return (value < 0 ? "-" : "") + "\(scaled / scale).\(padded)"
}
