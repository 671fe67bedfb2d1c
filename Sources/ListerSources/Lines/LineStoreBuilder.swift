import Lister

#if canImport(Glibc)
import Glibc
#endif

/// Reads input into a ``LineStore`` chunk by chunk, as it arrives.
///
/// One writer appends; ``snapshot()`` gives the lines complete so far as a store that
/// shares the finished blocks (only the open block, at most about a megabyte, is copied),
/// so a list can show and filter them while reading goes on.
package struct LineStoreBuilder {
    /// The byte that ends a line.
    package let separator: UInt8
    private var blocks: [LineBlock] = []
    private var firstLines: [Int] = []
    private var sealedLines = 0
    /// The open block: complete lines, then the start of the line being read (in memory
    /// only when there is no `file`).
    private var bytes: [UInt8] = []
    private var ends: [UInt32] = []
    /// The bytes of the open block so far: `bytes.count` in memory; in a file, separators
    /// included.
    private var length = 0
    /// The file the bytes are read back from, and where the open block starts in it.
    private var file: LineSourceFile?
    private var blockOffset = 0
    /// Where records end, when not at every separator (CSV); nil for lines.
    private(set) var framing: (any RecordFraming)?
    /// Where the framing's records end in the chunk being appended (kept for its capacity).
    private var recordEnds: [Int] = []

    /// A block is closed once its bytes reach this size, or its lines this number.
    private let blockBytes: Int
    private let blockLines: Int
    /// The most bytes a block can hold (its offsets are 32-bit): a longer line is cut.
    private let blockLimit: Int

    /// Starts an empty store whose lines end with `separator`.
    package init(separator: UInt8 = 0x0A) {
        self.init(separator: separator, blockBytes: 1 << 20, blockLines: 1 << 16)
    }

    /// Starts an empty store with blocks of at most about `blockBytes` and `blockLines`,
    /// and never more than `blockLimit` bytes (tests make them tiny to cross many block
    /// boundaries). With `file`, the input appended is that file's bytes from `offset` on,
    /// and they are not kept.
    init(separator: UInt8, blockBytes: Int, blockLines: Int, blockLimit: Int = Int(UInt32.max),
         file: LineSourceFile? = nil, offset: Int = 0, framing: (any RecordFraming)? = nil) {
        self.separator = separator
        self.framing = framing
        self.blockBytes = blockBytes
        self.blockLines = blockLines
        self.blockLimit = blockLimit
        self.file = file
        blockOffset = offset
        if file == nil { bytes.reserveCapacity(blockBytes) }
    }

    /// Starts an empty store for the bytes of `file` from `offset` on, which it reads back
    /// from the file instead of keeping them.
    init(separator: UInt8, file: LineSourceFile, offset: Int, framing: (any RecordFraming)? = nil) {
        self.init(separator: separator, blockBytes: 1 << 20, blockLines: 1 << 16, file: file, offset: offset, framing: framing)
    }

    /// Starts an empty store whose records end where `framing` says (each at a `separator`).
    init(separator: UInt8, framing: any RecordFraming) {
        self.init(separator: separator, blockBytes: 1 << 20, blockLines: 1 << 16, framing: framing)
    }

    /// The number of complete lines so far.
    package var count: Int { sealedLines + ends.count }

    /// Appends input; a line may continue in the next chunk.
    package mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let base = chunk.baseAddress else { return }
        if framing != nil { return appendRecords(chunk) }
        var start = 0
        while start < chunk.count {
            let rest = UnsafeBufferPointer(start: base + start, count: chunk.count - start)
            guard let found = memchr(base + start, Int32(separator), rest.count) else {
                appendToOpenLine(rest)
                return
            }
            let length = UnsafeRawPointer(found) - UnsafeRawPointer(base + start)
            appendToOpenLine(UnsafeBufferPointer(start: base + start, count: length))
            endLine()
            start += length + 1
        }
    }

    /// Appends input cut into records where the framing says: it finds the chunk's record
    /// ends first, then they are taken as `append` takes lines.
    private mutating func appendRecords(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let base = chunk.baseAddress, var scanner = framing else { return }
        // Both taken out while in use: no copy of either is made.
        framing = nil
        var ends: [Int] = []
        swap(&ends, &recordEnds)
        scanner.scan(chunk, ends: &ends)
        framing = scanner
        var start = 0
        for end in ends {
            if end < 0 {
                // The last byte appended was the separator: it leaves the line.
                endLineBeforeItsLastByte()
                continue
            }
            appendToOpenLine(UnsafeBufferPointer(start: base + start, count: end - start))
            endLine()
            start = end + 1
        }
        appendToOpenLine(UnsafeBufferPointer(start: base + start, count: chunk.count - start))
        ends.removeAll(keepingCapacity: true)
        swap(&ends, &recordEnds)
    }

    /// The number of lines a snapshot shows: the complete ones, and the line being read
    /// once it is longer than a row shows (``Line/shownLimit``).
    package var shownCount: Int { count + (openLineIsLong ? 1 : 0) }

    /// Whether the line being read is already longer than a row shows: its start is shown
    /// at once, not when its end comes (a 200 MB line shows before it is read to its end).
    private var openLineIsLong: Bool { length - openLineStart > Line.shownLimit }

    /// The lines complete so far, as a store, and the line being read if it is already
    /// longer than a row shows (as much of it as has come).
    package func snapshot() -> LineStore {
        var shownBlocks = blocks
        var shownFirstLines = firstLines
        if let file {
            let shownEnds = openLineIsLong ? ends + [UInt32(length)] : ends
            if !shownEnds.isEmpty {
                shownBlocks.append(LineBlock(file: file, offset: blockOffset, ends: shownEnds))
                shownFirstLines.append(sealedLines)
            }
        } else {
            if !ends.isEmpty {
                shownBlocks.append(LineBlock(bytes: Array(bytes[..<Int(ends[ends.count - 1])]), ends: ends))
                shownFirstLines.append(sealedLines)
            }
            if openLineIsLong {
                // Its start is all a row shows.
                let start = openLineStart
                shownBlocks.append(LineBlock(bytes: Array(bytes[start..<start + Line.shownLimit + 1]), ends: [UInt32(Line.shownLimit + 1)]))
                shownFirstLines.append(count)
            }
        }
        return LineStore(blocks: shownBlocks, firstLines: shownFirstLines, count: shownCount, framing: framing)
    }

    /// Ends the input: a last line without a separator counts as a line.
    package consuming func finish() -> LineStore {
        framing?.endOfInput()
        if length > openLineStart { endLine() }
        seal()
        return LineStore(blocks: blocks, firstLines: firstLines, count: sealedLines, framing: framing)
    }

    /// An empty builder like this one (separator, block sizes) for the bytes of `file`
    /// from `offset` on.
    func emptyCopy(file: LineSourceFile, offset: Int) -> LineStoreBuilder {
        LineStoreBuilder(separator: separator, blockBytes: blockBytes, blockLines: blockLines, blockLimit: blockLimit,
                         file: file, offset: offset, framing: framing?.restarted())
    }

    /// Calls `body` with the input appended so far, in order, about a block at a time: each
    /// line followed by its separator, then the start of the line being read. Appending
    /// the pieces to an empty builder gives it the same lines (``SpillingLineBuilder``
    /// copies a builder's lines into a file that way).
    func replayInput(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        let separator = framing?.recordSeparator ?? separator
        var piece: [UInt8] = []
        for block in blocks {
            switch block.storage {
            case .memory(let bytes):
                piece.removeAll(keepingCapacity: true)
                Self.join(bytes[...], ends: block.ends, separator: separator, into: &piece)
                try piece.withUnsafeBufferPointer(body)
            case .file:
                try block.withBytes(in: 0..<Int(block.ends[block.ends.count - 1]) + 1, body)
            }
        }
        if let file {
            piece = [UInt8](repeating: 0, count: length)
            piece.withUnsafeMutableBytes { _ = file.read(into: $0, at: blockOffset) }
        } else {
            piece.removeAll(keepingCapacity: true)
            Self.join(bytes[..<openLineStart], ends: ends, separator: separator, into: &piece)
            piece.append(contentsOf: bytes[openLineStart...])
        }
        try piece.withUnsafeBufferPointer(body)
    }

    /// Appends to `piece` the lines of `bytes` that end at `ends`, each followed by `separator`.
    private static func join(_ bytes: ArraySlice<UInt8>, ends: [UInt32], separator: UInt8, into piece: inout [UInt8]) {
        piece.reserveCapacity(piece.count + bytes.count + ends.count)
        var start = bytes.startIndex
        for end in ends {
            piece.append(contentsOf: bytes[start..<Int(end)])
            piece.append(separator)
            start = Int(end)
        }
    }

    /// Keeps the input appended from now on in memory: the lines so far stay in the file,
    /// and the start of the line being read is read back from it (``SpillingLineBuilder``,
    /// when the file cannot be written any more).
    mutating func keepInMemory() {
        guard let file else { return }
        let start = openLineStart
        var open = [UInt8](repeating: 0, count: length - start)
        open.withUnsafeMutableBytes { _ = file.read(into: $0, at: blockOffset + start) }
        length = start
        seal()
        self.file = nil
        bytes = open
        bytes.reserveCapacity(blockBytes)
        length = open.count
    }

    /// Where the line being read starts in the open block.
    private var openLineStart: Int {
        guard let last = ends.last else { return 0 }
        return Int(last) + (file == nil ? 0 : 1)
    }

    private mutating func appendToOpenLine(_ part: UnsafeBufferPointer<UInt8>) {
        // Offsets are 32-bit: a line that would pass 4 GiB in one block is cut there.
        if length + part.count > blockLimit {
            if !ends.isEmpty { moveOpenLineToNewBlock() }
            if length + part.count > blockLimit { endLine(separated: false) }
        }
        if file == nil { bytes.append(contentsOf: part) }
        length += part.count
    }

    /// Ends the line being read: at its separator (in a file, the separator follows it),
    /// or cut, with no separator (in a file, the rest starts at once: a block of its own).
    private mutating func endLine(separated: Bool = true) {
        ends.append(UInt32(length))
        if file != nil, separated { length += 1 }
        if !separated || length >= blockBytes || ends.count >= blockLines { seal() }
    }

    /// Ends the line being read before its last byte, which turned out to be its
    /// separator (``RecordFraming/scan(_:ends:)``'s -1).
    private mutating func endLineBeforeItsLastByte() {
        guard length > openLineStart else { return endLine() }
        length -= 1
        if file == nil { bytes.removeLast() }
        endLine()
    }

    /// Closes the open block (at a line end) and starts a new one.
    private mutating func seal() {
        guard !ends.isEmpty else { return }
        if let file {
            blocks.append(LineBlock(file: file, offset: blockOffset, ends: ends))
            blockOffset += length
        } else {
            // A block that grew far past its reserve (a huge line) gives the spare memory back.
            let kept = bytes.capacity > bytes.count + bytes.count / 4 ? Array(bytes) : bytes
            blocks.append(LineBlock(bytes: kept, ends: ends))
            bytes = []
            bytes.reserveCapacity(blockBytes)
        }
        firstLines.append(sealedLines)
        sealedLines += ends.count
        ends = []
        length = 0
    }

    /// Seals the complete lines and carries the line being read over to a new block.
    private mutating func moveOpenLineToNewBlock() {
        let start = openLineStart
        let carried = length - start
        if file == nil {
            let open = Array(bytes[start...])
            bytes.removeSubrange(start...)
            length = start
            seal()
            bytes.append(contentsOf: open)
        } else {
            length = start
            seal()
        }
        length = carried
    }
}
