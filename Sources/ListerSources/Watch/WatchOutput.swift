import Lister

/// The lines of one run of `lister watch`'s command, kept as `lister lines` keeps lines
/// (their bytes in blocks and an end offset each, ``LineStore``) plus each line's
/// occurrence among equal lines: about 8 bytes a line on top of the text, where an array of
/// ``WatchLine`` took about 47 for short lines. A ``WatchLine`` is made when a row is
/// fetched.
package struct WatchOutput: RandomAccessCollection, Sendable {
    /// The lines, as printed.
    let lines: LineStore
    /// Line `i`'s occurrence among the lines with its text before it (its identity's part).
    let occurrences: [UInt32]

    /// The lines of `bytes` (tests).
    init(_ bytes: [UInt8]) {
        var builder = WatchOutputBuilder()
        _ = bytes.withUnsafeBufferPointer { builder.append($0) }
        self = builder.finish()
    }

    init(lines: LineStore, occurrences: [UInt32]) {
        self.lines = lines
        self.occurrences = occurrences
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { lines.count }

    package subscript(position: Int) -> WatchLine {
        let line = lines[position]
        let text = String(decoding: line.isCut ? line.wholeBytes.bytes : line.bytes, as: UTF8.self)
        return WatchLine(text: text, id: WatchLine.ID(text: text, occurrence: Int(occurrences[position])))
    }
}

extension WatchOutput: FilterableText {
    /// The line's bytes where they are: the filter makes no string.
    package func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        lines.withUTF8(row: row, body)
    }

    package func forEachUTF8(in rows: FilterRowBatch, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        lines.forEachUTF8(in: rows, body)
    }
}

/// Reads a run's output into a ``WatchOutput`` as it comes, keeping at most `limit` bytes.
struct WatchOutputBuilder {
    private var builder = LineStoreBuilder(separator: 0x0A)
    /// The most bytes kept; what comes after is dropped (``isCut``).
    let limit: Int
    /// The bytes kept so far.
    private(set) var kept = 0
    /// Whether output was dropped past ``limit``.
    private(set) var isCut = false

    init(limit: Int = .max) {
        self.limit = limit
    }

    /// Appends output up to the limit; false once output was dropped.
    @discardableResult
    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        let taken = min(chunk.count, limit - kept)
        builder.append(UnsafeBufferPointer(rebasing: chunk[..<taken]))
        kept += taken
        if taken < chunk.count { isCut = true }
        return !isCut
    }

    /// The lines (a last one without a newline counts), each numbered among its equals.
    consuming func finish() -> WatchOutput {
        let lines = builder.finish()
        // Equal lines are counted by a hash of their bytes: two texts with the same hash
        // share a counter, which only skips numbers; a text's occurrences stay distinct.
        var seen: [Int: UInt32] = [:]
        var occurrences = [UInt32](repeating: 0, count: lines.count)
        for row in 0..<lines.count {
            lines.withUTF8(row: row) { bytes in
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
                let key = hasher.finalize()
                let occurrence = seen[key, default: 0]
                seen[key] = occurrence &+ 1
                occurrences[row] = occurrence
            }
        }
        return WatchOutput(lines: lines, occurrences: occurrences)
    }
}
