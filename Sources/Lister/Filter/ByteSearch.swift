/// Substring search over UTF-8 bytes, with optional ASCII case folding.
///
/// A pattern is a byte string plus one mask per byte: `0x20` where the pattern byte is a
/// lowercase ASCII letter and the text may have it in either case, `0` where it must be
/// equal. `(byte | mask) == patternByte` is then exact: for a lowercase letter `c` it holds
/// for `c` and `c - 0x20` only. Bytes of multi-byte characters always have mask `0`.
///
/// Rows are short (tens of bytes), so the search compares 16 candidate positions at once
/// on the pattern's first and last bytes and checks the middle only where both agree.
enum ByteSearch {
    /// Whether `text` contains the `count` bytes at `pattern`, compared through `masks`.
    ///
    /// `count` must be at least 1; both pointers must cover `count` bytes.
    @inline(__always)
    static func contains(
        _ text: UnsafeBufferPointer<UInt8>,
        pattern: UnsafePointer<UInt8>,
        masks: UnsafePointer<UInt8>,
        count: Int
    ) -> Bool {
        let length = text.count
        guard length >= count, let base = text.baseAddress else { return false }
        let positions = length - count + 1
        if positions < 16 {
            return containsScalar(base, positions: positions, pattern: pattern, masks: masks, count: count)
        }
        let raw = UnsafeRawPointer(base)
        let last = count - 1
        let first = SIMD16<UInt8>(repeating: pattern[0])
        let firstMask = SIMD16<UInt8>(repeating: masks[0])
        let final = SIMD16<UInt8>(repeating: pattern[last])
        let finalMask = SIMD16<UInt8>(repeating: masks[last])
        var start = 0
        var checkedBelow = 0  // the last block overlaps the one before it
        while true {
            if start + 16 > positions { start = positions - 16 }
            let heads = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self) | firstMask
            let tails = raw.loadUnaligned(fromByteOffset: start + last, as: SIMD16<UInt8>.self) | finalMask
            let candidates = (heads .== first) .& (tails .== final)
            if candidates != SIMDMask(repeating: false) {
                for lane in 0..<16 where candidates[lane] && start + lane >= checkedBelow {
                    if middleMatches(base + start + lane, pattern: pattern, masks: masks, count: count) { return true }
                }
            }
            if start + 16 >= positions { return false }
            start += 16
            checkedBelow = start
        }
    }

    /// The search for texts too short for one block.
    @inline(__always)
    private static func containsScalar(
        _ base: UnsafePointer<UInt8>,
        positions: Int,
        pattern: UnsafePointer<UInt8>,
        masks: UnsafePointer<UInt8>,
        count: Int
    ) -> Bool {
        let first = pattern[0]
        let firstMask = masks[0]
        let last = count - 1
        for start in 0..<positions where base[start] | firstMask == first {
            if base[start + last] | masks[last] == pattern[last],
                middleMatches(base + start, pattern: pattern, masks: masks, count: count)
            {
                return true
            }
        }
        return false
    }

    /// Whether the bytes strictly between the first and last ones match.
    @inline(__always)
    private static func middleMatches(
        _ candidate: UnsafePointer<UInt8>,
        pattern: UnsafePointer<UInt8>,
        masks: UnsafePointer<UInt8>,
        count: Int
    ) -> Bool {
        var index = 1
        while index < count - 1 {
            guard candidate[index] | masks[index] == pattern[index] else { return false }
            index += 1
        }
        return true
    }

    /// Whether every byte of `text` is ASCII: the bytes are OR-ed together 16 at a time
    /// (the last block overlapping), with a single test at the end.
    @inline(__always)
    static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        if count >= 16 {
            var bits = SIMD16<UInt8>.zero
            var index = 0
            while index + 16 <= count {
                bits |= raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                index += 16
            }
            bits |= raw.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
            // Two 64-bit lanes: comparing vectors with `==` compiles to a loop over lanes.
            let words = unsafeBitCast(bits, to: SIMD2<UInt64>.self)
            return (words[0] | words[1]) & 0x8080_8080_8080_8080 == 0
        }
        if count >= 8 {
            let bits = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            return bits & 0x8080_8080_8080_8080 == 0
        }
        var bits: UInt8 = 0
        for index in 0..<count { bits |= base[index] }
        return bits < 0x80
    }

    /// Whether `text` holds U+0130 (İ) or U+212A (Kelvin sign): the only non-ASCII
    /// characters whose lowercase mapping contains an ASCII letter (`i` and `k`).
    static func containsASCIILowercasingScalar(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= 2 else { return false }
        for index in 0..<(text.count - 1) {
            switch text[index] {
            case 0xC4 where text[index + 1] == 0xB0:
                return true
            case 0xE2 where index + 2 < text.count && text[index + 1] == 0x84 && text[index + 2] == 0xAA:
                return true
            default:
                continue
            }
        }
        return false
    }
}
