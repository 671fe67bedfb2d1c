import Lister
import TerminalCore

/// The matching rule written plainly, to check the byte search against: a case-sensitive
/// term is found in the row's UTF-8, any other in the UTF-8 of the lowercased row.
func referenceMatches(_ query: FilterQuery, _ text: String) -> Bool {
    query.terms.allSatisfy { term in
        let haystack = Array(term.isCaseSensitive ? text.utf8 : text.lowercased().utf8)
        return haystack.firstRange(of: Array(term.text.utf8)) != nil
    }
}

/// The rows of `texts` that `query` matches, by the reference rule.
func referenceRows(_ query: FilterQuery, _ texts: [String]) -> [Int] {
    texts.indices.filter { referenceMatches(query, texts[$0]) }
}

/// Words with the cases that matter: mixed case, non-ASCII, characters whose lowercase
/// holds ASCII (İ, Kelvin sign), decomposed accents, CJK, digits.
let filterWords = [
    "lorem", "Ipsum", "DOLOR", "sit", "amet", "café", "CAFÉ", "Crème", "日本語", "本", "straße",
    "İstanbul", "\u{212A}elvin", "e\u{301}te\u{301}", "x", "0042", "item", "Ελληνικά", "ΣΟΦΙΑ",
    "über", "ÜBER", "kik", "MiXeD", "-", "…",
]

/// `count` deterministic rows of 0 to ~12 words, so lengths cross the 16-byte blocks.
func filterCorpus(count: Int, seed: UInt64 = 42) -> [String] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        let words = Int.random(in: 0...12, using: &generator)
        return (0..<words).map { _ in filterWords.randomElement(using: &generator)! }
            .joined(separator: Bool.random(using: &generator) ? " " : "")
    }
}

/// Queries over `filterWords`: single and multiple terms, smart case, non-ASCII, none.
let filterQueries = [
    "lorem", "LOREM", "Lorem", "ore", "o", "ipsum", "Ipsum", "IPSUM", "café", "CAFÉ", "É", "é",
    "日本", "本", "i", "k", "I", "K", "stan", "ss", "ß", "0042", "e", "e\u{301}", "x y", "em ip",
    "lorem Ipsum", "σοφ", "ΣΟΦ", "σ", "über", "Ü", "kel", "\u{212A}", "mixed", "MiX", "…", "-",
    "zzz", "lorem lorem", "o o", "loremipsum", "dolorsit", "t-",
].map { FilterQuery($0) }

/// Rows given as raw bytes, possibly invalid UTF-8.
struct ByteRows: FilterableText {
    let rows: [[UInt8]]
    var count: Int { rows.count }
    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        rows[row].withUnsafeBufferPointer(body)
    }
}

/// Rows kept the way `LineStore` keeps lines: every byte in one buffer, one start per row,
/// with the bulk reading path implemented.
final class PackedRows: FilterableText {
    let bytes: [UInt8]
    let starts: [Int]

    init(_ texts: [String]) {
        bytes = texts.flatMap(\.utf8)
        starts = texts.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }
    }

    var count: Int { starts.count - 1 }

    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[row]..<starts[row + 1]])) }
    }

    func forEachUTF8(in rows: FilterRowBatch, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            for row in rows { body(row, UnsafeBufferPointer(rebasing: all[starts[row]..<starts[row + 1]])) }
        }
    }
}
