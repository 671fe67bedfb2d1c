import TerminalCore
import Testing
@testable import Lister

/// `ByteSearch.containsSubsequence`, the first test of a fuzzy term, against a plain loop
/// on random lines shorter and longer than its 16-byte blocks.
@Suite struct ByteSubsequenceTests {
    private func naive(_ text: [UInt8], _ pattern: [UInt8], _ masks: [UInt8]) -> Bool {
        var p = 0
        for byte in text where p < pattern.count && byte | masks[p] == pattern[p] { p += 1 }
        return p == pattern.count
    }

    private func fast(_ text: [UInt8], _ pattern: [UInt8], _ masks: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { text in
            pattern.withUnsafeBufferPointer { pattern in
                masks.withUnsafeBufferPointer { masks in
                    ByteSearch.containsSubsequence(text, pattern: pattern.baseAddress!, masks: masks.baseAddress!, count: pattern.count)
                }
            }
        }
    }

    @Test func agreesWithAPlainLoop() {
        var generator = SplitMix64(seed: 31)
        let alphabet = Array("abcABC_-/ ".utf8) + [0xC3, 0xA9]
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 70)
            let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let pattern = (0..<Int(1 + generator.next() % 5)).map { _ in Array("abc_-".utf8)[Int(generator.next() % 5)] }
            let folds = generator.next() % 2 == 0
            let masks = pattern.map { folds && $0 &- 0x61 < 26 ? UInt8(0x20) : 0 }
            #expect(fast(text, pattern, masks) == naive(text, pattern, masks), "\(text) \(pattern) \(folds)")
        }
    }

    @Test func findsEachByteAfterThePreviousOne() {
        let long = Array(String(repeating: "x", count: 40).utf8)
        #expect(fast(long + Array("ab".utf8), Array("ab".utf8), [0, 0]))
        #expect(!fast(long + Array("ba".utf8), Array("ab".utf8), [0, 0]))
        #expect(fast(Array("A".utf8) + long + Array("B".utf8), Array("ab".utf8), [0x20, 0x20]))
        #expect(!fast(Array("A".utf8) + long + Array("B".utf8), Array("ab".utf8), [0, 0]))
        #expect(fast(long, Array("xx".utf8), [0, 0]) && !fast(Array("x".utf8), Array("xx".utf8), [0, 0]))
        #expect(!fast([], Array("a".utf8), [0]))
    }
}
