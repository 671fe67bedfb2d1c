/// The drawable text of one cell: one grapheme cluster (or a few visible characters that
/// stand for a control character), as UTF-8, in two words and without an allocation.
///
/// Up to 15 bytes are kept inline: every single scalar, accented letters with several
/// combining marks, flags, emoji with a skin tone, a family of three once its joiners are
/// dropped. A longer cluster (rare: a stack of combining marks, a tag sequence) is stored
/// once in a process-wide table and the glyph keeps its index, so equal texts always have
/// equal glyphs and comparing two glyphs compares two words.
public struct Glyph: Hashable, Sendable {
    /// Bytes 0-7 of the text, the first in the lowest bits; the table index when interned.
    @usableFromInline var low: UInt64
    /// Bytes 8-14 of the text; the top byte is the byte count, or ``internedTag``.
    @usableFromInline var high: UInt64

    @usableFromInline static let internedTag: UInt64 = 0xFF

    @inlinable
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Bytes a glyph keeps inline.
    public static let inlineCapacity = 15

    /// No text: the glyph of a continuation cell.
    public static let empty = Glyph(low: 0, high: 0)

    /// A single space.
    public static let space = Glyph.ascii(0x20)

    /// The glyph of one ASCII byte (`byte` < 0x80).
    @inlinable
    public static func ascii(_ byte: UInt8) -> Glyph {
        Glyph(low: UInt64(byte), high: 1 << 56)
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
        } else {
            self = GlyphTable.intern(bytes)
        }
    }

    /// Packs at most 15 bytes inline.
    init(inline bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= Glyph.inlineCapacity)
        var low: UInt64 = 0, high: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 {
                low |= UInt64(byte) << (8 * index)
            } else {
                high |= UInt64(byte) << (8 * (index - 8))
            }
        }
        self.init(low: low, high: high | UInt64(bytes.count) << 56)
    }

    /// Whether the text lives in the process-wide table.
    @inlinable
    var isInterned: Bool { high >> 56 == Glyph.internedTag }

    /// The byte when the glyph is exactly one ASCII byte, else `nil`.
    @inlinable
    public var asciiByte: UInt8? {
        high == 1 << 56 && low < 0x80 ? UInt8(truncatingIfNeeded: low) : nil
    }

    /// Whether there is no text (a continuation cell).
    @inlinable
    public var isEmpty: Bool { low == 0 && high == 0 }

    /// Calls `body` with the UTF-8 bytes of the text.
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if isInterned {
            var string = GlyphTable.string(at: Int(low))
            return try string.withUTF8(body)
        }
        var words = (low.littleEndian, high.littleEndian)
        let count = Int(high >> 56)
        return try withUnsafeBytes(of: &words) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// The text as a string.
    public var string: String {
        if isInterned { return GlyphTable.string(at: Int(low)) }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}

/// The texts of glyphs longer than 15 bytes, each stored once for the life of the process.
///
/// Only clusters drawn on screen get here, and they are rare; after ``capacity`` distinct
/// ones (a hostile input could make many), a longer cluster is cut at its last scalar
/// boundary within 15 bytes instead, as curses itself keeps only the first few scalars of
/// a cell.
enum GlyphTable {
    struct Storage {
        var strings: [String] = []
        var indices: [String: Int] = [:]
    }

    static let capacity = 1 << 20
    private static let shared = Locked(Storage())

    static func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Glyph {
        let text = String(decoding: bytes, as: UTF8.self)
        let index: Int? = shared.withLock { storage in
            if let index = storage.indices[text] { return index }
            guard storage.strings.count < capacity else { return nil }
            storage.strings.append(text)
            storage.indices[text] = storage.strings.count - 1
            return storage.strings.count - 1
        }
        if let index { return Glyph(low: UInt64(index), high: Glyph.internedTag << 56) }
        var end = Glyph.inlineCapacity
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a scalar
        return Glyph(inline: UnsafeBufferPointer(rebasing: bytes[0..<end]))
    }

    static func string(at index: Int) -> String {
        shared.withLock { $0.strings[index] }
    }
}
