/// A `--delimiter` that is a regular expression (`-d '[,:]'`, `-d '\s+'`): what fzf does with
/// a value of several characters that holds a regular-expression metacharacter and compiles.
///
/// Lines are bytes; only this delimiter turns them into a `String` to match, so a literal
/// delimiter keeps its byte-scanning path. The regular expression uses Swift's syntax, which
/// reads the common forms as Go's RE2 does (see docs/DECISIONS.md), and matches Unicode
/// scalars, as RE2 matches code points, not grapheme clusters.
///
/// `@unchecked Sendable`: `Regex<AnyRegexOutput>` is not `Sendable` only because its output
/// type may hold captured values of any type; this value holds none (a match's output is
/// never kept), the regex is a `let` never mutated after `init`, and the library compiles
/// its program lazily with an atomic initialisation (the same storage `Regex<Substring>`,
/// which is `Sendable`, uses), so sharing it between threads is safe.
package struct PickRegexDelimiter: Hashable, @unchecked Sendable {
    /// The pattern as given (after `\t` became a tab).
    package let pattern: String
    private let regex: Regex<AnyRegexOutput>

    /// The regular expression `pattern`, or nil when it does not compile.
    init?(_ pattern: String) {
        guard let regex = try? Regex(pattern) else { return nil }
        self.pattern = pattern
        self.regex = regex.matchingSemantics(.unicodeScalar)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.pattern == rhs.pattern }
    package func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// The byte ranges of `line` that the expression matches, left to right and not
    /// overlapping, as Go's `FindAllIndex` gives them: an empty match right after another
    /// match is left out (`a|` finds `a` and the empty text after `|` in `a|b`).
    func matches(in line: UnsafeBufferPointer<UInt8>) -> [Swift.Range<Int>] {
        let (text, offsets) = Self.decoded(line)
        let utf8 = text.utf8
        var ranges: [Swift.Range<Int>] = []
        for match in text.matches(of: regex) {
            var lower = utf8.distance(from: utf8.startIndex, to: match.range.lowerBound)
            var upper = utf8.distance(from: utf8.startIndex, to: match.range.upperBound)
            if let offsets { (lower, upper) = (offsets[lower], offsets[upper]) }
            if lower == upper, let previous = ranges.last, previous.upperBound == lower, !previous.isEmpty { continue }
            ranges.append(lower..<upper)
        }
        return ranges
    }

    /// `line` as a `String`, and, when it is not valid UTF-8 (each bad sequence became
    /// U+FFFD), the byte offset in `line` of each UTF-8 offset of the string and of its end.
    private static func decoded(_ line: UnsafeBufferPointer<UInt8>) -> (String, [Int]?) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = line.makeIterator()
        scan: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return (String(decoding: line, as: UTF8.self), nil)
            case .error: break scan
            }
        }
        var scalars = String.UnicodeScalarView()
        var offsets: [Int] = []
        offsets.reserveCapacity(line.count + 1)
        var offset = 0
        parser = Unicode.UTF8.ForwardParser()
        iterator = line.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                scalars.append(scalar)
                offsets += repeatElement(offset, count: encoded.count)
                offset += encoded.count
            case .error(let length):
                scalars.append("\u{FFFD}")
                offsets += repeatElement(offset, count: 3)  // U+FFFD is 3 bytes of UTF-8
                offset += length
            case .emptyInput:
                offsets.append(offset)
                return (String(scalars), offsets)
            }
        }
    }
}

extension PickFields {
    /// Sets `--delimiter` from `text` as fzf 0.74.5 reads it: `\t` is a tab; one character,
    /// a text without a regular-expression metacharacter, or one that does not compile
    /// is used literally; anything else is a regular expression.
    package mutating func setDelimiter(_ text: String) {
        let text = text.replacing("\\t", with: "\t")
        delimiterRegex = nil
        delimiter = text
        guard text.unicodeScalars.count > 1, text.contains(where: { "\\.+*?()|[]{}^$".contains($0) }) else { return }
        delimiterRegex = PickRegexDelimiter(text)
    }

    /// The fields of `line` cut by the regular-expression delimiter `regex` into `fields`
    /// (at most `limit`), each with the match after it.
    func regexFields(_ regex: PickRegexDelimiter, _ line: UnsafeBufferPointer<UInt8>, into fields: inout [Swift.Range<Int>],
                     limit: Int) {
        // As fzf: each field ends where a match ends; text after the last match is a field,
        // but a line ending in a match has no empty last field (unlike a literal delimiter).
        var start = 0
        for match in regex.matches(in: line) {
            guard fields.count < limit else { return }
            fields.append(start..<match.upperBound)
            start = match.upperBound
        }
        if start < line.count, fields.count < limit { fields.append(start..<line.count) }
    }

    /// The length of the delimiter at the end of `bytes`, 0 when it does not end in one: the
    /// literal delimiter, or the last match of the regular expression when it reaches the end.
    func lastDelimiterLength(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let delimiterRegex {
            guard let last = delimiterRegex.matches(in: bytes).last, last.upperBound == bytes.count else { return 0 }
            return last.count
        }
        guard let delimiter, !delimiter.isEmpty else { return 0 }
        let separator = delimiter.utf8
        return bytes.count >= separator.count && bytes[(bytes.count - separator.count)...].elementsEqual(separator) ? separator.count : 0
    }
}
