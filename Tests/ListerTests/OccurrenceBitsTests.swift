@testable import Lister
import TerminalCore
import Testing

/// The occurrences ``FuzzyASCIIScorer`` finds 16 bytes at a time, and its score where
/// lines cross the edges of those blocks and of 64-bit words.
@Suite struct OccurrenceBitsTests {
    /// The bits of `byte` (under `mask`) in `line`, one by one.
    private func expected(_ byte: UInt8, mask: UInt8, _ line: [UInt8]) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: max(1, (line.count + 63) / 64))
        for (index, value) in line.enumerated() where value | mask == byte { words[index / 64] |= 1 << UInt64(index % 64) }
        return words
    }

    private func found(_ byte: UInt8, mask: UInt8, _ line: [UInt8]) -> [UInt64] {
        let words = max(1, (line.count + 63) / 64)
        let out = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        defer { out.deallocate() }
        out.initialize(repeating: 0xDEAD_BEEF, count: words)  // every word must be written
        // One byte more than the line, so that an empty line has an address too.
        (line + [0]).withUnsafeBufferPointer { bytes in
            OccurrenceBits.find(byte, mask: mask, in: bytes.baseAddress!, count: line.count, into: out)
        }
        return Array(UnsafeBufferPointer(start: out, count: words))
    }

    @Test func everyLengthAroundTheBlocksAndWordsFindsEveryOccurrence() {
        var random = SplitMix64(seed: 32)
        let alphabet = Array("aAbB /".utf8)
        for length in 0...200 {
            for _ in 0..<4 {
                let line = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                for (byte, mask) in [(UInt8(ascii: "a"), UInt8(0x20)), (UInt8(ascii: "b"), 0), (UInt8(ascii: "/"), 0)] {
                    #expect(found(byte, mask: mask, line) == expected(byte, mask: mask, line), "length \(length)")
                }
            }
        }
    }

    /// Every row's bits in one pass are each row's own: lines of every length around the
    /// blocks and words, rows with and without a case mask, one byte twice.
    @Test func allRowsAtOnceAreEachRowsOwn() {
        var random = SplitMix64(seed: 33)
        let alphabet = Array("aAbB /".utf8)
        let rows: [(byte: UInt8, mask: UInt8)] = [(UInt8(ascii: "a"), 0x20), (UInt8(ascii: "b"), 0), (UInt8(ascii: "/"), 0),
                                                  (UInt8(ascii: "a"), 0x20), (UInt8(ascii: "B"), 0)]
        let targets = UnsafeMutablePointer<SIMD16<UInt8>>.allocate(capacity: rows.count)
        let masks = UnsafeMutablePointer<SIMD16<UInt8>>.allocate(capacity: rows.count)
        defer { targets.deallocate(); masks.deallocate() }
        for (index, row) in rows.enumerated() {
            targets[index] = SIMD16(repeating: row.byte)
            masks[index] = SIMD16(repeating: row.mask)
        }
        for length in 0...200 {
            for _ in 0..<4 {
                let line = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                let words = max(1, (line.count + 63) / 64)
                for count in 1...rows.count {
                    let out = UnsafeMutablePointer<UInt64>.allocate(capacity: count * words)
                    defer { out.deallocate() }
                    out.initialize(repeating: 0xDEAD_BEEF, count: count * words)  // every word must be written
                    (line + [0]).withUnsafeBufferPointer { bytes in
                        OccurrenceBits.findAll(rows: count, targets: targets, masks: masks, in: bytes.baseAddress!, count: line.count,
                                               words: words, into: out)
                    }
                    for row in 0..<count {
                        let got = Array(UnsafeBufferPointer(start: out + row * words, count: words))
                        #expect(got == expected(rows[row].byte, mask: rows[row].mask, line), "length \(length), row \(row) of \(count)")
                    }
                }
            }
        }
    }

    @Test func nextAndPreviousFindTheNearestSetBit() {
        let words: [UInt64] = [1 << 63 | 1 << 5, 0, 1 << 0 | 1 << 40]
        let pointer = UnsafeMutablePointer<UInt64>.allocate(capacity: words.count)
        defer { pointer.deallocate() }
        pointer.initialize(from: words, count: words.count)
        let set = [5, 63, 128, 168]
        for position in 0..<(64 * words.count) {
            #expect(OccurrenceBits.next(pointer, words: words.count, from: position) == set.first { $0 >= position } ?? -1)
            #expect(OccurrenceBits.previous(pointer, through: position) == set.last { $0 <= position } ?? -1)
        }
        #expect(OccurrenceBits.next(pointer, words: words.count, from: 64 * words.count) == -1)
        #expect(OccurrenceBits.previous(pointer, through: -1) == -1)
    }

    /// Lines whose matches sit on either side of the 16-byte blocks and 64-bit words, and
    /// occurrences past the last possible position of their character: the table's score.
    @Test func theScoreAcrossBlocksAndWordsIsTheTables() {
        var random = SplitMix64(seed: 64)
        let alphabet = Array("orem ORx/_1".utf8)
        var compared = 0
        for length in [15, 16, 17, 31, 32, 33, 63, 64, 65, 66, 79, 80, 127, 128, 129, 200] {
            for _ in 0..<60 {
                let line = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                for query in ["o", "or", "orem", "moro", "ee", "Or", "r/1", "oo oo"] {
                    var general = FuzzyMatcher(FuzzyPattern(query))
                    var fast = FuzzyMatcher(FuzzyPattern(query))
                    let (slow, quick) = line.withUnsafeBufferPointer { bytes in
                        (general.match(bytes, withPositions: true), fast.match(bytes, withPositions: false))
                    }
                    #expect(slow?.score == quick?.score, "\(query) over \(String(decoding: line, as: UTF8.self))")
                    compared += 1
                }
            }
        }
        #expect(compared > 7_000)
    }
}
