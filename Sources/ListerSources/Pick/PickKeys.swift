import TerminalCore

/// A key under fzf's name (`ctrl-x`, `enter`, `esc`, `tab`, `btab`, `up`, `down`, `left`,
/// `right`, `home`, `end`, `pgup`, `pgdn`, `del`, `bspace`, `f1`...`f12`, `space`, or one
/// printable character).
package struct PickKey: Hashable, Sendable {
    /// The key as the terminal reports it.
    package let key: Key
    /// fzf's name, printed by `--expect`.
    package let name: String

    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter, "esc": .escape, "tab": .tab, "btab": .backTab, "shift-tab": .backTab,
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown, "del": .delete,
        "bspace": .backspace, "bs": .backspace, "space": .character(" "), "insert": .insert,
        "ctrl-space": .control("@"), "ctrl-/": .control("_"), "ctrl-_": .control("_"),
        "shift-up": .shiftUp, "shift-down": .shiftDown, "shift-left": .shiftLeft, "shift-right": .shiftRight,
        "ctrl-delete": .controlDelete, "ctrl-\\": .control("\\"), "ctrl-]": .control("]"), "ctrl-^": .control("^"),
        "ctrl-6": .control("^"), "delete": .delete, "backspace": .backspace,
    ]

    /// Parses fzf's name of a key.
    package static func parse(_ text: String) throws(PickOptions.Failure) -> PickKey {
        let lower = text.lowercased()
        if lower.hasPrefix("ctrl-alt-"), lower.count > 9 {
            // Ctrl-Alt-X arrives as Esc then Ctrl-X.
            let inner = try parse("alt-ctrl-" + lower.dropFirst(9))
            return PickKey(key: inner.key, name: lower)
        }
        if lower.hasPrefix("alt-"), text.count > 4 {
            // Alt-X arrives as Esc then X; alt-up, alt-bspace… as Esc then the named key.
            let rest = String(text.dropFirst(4))
            let inner = rest.count == 1 ? PickKey(key: .character(rest.first!), name: rest) : try parse(rest)
            switch inner.key {
            case .alt, .escape: break
            default: return PickKey(key: .alt(inner.key), name: "alt-" + inner.name)
            }
        }
        if let key = named[lower] { return PickKey(key: key, name: lower) }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            // Ctrl-M and Ctrl-I are Enter and Tab on a terminal.
            let key: Key = letter == "m" ? .enter : letter == "i" ? .tab : letter == "h" ? .backspace : .control(letter)
            return PickKey(key: key, name: lower)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return PickKey(key: .function(number), name: lower)
        }
        if text.count == 1, let character = text.first, !character.isWhitespace,
           character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            return PickKey(key: .character(character), name: text)
        }
        throw PickOptions.Failure("unknown key '\(text)' (ctrl-a…ctrl-z, enter, esc, tab, btab, up, down, left, right, "
            + "home, end, pgup, pgdn, del, bspace, space, ctrl-space, ctrl-/, ctrl-\\, ctrl-], ctrl-^, ctrl-delete, "
            + "shift-up, shift-down, shift-left, shift-right, f1…f12, alt- before any of them, ctrl-alt-a…ctrl-alt-z, or one character)")
    }
}

/// `--delimiter`, `--nth`, `--with-nth` and `--accept-nth`: which fields of a line are searched,
/// shown and printed.
package struct PickFields: Hashable, Sendable {
    /// A range of fields, 1-based; negative counts from the end; nil is open.
    package struct Range: Hashable, Sendable {
        package var lower: Int?
        package var upper: Int?

        /// The fields from `lower` to `upper`.
        package init(lower: Int?, upper: Int?) {
            self.lower = lower
            self.upper = upper
        }
    }

    /// The string between fields as given (a tab for `\t`); nil: runs of blanks (AWK-style).
    /// Set it with ``setDelimiter(_:)``, which decides whether it is a regular expression.
    package var delimiter: String?
    /// The delimiter when it is a regular expression (`delimiter` then holds its pattern).
    package var delimiterRegex: PickRegexDelimiter?
    /// The fields searched; nil: the whole line.
    package var nth: [Range]?
    /// The fields shown (`--with-nth`); nil: the whole line.
    package var withNth: Expression?
    /// The fields printed when a line is chosen (`--accept-nth`); nil: the whole line.
    package var acceptNth: Expression?

    package init() {}

    /// Parses `1,3..5,-1,..2,4..`, refusing what fzf 0.74.5 refuses: a 0, a sign other
    /// than `-` (`+1`), and a range from a field counted from the end to one counted from
    /// the start (`-1..2`).
    static func ranges(_ text: String, option: String) throws(PickOptions.Failure) -> [Range] {
        func bound(_ part: Substring, _ whole: Substring) throws(PickOptions.Failure) -> Int? {
            if part.isEmpty { return nil }
            guard part.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 &- UInt8(ascii: "0") < 10 }),
                  let value = Int(part), value != 0 else {
                throw PickOptions.Failure("\(option) '\(whole)': a field is a number other than 0 (1 is the first, -1 the last)")
            }
            return value
        }
        var ranges: [Range] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            if let dots = part.firstRange(of: "..") {
                let range = Range(lower: try bound(part[..<dots.lowerBound], part), upper: try bound(part[dots.upperBound...], part))
                if range.lower == nil && range.upper == nil && part != ".." {
                    throw PickOptions.Failure("\(option) '\(part)': not a field range")
                }
                if let lower = range.lower, let upper = range.upper, lower < 0, upper > 0 {
                    throw PickOptions.Failure("\(option) '\(part)': a range cannot start counting from the end "
                        + "and end counting from the start (fzf refuses it too); count both from one end, as 2..4 or -3..-1")
                }
                ranges.append(range)
            } else {
                guard let value = try bound(part, part) else { throw PickOptions.Failure("\(option): an empty field range") }
                ranges.append(Range(lower: value, upper: value))
            }
        }
        return ranges
    }

    /// Whether lines are used whole, searched and shown as they are.
    package var isIdentity: Bool { nth == nil && withNth == nil }

    /// The fields of `line`, each with the delimiter (or blanks) after it, as fzf cuts them.
    func fields(_ line: UnsafeBufferPointer<UInt8>) -> [Swift.Range<Int>] {
        var fields: [Swift.Range<Int>] = []
        self.fields(line, into: &fields)
        return fields
    }

    /// ``fields(_:)`` into `fields`, which keeps its storage; with `limit`, only the first
    /// `limit` fields (those are whole: a field ends at its delimiter).
    func fields(_ line: UnsafeBufferPointer<UInt8>, into fields: inout [Swift.Range<Int>], limit: Int = .max) {
        fields.removeAll(keepingCapacity: true)
        var start = 0
        let count = line.count
        if let delimiterRegex { return regexFields(delimiterRegex, line, into: &fields, limit: limit) }
        if let delimiter, let first = delimiter.utf8.first {
            let length = delimiter.utf8.count
            var index = 0
            while index + length <= count, fields.count < limit {
                if line[index] == first, length == 1 || line[index..<(index + length)].elementsEqual(delimiter.utf8) {
                    fields.append(start..<(index + length))
                    index += length
                    start = index
                } else {
                    index += 1
                }
            }
            // As fzf: a line ending in the delimiter has an empty last field (`-1` of `a,b,`).
            if fields.count < limit { fields.append(start..<count) }
            return
        }
        var index = 0
        // Blanks before the first word belong to the first field, as in fzf.
        while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        while index < count, fields.count < limit {
            while index < count, line[index] != 0x20 && line[index] != 0x09 { index += 1 }
            while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
            fields.append(start..<index)
            start = index
        }
    }

    /// The bytes of the fields of `line` that `ranges` select, in the order of `ranges`
    /// (`--with-nth`): each with the delimiter after it, and AWK-style field 1 without
    /// the blanks before it, as fzf shows them (`--with-nth 2,1` of `  x y` is `yx `).
    func select(_ ranges: [Range], of line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        let fields = self.fields(line)
        let awk = delimiter?.isEmpty ?? true
        forEachField(ranges, count: fields.count) { index in
            var start = fields[index].lowerBound
            if awk, index == 0 {
                while start < fields[index].upperBound, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
            }
            output += line[start..<fields[index].upperBound]
        }
    }

    /// Calls `body` with the index of each field `ranges` select among `count`, in the order
    /// of `ranges` (no array made: this runs for every line with `--nth`).
    func forEachField(_ ranges: [Range], count: Int, _ body: (Int) -> Void) {
        for range in ranges {
            func resolve(_ value: Int?, default fallback: Int) -> Int {
                guard let value else { return fallback }
                return value > 0 ? value - 1 : count + value
            }
            let lower = max(0, resolve(range.lower, default: 0))
            let upper = min(count - 1, resolve(range.upper, default: count - 1))
            guard lower <= upper else { continue }
            for field in lower...upper { body(field) }
        }
    }
}
