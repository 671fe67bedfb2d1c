extension ByteSearch {
    /// Whether the `count` bytes at `pattern` occur in `text` in this order, not
    /// necessarily together, each compared through its mask as in
    /// ``contains(_:pattern:masks:count:)``: the test that rejects most lines of a fuzzy
    /// search before they are scored.
    ///
    /// Each byte is looked for 16 bytes at a time from just after the previous one's first
    /// occurrence, so a line is read about once however long the pattern.
    ///
    /// With `standIns`, the first byte of a character past ASCII (0xC0 and above) matches
    /// any pattern byte: a test for lines where such a character may fold to an ASCII
    /// letter (`é` to `e`, `İ` to `i`).
    @inline(__always)
    static func containsSubsequence(
        _ text: UnsafeBufferPointer<UInt8>,
        pattern: UnsafePointer<UInt8>,
        masks: UnsafePointer<UInt8>,
        count: Int,
        standIns: Bool = false
    ) -> Bool {
        let length = text.count
        guard let base = text.baseAddress else { return count == 0 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        for p in 0..<count {
            let wanted = pattern[p], mask = masks[p]
            let wantedBlock = SIMD16<UInt8>(repeating: wanted), maskBlock = SIMD16<UInt8>(repeating: mask)
            let leads = SIMD16<UInt8>(repeating: standIns ? 0xC0 : 0xFF)
            var next = -1
            while index + 16 <= length {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                var hits = (block | maskBlock) .== wantedBlock
                if standIns { hits .|= block .>= leads }
                if hits != SIMDMask(repeating: false) {
                    next = index + firstLane(hits)
                    break
                }
                index += 16
            }
            if next < 0 {
                while index < length {
                    if base[index] | mask == wanted || standIns && base[index] >= 0xC0 { next = index; break }
                    index += 1
                }
                if next < 0 { return false }
            }
            index = next + 1
        }
        return true
    }

    /// The first lane of `mask` that is set (`mask` has one).
    @inline(__always)
    private static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask)
        let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        return words[0] != 0 ? words[0].trailingZeroBitCount >> 3 : 8 + words[1].trailingZeroBitCount >> 3
    }
}
