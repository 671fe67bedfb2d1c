@testable import Lister
import Testing

/// The vector test of fuzzy ASCII terms (issue 34) answers as the general matcher does,
/// row by row, and leaves non-ASCII rows to it.
@Suite struct FuzzySubsequenceTests {
    /// Rows of letters (both cases), digits, spaces and punctuation, of every length from
    /// 0 to 70 (short rows take the scalar tail, long ones the vectors), from a fixed seed.
    static let rows: [String] = {
        var state: UInt64 = 34
        let alphabet = Array("abcdeoOrRmMEL xyz019-_/.".utf8)
        return (0..<3_000).map { index in
            var bytes: [UInt8] = []
            for _ in 0..<(index % 71) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }()

    @Test(arguments: ["o", "orem", "OREM", "oRem", "or em", "m.", "r-_", "zzzz9", "e e e e", "ooooo"])
    func answersAsTheGeneralMatcherOnASCIIRows(query: String) throws {
        let pattern = FuzzyPattern(query)
        let quick = try #require(FuzzySubsequence(pattern))
        var matcher = FuzzyMatcher(pattern)
        var matched = 0
        for row in Self.rows {
            var copy = row
            copy.withUTF8 { utf8 in
                let expected = matcher.matches(utf8)
                let answer = quick.test(utf8).answer
                #expect(answer == (expected ? .match : .noMatch), "\(query) in \(row)")
                if expected { matched += 1 }
            }
        }
        #expect(matched > 0 && matched < Self.rows.count, "the rows should tell the answers apart (\(matched) matched)")
    }

    /// The search for one character finds the first position at or after where it starts,
    /// as a loop over bytes does: in rows of every length to 40 (the vectors, the last bytes
    /// of a row compared as its last 16, rows shorter than 16), from every start.
    @Test func findsTheFirstPositionFromEveryStart() {
        for row in Self.rows.prefix(41) {
            let bytes = Array(row.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for (wanted, mask) in [(UInt8(ascii: "o"), UInt8(0x20)), (UInt8(ascii: "-"), 0), (UInt8(ascii: "z"), 0x20)] {
                    for from in 0...bytes.count {
                        let expected = bytes.indices.first { $0 >= from && bytes[$0] | mask == wanted }
                        #expect(FuzzySubsequence.find(wanted, mask: mask, in: buffer, from: from) == expected,
                                "\(Character(UnicodeScalar(wanted))) from \(from) in \(row)")
                    }
                }
            }
        }
    }

    @Test func leavesNonASCIIRowsAndOtherTermsToTheGeneralMatcher() throws {
        let quick = try #require(FuzzySubsequence(FuzzyPattern("resume")))
        var row = "résumé of the resume"
        row.withUTF8 { #expect(quick.test($0).answer == .undecided) }
        #expect(FuzzySubsequence(FuzzyPattern("!test")) == nil)
        #expect(FuzzySubsequence(FuzzyPattern("'exact")) == nil)
        #expect(FuzzySubsequence(FuzzyPattern("a | b")) == nil)
        #expect(FuzzySubsequence(FuzzyPattern("résumé")) == nil)
    }

    /// Rows for typing a query key by key: ASCII ones, long ones (a match ending past byte
    /// 255 is not kept), and ones with accents (the general matcher decides those).
    static let typedRows: [String] = rows.enumerated().map { index, row in
        switch index % 7 {
        case 3: return String(repeating: "x", count: 250) + row
        case 5: return "é" + row + "Ó"
        default: return row
        }
    }

    @Test(arguments: ["orem", "OREM", "oRem", "eeee", "or-m"])
    func aLongerQueryResumesWhereTheShorterOnesMatchEndedAndFindsTheSameRows(query: String) {
        let text = FilterStrings(Self.typedRows)
        var engine = FilterEngine(rowCount: text.count)
        var typed = ""
        for character in query {
            typed.append(character)
            var action = engine.setQuery(FilterQuery(extended: typed))
            while let run = action.run { action = engine.receive(run.perform(over: text)) }
            let expected = Self.typedRows.indices.filter { FuzzyPattern(typed).matches(Self.typedRows[$0]) }
            let matches = engine.matches
            #expect(matches.map { $0.rowIndices.map(Int.init) } == expected, "\(typed)")
            #expect(matches?.ends?.count == expected.count, "each match keeps where it ended (\(typed))")
        }
    }
}
