/// The benchmark input, generated in memory the same way `Benchmarks/e2e/measure.py`
/// writes its file: line `n` is `item nnnnnnn` followed by words until it is at least 56
/// characters long, cut at 62 characters, and a newline (about 60 bytes a line).
///
/// Words come from a 64-bit linear congruential generator seeded with 42, so the bytes are
/// the same on every run and in both languages; the FNV-1a hash printed with the results
/// lets the two be compared.
enum Corpus {
    /// The words lines are made of.
    static let words: [String] = [
        "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit",
        "sed", "do", "eiusmod", "tempor", "incididunt", "ut", "labore", "et",
        "dolore", "magna", "aliqua", "enim", "ad", "minim", "veniam", "quis",
        "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "ex", "commodo",
    ]

    /// `count` lines, newline-terminated.
    static func lines(_ count: Int) -> [UInt8] {
        let words = self.words.map { Array($0.utf8) }
        var state: UInt64 = 42
        var data: [UInt8] = []
        data.reserveCapacity(count * 61)
        guard count > 0 else { return data }
        var line: [UInt8] = []
        for number in 1...count {
            line.removeAll(keepingCapacity: true)
            line += Array("item ".utf8)
            line += paddedDigits(number, width: 7)
            while line.count < 56 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                line.append(0x20)
                line += words[Int((state >> 33) % UInt64(words.count))]
            }
            data += line.prefix(62)
            data.append(0x0A)
        }
        return data
    }

    /// The decimal digits of `value`, zero-padded to `width`.
    private static func paddedDigits(_ value: Int, width: Int) -> [UInt8] {
        var digits = Array(String(value).utf8)
        while digits.count < width { digits.insert(0x30, at: 0) }
        return digits
    }

    /// The 64-bit FNV-1a hash of `data`, in hexadecimal.
    static func fnv1a(_ data: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
