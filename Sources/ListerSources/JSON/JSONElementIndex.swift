/// Where each element of a streamed array starts in the document's bytes, kept in about
/// 1.2 bytes an element: the start of every 64th element, and for the others the distance
/// from the one before in a byte (255 says the distance is in a side table). The elements
/// of `[1,1,1,…]` then cost less than their own text, and a 200 MB array of 2.8 million
/// small objects about 3.5 MB.
///
/// An element's bytes run from its start to the next one's (separators and whitespace after
/// it included: its value is parsed from the start and the rest ignored); the last one's to
/// ``end``. Blocks of 65,536 elements are immutable once full, so a snapshot taken while
/// the document is read shares them and copies only the open block.
struct JSONElementIndex: Sendable {
    static let blockShift = 16
    static let chunkShift = 6

    /// Full blocks, then the open one (copied when the snapshot was taken).
    let blocks: [JSONIndexBlock]
    /// The number of elements.
    let count: Int
    /// Where the last element ends.
    let end: Int

    static let empty = JSONElementIndex(blocks: [], count: 0, end: 0)

    /// The bytes of element `index`: from its start to the next element's start (or ``end``).
    func span(of index: Int) -> Range<Int> {
        let start = start(of: index)
        return start..<(index + 1 < count ? self.start(of: index + 1) : end)
    }

    /// Where element `index` starts.
    func start(of index: Int) -> Int {
        precondition(index >= 0 && index < count, "JSONElementIndex: \(index) out of 0..<\(count)")
        return blocks[index >> Self.blockShift].start(of: index & ((1 << Self.blockShift) - 1))
    }
}

/// Up to 65,536 element starts: see ``JSONElementIndex``.
final class JSONIndexBlock: Sendable {
    /// The start of element `64 * n`, for each `n`.
    let bases: [Int]
    /// Where the distances in ``overflow`` of chunk `n` begin.
    let overflowStarts: [Int32]
    /// Each element's distance from the one before (0 for the first of a chunk; 255: in ``overflow``).
    let deltas: [UInt8]
    /// Distances of 255 or more, in order.
    let overflow: [Int]

    init(bases: [Int], overflowStarts: [Int32], deltas: [UInt8], overflow: [Int]) {
        self.bases = bases
        self.overflowStarts = overflowStarts
        self.deltas = deltas
        self.overflow = overflow
    }

    /// The start of the block's element `local`.
    func start(of local: Int) -> Int {
        let chunk = local >> JSONElementIndex.chunkShift
        var position = bases[chunk]
        var spilled = Int(overflowStarts[chunk])
        var index = (chunk << JSONElementIndex.chunkShift) + 1
        while index <= local {
            let delta = deltas[index]
            if delta == 255 {
                position += overflow[spilled]
                spilled += 1
            } else {
                position += Int(delta)
            }
            index += 1
        }
        return position
    }
}

/// Builds a ``JSONElementIndex`` as elements are found, in order.
struct JSONElementIndexBuilder {
    private var blocks: [JSONIndexBlock] = []
    private var bases: [Int] = []
    private var overflowStarts: [Int32] = []
    private var deltas: [UInt8] = []
    private var overflow: [Int] = []
    private var lastStart = 0
    /// The number of elements.
    private(set) var count = 0
    /// Where the last element ends.
    private(set) var end = 0

    /// Adds the element at `start..<end` (after every element added so far).
    mutating func append(start: Int, end: Int) {
        let local = deltas.count
        if local & ((1 << JSONElementIndex.chunkShift) - 1) == 0 {
            bases.append(start)
            overflowStarts.append(Int32(overflow.count))
            deltas.append(0)
        } else {
            let delta = start - lastStart
            if delta < 255 {
                deltas.append(UInt8(delta))
            } else {
                deltas.append(255)
                overflow.append(delta)
            }
        }
        lastStart = start
        self.end = end
        count += 1
        if deltas.count == 1 << JSONElementIndex.blockShift { seal() }
    }

    /// The elements so far.
    func snapshot() -> JSONElementIndex {
        let open = deltas.isEmpty ? [] : [JSONIndexBlock(bases: bases, overflowStarts: overflowStarts, deltas: deltas, overflow: overflow)]
        return JSONElementIndex(blocks: blocks + open, count: count, end: end)
    }

    private mutating func seal() {
        blocks.append(JSONIndexBlock(bases: bases, overflowStarts: overflowStarts, deltas: deltas, overflow: overflow))
        bases = []
        overflowStarts = []
        deltas = []
        overflow = []
        deltas.reserveCapacity(1 << JSONElementIndex.blockShift)
    }
}
