import Lister

#if canImport(Glibc)
import Glibc
#endif

/// Lines kept compactly: their bytes in blocks of about a megabyte, and one 32-bit end
/// offset per line, so a million lines cost a few dozen allocations and about 4 bytes per
/// line on top of their text, instead of a million strings.
///
/// A store is an immutable snapshot: a ``LineStoreBuilder`` that is still reading hands
/// out snapshots that share its finished blocks. Bytes are kept exactly as read (invalid
/// UTF-8 included), so a picked line is printed back byte for byte. Input from a large
/// regular file keeps only the line ends: its bytes are read back from the file when a row
/// is shown, filtered or printed (``LineSourceFile``); so does a large pipe, from the
/// temporary file it is written to as it is read (``SpillingLineBuilder``).
package struct LineStore: RandomAccessCollection, Sendable {
    /// The blocks, in order.
    let blocks: [LineBlock]
    /// The number of the first line of each block.
    let firstLines: [Int]
    /// The number of lines.
    package let count: Int
    /// What cut the input into records when not every separator did (CSV), as it stood
    /// when this snapshot was taken; nil for lines.
    let framing: (any RecordFraming)?

    /// Splits `data` on `separator` (a final separator does not start an empty line).
    package init(_ data: [UInt8], separator: UInt8 = 0x0A) {
        var builder = LineStoreBuilder(separator: separator)
        data.withUnsafeBufferPointer { builder.append($0) }
        self = builder.finish()
    }

    init(blocks: [LineBlock], firstLines: [Int], count: Int, framing: (any RecordFraming)? = nil) {
        self.blocks = blocks
        self.firstLines = firstLines
        self.count = count
        self.framing = framing
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    /// The line at `position`. Of a line longer than ``Line/shownLimit`` only the first bytes
    /// are read: drawing a row of a 200 MB line costs what drawing a short one does
    /// (``Line/wholeBytes`` reads all of it, to print it).
    package subscript(position: Int) -> Line {
        precondition(position >= 0 && position < count, "LineStore index \(position) out of 0..<\(count)")
        let block = block(containing: position)
        let local = position - firstLines[block]
        let length = blocks[block].span(ofLine: local).count
        guard length > Line.shownLimit else {
            let read = blocks[block].bytes(ofLine: local)
            return Line(number: position + 1, bytes: read.bytes, isComplete: read.complete)
        }
        let read = blocks[block].bytes(ofLine: local, limit: Line.shownLimit)
        return Line(number: position + 1, bytes: read.bytes, isComplete: read.complete, length: length,
                    whole: (blocks[block], local))
    }

    /// Whether the file the lines are read back from was found shorter than when they were
    /// indexed (truncated from outside): the lines it lost show as `^@`.
    package var hasShrunk: Bool { file?.hasShrunk ?? false }

    /// Whether a filter reads the lines in place from their file's mapping.
    var isMapped: Bool { file?.isMapped ?? false }

    /// The file the lines are read back from, if any (one file for all blocks).
    private var file: LineSourceFile? {
        for block in blocks {
            if case .file(let file, _) = block.storage { return file }
        }
        return nil
    }

    /// The index of the block that holds line `position`.
    func block(containing position: Int) -> Int {
        // The last block is the usual answer while reading and after; else a binary search.
        if let last = firstLines.last, position >= last { return firstLines.count - 1 }
        var low = 0, high = firstLines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstLines[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// Complete lines, one after another: their bytes, and where each ends.
///
/// The bytes are in memory, or in a file from `offset` on, where each line is followed by
/// its separator (so a line's span in the file is one byte longer per line before it).
final class LineBlock: Sendable {
    /// Where the bytes are.
    enum Storage {
        /// In memory, separators removed.
        case memory([UInt8])
        /// In a file from `offset`, separators kept.
        case file(LineSourceFile, offset: Int)
    }

    let storage: Storage
    /// The end of each line in the block's bytes; a line starts where the one before it
    /// ends (in a file, one byte after, past the separator).
    let ends: [UInt32]
    /// Whether the bytes are in a file (``Storage/file(_:offset:)``).
    let isInFile: Bool

    init(bytes: [UInt8], ends: [UInt32]) {
        storage = .memory(bytes)
        self.ends = ends
        isInFile = false
    }

    init(file: LineSourceFile, offset: Int, ends: [UInt32]) {
        storage = .file(file, offset: offset)
        self.ends = ends
        isInFile = true
    }

    /// Where line `index` is in the block's bytes.
    @inline(__always)
    func span(ofLine index: Int) -> Range<Int> {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        switch storage {
        case .memory: return start..<Int(ends[index])
        case .file: return (index == 0 ? 0 : start + 1)..<Int(ends[index])
        }
    }

    /// Line `index`'s bytes (its first `limit` at most), and whether they were all there (a
    /// file can shrink after it was indexed; zeros stand in for what it lost).
    func bytes(ofLine index: Int, limit: Int = .max) -> (bytes: ArraySlice<UInt8>, complete: Bool) {
        var span = span(ofLine: index)
        span = span.lowerBound..<span.lowerBound + min(span.count, limit)
        switch storage {
        case .memory(let bytes):
            return (bytes[span], true)
        case .file(let file, let offset):
            let read = file.bytes(at: offset + span.lowerBound, count: span.count)
            return (read.bytes[...], read.complete)
        }
    }

    /// Calls `body` with the block's bytes in `range`, the first of them at index 0 (for a
    /// block kept in a file, in place in its mapping or read into a buffer that lives for
    /// the call: ``LineSourceFile/withBytes(at:count:_:)``).
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .memory(let bytes):
            return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        case .file(let file, let offset):
            return try file.withBytes(at: offset + range.lowerBound, count: range.count, body)
        }
    }
}

/// One line of input: its number and its exact bytes.
package struct Line: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// A row shows at most this many bytes of a line (256 KiB, more columns than `>`
    /// scrolls through in a session): the rest of a longer one is read only to print it.
    package static let shownLimit = 1 << 18

    /// The 1-based line number, which is also its identity.
    package let number: Int
    /// The bytes as read, without the separator: all of them, or the first
    /// ``shownLimit`` of a longer line (``isCut``; ``wholeBytes`` reads them all).
    package let bytes: ArraySlice<UInt8>
    /// False when the input file had lost some of the line's bytes by the time they were
    /// read back (it was truncated from outside after it was indexed): zeros stand in for
    /// them, so the line must not be printed as if it had been read.
    package let isComplete: Bool
    /// The line's length in bytes.
    package let length: Int
    /// Where the rest of a cut line is.
    private let whole: (block: LineBlock, index: Int)?

    package var id: Int { number }

    init(number: Int, bytes: ArraySlice<UInt8>, isComplete: Bool = true, length: Int? = nil,
         whole: (block: LineBlock, index: Int)? = nil) {
        self.number = number
        self.bytes = bytes
        self.isComplete = isComplete
        self.length = length ?? bytes.count
        self.whole = whole
    }

    /// Whether ``bytes`` holds only the start of the line.
    package var isCut: Bool { length > bytes.count }

    /// All of the line's bytes, read again for a cut line (to print it), and whether they
    /// were all there.
    package var wholeBytes: (bytes: ArraySlice<UInt8>, complete: Bool) {
        guard isCut, let whole else { return (bytes, isComplete) }
        return whole.block.bytes(ofLine: whole.index)
    }

    /// The text, invalid UTF-8 replaced with U+FFFD and a trailing carriage return dropped.
    /// Control characters stay; views show them visibly. A cut line ends in `…`.
    package var description: String {
        var slice = bytes
        if slice.last == 0x0D, !isCut { slice = slice.dropLast() }
        let text = String(decoding: slice, as: UTF8.self)
        return isCut ? text + "…" : text
    }

    package static func == (lhs: Line, rhs: Line) -> Bool {
        lhs.number == rhs.number && lhs.length == rhs.length && lhs.isComplete == rhs.isComplete && lhs.bytes == rhs.bytes
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(length)
        hasher.combine(bytes.prefix(64))
    }
}

extension LineStore: FilterableText {
    package func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let index = block(containing: row)
        let block = blocks[index]
        let line = block.bytes(ofLine: row - firstLines[index]).bytes
        line.withUnsafeBufferPointer { bytes in
            body(UnsafeBufferPointer(rebasing: bytes[Self.shown(0..<bytes.count, in: bytes)]))
        }
    }

    package func forEachUTF8(in rows: FilterRowBatch, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        var position = 0
        while position < rows.count {
            // The rows of one block in a run, the bytes from the first to the last of them
            // pinned (or read from the file) once for all of them.
            let index = block(containing: rows[position])
            let block = blocks[index], first = firstLines[index]
            let end = index + 1 < firstLines.count ? firstLines[index + 1] : count
            var runEnd = position + 1
            while runEnd < rows.count, rows[runEnd] < end { runEnd += 1 }
            let start = block.span(ofLine: rows[position] - first).lowerBound
            let bytes = start..<block.span(ofLine: rows[runEnd - 1] - first).upperBound
            block.withBytes(in: bytes) { all in
                block.ends.withUnsafeBufferPointer { ends in
                    // `span(ofLine:)` by hand, without its checks: a line in a file starts
                    // one byte after the end before it, past the separator.
                    guard let ends = ends.baseAddress else { return }  // a block has a line at least
                    guard let base = all.baseAddress else {
                        // No bytes at all: every row of the run is empty.
                        for position in position..<runEnd { body(rows[position], UnsafeBufferPointer(start: nil, count: 0)) }
                        return
                    }
                    let skip = block.isInFile ? 1 : 0
                    for position in position..<runEnd {
                        let row = rows[position]
                        let local = row - first
                        let lower = (local == 0 ? 0 : Int(ends[local - 1]) + skip) - start
                        var upper = Int(ends[local]) - start
                        if upper > lower, base[upper - 1] == 0x0D { upper -= 1 }  // not shown
                        body(row, UnsafeBufferPointer(start: base + lower, count: upper - lower))
                    }
                }
            }
            position = runEnd
        }
    }

    /// Calls `body` with each of `rows` (ascending) and its bytes as read, a final carriage
    /// return kept: the bytes of a run of nearby rows in one block are read once, and
    /// nothing is allocated per line (`lister pick --filter` prints millions of lines).
    /// A run ends where the next row is more than `gap` bytes further on, so that sparse
    /// rows do not read the whole block between them.
    package func forEachLine(in rows: UnsafeBufferPointer<Int32>, gap: Int = 4096,
                            _ body: (_ row: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Void) {
        var position = 0
        while position < rows.count {
            let index = block(containing: Int(rows[position]))
            let block = blocks[index], first = firstLines[index]
            let end = index + 1 < firstLines.count ? firstLines[index + 1] : count
            var runEnd = position + 1
            while runEnd < rows.count, Int(rows[runEnd]) < end,
                  block.span(ofLine: Int(rows[runEnd]) - first).lowerBound
                    - block.span(ofLine: Int(rows[runEnd - 1]) - first).upperBound <= gap {
                runEnd += 1
            }
            let start = block.span(ofLine: Int(rows[position]) - first).lowerBound
            let bytes = start..<block.span(ofLine: Int(rows[runEnd - 1]) - first).upperBound
            block.withBytes(in: bytes) { all in
                for position in position..<runEnd {
                    let row = Int(rows[position])
                    let span = block.span(ofLine: row - first)
                    body(row, UnsafeBufferPointer(rebasing: all[(span.lowerBound - start)..<(span.upperBound - start)]))
                }
            }
            position = runEnd
        }
    }

    /// `span` without a final carriage return (it is not shown).
    @inline(__always)
    private static func shown(_ span: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        span.upperBound > span.lowerBound && bytes[span.upperBound - 1] == 0x0D ? span.lowerBound..<span.upperBound - 1 : span
    }
}
