/// The drawable text of one cell: one grapheme cluster (or a few visible characters that
/// stand for a control character), in one word and without an allocation.
///
/// A glyph holds its text in one of three forms, chosen by the text alone, so that equal
/// texts always have equal glyphs and comparing two glyphs compares one word:
/// - up to 7 UTF-8 bytes inline (the top byte is the count): every single scalar, an
///   ASCII letter with up to three combining marks;
/// - else up to three scalars of 21 bits each (the top bit set): emoji and their skin
///   tones, flags, a Thai consonant with its vowel and tone marks, an Indic conjunct, a
///   decomposed Hangul syllable;
/// - else an index into a process-wide table where the text is stored once (the top byte
///   is ``internedTag``): joined emoji families, long stacks of marks.
///
/// One word, not two, because a frame is thousands of cells that are filled, copied and
/// compared on every key: a smaller cell is less memory to go through (docs/DECISIONS.md).
public struct Glyph: Hashable, Sendable {
    /// The text in one of the three forms above.
    @usableFromInline var bits: UInt64

    /// The top byte of an interned glyph (a count is at most 7; the scalar form sets bit 63).
    @usableFromInline static let internedTag: UInt64 = 0x7F
    /// Set in the scalar form.
    @usableFromInline static let scalarsFlag: UInt64 = 1 << 63

    @inlinable
    init(bits: UInt64) {
        self.bits = bits
    }

    /// Bytes a glyph keeps inline as UTF-8.
    public static let inlineCapacity = 7
    /// Scalars a glyph keeps inline when their UTF-8 is longer than ``inlineCapacity``.
    public static let scalarCapacity = 3

    /// No text: the glyph of a continuation cell.
    public static let empty = Glyph(bits: 0)

    /// A single space.
    public static let space = Glyph.ascii(0x20)

    /// The glyph of one ASCII byte (`byte` < 0x80).
    @inlinable
    public static func ascii(_ byte: UInt8) -> Glyph {
        Glyph(bits: UInt64(byte) | 1 << 56)
    }

    /// The glyph of `text`, which must already be drawable.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { Glyph(utf8: $0) }
    }

    /// The glyph of UTF-8 bytes, which must already be drawable.
    public init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= Glyph.inlineCapacity {
            self = Glyph(inline: bytes)
        } else if let scalars = Glyph(scalarsOf: bytes) {
            self = scalars
        } else {
            self = GlyphTable.intern(bytes)
        }
    }

    /// Packs at most 7 bytes inline.
    init(inline bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= Glyph.inlineCapacity)
        var bits: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            bits |= UInt64(byte) << (8 * index)
        }
        self.init(bits: bits | UInt64(bytes.count) << 56)
    }

    /// Packs the scalars of valid UTF-8, or nil when there are more than three.
    init?(scalarsOf bytes: UnsafeBufferPointer<UInt8>) {
        var bits = Glyph.scalarsFlag, count = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let value = Unicode.UTF8.decode(encoded).value
                guard count < Glyph.scalarCapacity, value != 0 else { return nil }  // 0 marks an empty slot
                bits |= UInt64(value) << (21 * count)
                count += 1
            case .error:
                return nil
            case .emptyInput:
                guard count > 0 else { return nil }
                self.init(bits: bits)
                return
            }
        }
    }

    /// The glyph of the text stored at `index` of the process-wide table.
    init(internedAt index: Int) {
        self.init(bits: UInt64(index) | Glyph.internedTag << 56)
    }

    /// Whether the text lives in the process-wide table.
    @inlinable
    var isInterned: Bool { bits >> 56 == Glyph.internedTag }

    /// Whether the text is kept as scalars.
    @inlinable
    var isScalars: Bool { bits & Glyph.scalarsFlag != 0 }

    /// The byte when the glyph is exactly one ASCII byte, else `nil`.
    @inlinable
    public var asciiByte: UInt8? {
        bits >> 7 == 1 << 49 ? UInt8(truncatingIfNeeded: bits) : nil
    }

    /// Whether there is no text (a continuation cell).
    @inlinable
    public var isEmpty: Bool { bits == 0 }

    /// Calls `body` with the UTF-8 bytes of the text.
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if isScalars {
            // Three scalars take at most 12 bytes.
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * Glyph.scalarCapacity) { buffer in
                var count = 0
                for slot in 0..<Glyph.scalarCapacity {
                    let value = UInt32(truncatingIfNeeded: bits >> (21 * slot)) & 0x1F_FFFF
                    guard value != 0, let scalar = Unicode.Scalar(value) else { break }
                    Unicode.UTF8.encode(scalar) { byte in
                        buffer[count] = byte
                        count += 1
                    }
                }
                return try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
        }
        if isInterned {
            var string = GlyphTable.string(at: Int(bits & 0xFF_FFFF_FFFF_FFFF))
            return try string.withUTF8(body)
        }
        var word = bits.littleEndian
        let count = Int(bits >> 56)
        return try withUnsafeBytes(of: &word) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// The text as a string.
    public var string: String {
        if isInterned { return GlyphTable.string(at: Int(bits & 0xFF_FFFF_FFFF_FFFF)) }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}

/// The texts of glyphs longer than 7 bytes and three scalars, each stored once for the
/// life of the process.
///
/// Only clusters drawn on screen get here, and they are rare; after `limit` distinct ones
/// (a hostile input could make many), a longer cluster is cut at its last scalar boundary
/// within 7 bytes instead, as curses itself keeps only the first few scalars of a cell.
enum GlyphTable {
    struct Storage {
        var strings: [String] = []
        var indices: [String: Int] = [:]
    }

    static let capacity = 1 << 20
    private static let shared = Locked(Storage())

    /// The glyph of `bytes` (more than 7), stored in the table unless it holds `limit`
    /// texts already.
    static func intern(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = capacity) -> Glyph {
        let text = String(decoding: bytes, as: UTF8.self)
        let index: Int? = shared.withLock { storage in
            if let index = storage.indices[text] { return index }
            guard storage.strings.count < limit else { return nil }
            storage.strings.append(text)
            storage.indices[text] = storage.strings.count - 1
            return storage.strings.count - 1
        }
        if let index { return Glyph(internedAt: index) }
        var end = Glyph.inlineCapacity
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a scalar
        return Glyph(inline: UnsafeBufferPointer(rebasing: bytes[0..<end]))
    }

    static func string(at index: Int) -> String {
        shared.withLock { $0.strings[index] }
    }
}
