/// The places where one byte occurs in a line, as bits (bit `i % 64` of word `i / 64` for
/// byte `i`), found 16 bytes at a time without a branch per byte; and the searches
/// ``FuzzyASCIIScorer`` makes in them.
enum OccurrenceBits {
    /// Sets the bits of `out` (`(count + 63) / 64` words) where `text`'s byte, OR-ed with
    /// `mask`, is `byte`; every other bit of those words is cleared.
    @inline(__always)
    static func find(_ byte: UInt8, mask: UInt8, in text: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt64>) {
        guard count >= 16 else {
            var word: UInt64 = 0
            for index in 0..<count where text[index] | mask == byte { word |= 1 << UInt64(index) }
            out[0] = word
            return
        }
        let raw = UnsafeRawPointer(text)
        let target = SIMD16<UInt8>(repeating: byte), masks = SIMD16<UInt8>(repeating: mask)
        var start = 0
        var word: UInt64 = 0
        while start + 16 <= count {
            let block = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            word |= lanes((block | masks) .== target) << UInt64(start & 63)
            start += 16
            if start & 63 == 0 {
                out[(start >> 6) - 1] = word
                word = 0
            }
        }
        if start < count {
            // The last bytes: the block that ends at the end, without its lanes before
            // `start`. `start` is a multiple of 16, so they stay within the word.
            let block = raw.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
            word |= (lanes((block | masks) .== target) >> UInt64(start - (count - 16))) << UInt64(start & 63)
            out[start >> 6] = word
        } else if start & 63 != 0 {
            out[start >> 6] = word
        }
    }

    /// ``find(_:mask:in:count:into:)`` for `rows` bytes at once, row `r`'s bits at
    /// `out + r * words` (`words` = `(count + 63) / 64`): each block of 16 bytes is loaded
    /// once and compared with every row's byte, splatted in `targets` and `masks` (one
    /// vector a row), where a pass per row loaded, cut and looped over the line again.
    @inline(__always)
    static func findAll(rows: Int, targets: UnsafePointer<SIMD16<UInt8>>, masks: UnsafePointer<SIMD16<UInt8>>,
                        in text: UnsafePointer<UInt8>, count: Int, words: Int, into out: UnsafeMutablePointer<UInt64>) {
        guard count >= 16 else {
            for row in 0..<rows {
                find(targets[row][0], mask: masks[row][0], in: text, count: count, into: out + row &* words)
            }
            return
        }
        let raw = UnsafeRawPointer(text)
        var start = 0
        while start &+ 16 <= count {
            let block = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            let word = start &>> 6, shift = UInt64(start & 63)
            // The first block of a word writes it (the words are not cleared first).
            if shift == 0 {
                for row in 0..<rows { out[row &* words &+ word] = lanes((block | masks[row]) .== targets[row]) }
            } else {
                for row in 0..<rows { out[row &* words &+ word] |= lanes((block | masks[row]) .== targets[row]) &<< shift }
            }
            start &+= 16
        }
        if start < count {
            // As in `find`: the block that ends at the end, without its lanes before `start`.
            let block = raw.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self)
            let word = start &>> 6, shift = UInt64(start & 63), drop = UInt64(start &- (count &- 16))
            if shift == 0 {
                for row in 0..<rows { out[row &* words &+ word] = lanes((block | masks[row]) .== targets[row]) &>> drop }
            } else {
                for row in 0..<rows {
                    out[row &* words &+ word] |= (lanes((block | masks[row]) .== targets[row]) &>> drop) &<< shift
                }
            }
        }
    }

    /// 16 lanes that are all ones or all zeros as 16 bits, lane 0 lowest: the top bit of
    /// each byte gathered by one multiplication per 8 lanes.
    @inline(__always)
    private static func lanes(_ equal: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        let halves = unsafeBitCast(equal, to: SIMD2<UInt64>.self)
        let low = ((halves[0] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
        let high = ((halves[1] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
        return low | high << 8
    }

    /// The lowest set bit at or after `from` of `words` words, or -1.
    @inline(__always)
    static func next(_ bits: UnsafeMutablePointer<UInt64>, words: Int, from: Int) -> Int {
        var word = from >> 6
        guard word < words else { return -1 }
        var value = bits[word] & (~0 << UInt64(from & 63))
        while value == 0 {
            word += 1
            if word == words { return -1 }
            value = bits[word]
        }
        return word << 6 | value.trailingZeroBitCount
    }

    /// The highest set bit at or before `through`, or -1.
    @inline(__always)
    static func previous(_ bits: UnsafeMutablePointer<UInt64>, through: Int) -> Int {
        guard through >= 0 else { return -1 }
        var word = through >> 6
        var value = bits[word] & (~0 >> UInt64(63 - (through & 63)))
        while value == 0 {
            word -= 1
            if word < 0 { return -1 }
            value = bits[word]
        }
        return word << 6 | (63 - value.leadingZeroBitCount)
    }
}
