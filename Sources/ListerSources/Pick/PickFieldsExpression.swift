extension PickFields {
    /// What `--with-nth` and `--accept-nth` take: field ranges (`2,1`, `3..`), or a template
    /// whose field placeholders are filled from the line (`'{2} {1}.'`).
    package enum Expression: Hashable, Sendable {
        /// The fields, one after the other, each with the delimiter after it.
        case ranges([Range])
        /// Text and field placeholders.
        case template([Part])

        /// A piece of a template.
        package enum Part: Hashable, Sendable {
            /// Bytes copied as they are (braces that hold no field expression included).
            case literal([UInt8])
            /// `{2}`, `{-1}`, `{2..}`, `{1,3}`: the fields without the last delimiter.
            case fields([Range])
            /// `{n}`: the line's index in the input, from 0 (`--header-lines` counted).
            case index
            /// A placeholder of digits, commas, dots and dashes that is no valid field range
            /// (`{0}`, `{1,0}`, `{0..}`, `{-1..2}`): fzf fills it with nothing.
            case nothing
        }
    }

    /// Parses the value of `option`: a template when it holds a field placeholder, else
    /// field ranges. A template without one is an error naming the value, as in fzf.
    static func expression(_ text: String, option: String) throws(PickOptions.Failure) -> Expression {
        var parts: [Expression.Part] = []
        var literal: [UInt8] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open].utf8
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            if let part = placeholder(rest[rest.index(after: open)..<close]) {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = []
                parts.append(part)
            } else {
                literal += rest[open...close].utf8
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += rest.utf8
        guard parts.isEmpty else {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            return .template(parts)
        }
        if text.contains("{") {
            throw PickOptions.Failure("\(option) '\(text)': a template needs a field placeholder such as {1}, {-1}, {2..} or {1,3}")
        }
        do {
            return .ranges(try PickFields.ranges(text, option: option))
        } catch {
            throw PickOptions.Failure(error.description + "; or give a template with a field placeholder, such as '{2} {1}'")
        }
    }

    /// Parses `--nth`: nil (the whole line, blanks before the first word included) for one
    /// range of every field (`..`, `1..`), as fzf does.
    static func nth(_ text: String) throws(PickOptions.Failure) -> [Range]? {
        let ranges = try ranges(text, option: "--nth")
        if ranges.count == 1, (ranges[0].lower ?? 1) == 1, ranges[0].upper == nil { return nil }
        return ranges
    }

    /// What the text between `{` and `}` of a template holds, as fzf 0.74.5 reads it: `n`;
    /// field ranges; nothing for any other text of digits, commas, dots and dashes (`{0}`,
    /// `{1,0}`, `{-1..2}`, `{1...2}`: fzf takes them as placeholders and fills them with
    /// nothing); nil for other text (`{}`, `{x}`, `{+1}`, `{ 1}`), which stays as it is.
    private static func placeholder(_ inside: Substring) -> Expression.Part? {
        if inside == "n" { return .index }
        guard !inside.isEmpty, inside.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || ",.-".utf8.contains($0) }) else { return nil }
        guard let ranges = try? PickFields.ranges(String(inside), option: "") else { return .nothing }
        return .fields(ranges)
    }

    /// The bytes `expression` makes of `line`, the input's line `index` (from 0): for
    /// `--with-nth` (`accepted` false) ranges keep every delimiter, and the text loses its
    /// trailing white space, as fzf's (`-d, --with-nth 2` shows `b` of `a,b  `); for
    /// `--accept-nth` (`accepted` true) the last delimiter of the selected fields is
    /// removed, as fzf prints them. Template placeholders are filled as ``cut(_:of:)`` does
    /// in both.
    func render(_ expression: Expression, of line: UnsafeBufferPointer<UInt8>, index: Int, accepted: Bool,
                into output: inout [UInt8]) {
        defer {
            if !accepted {
                while let last = output.last, last == 0x20 || last &- 0x09 < 5 { output.removeLast() }
            }
        }
        switch expression {
        case .ranges(let ranges) where !accepted:
            select(ranges, of: line, into: &output)
        case .ranges(let ranges):
            output.removeAll(keepingCapacity: true)
            output += cut(ranges, of: line)
        case .template(let parts):
            output.removeAll(keepingCapacity: true)
            for part in parts {
                switch part {
                case .literal(let bytes): output += bytes
                case .fields(let ranges): output += cut(ranges, of: line)
                case .index: output += String(index).utf8
                case .nothing: break
                }
            }
            // As fzf: what an --accept-nth template makes loses its last delimiter too.
            if accepted { stripLastDelimiter(&output) }
        }
    }

    /// The fields `ranges` of `line` as fzf's `{2}` without trimming: the fields one after
    /// the other, the blanks before the first word of the line left out (fzf's tokens do not
    /// hold them), and the last delimiter (trailing blanks without `--delimiter`) removed.
    func cut(_ ranges: [Range], of line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        cut(ranges, of: line, into: &output, trimsBlanks: true)
        return output
    }

    /// The text `--nth` searches in `line`, as fzf 0.74.5 has it: the fields `ranges`
    /// select, one after the other, without the blanks before the first word and, with
    /// `--delimiter`, without the last delimiter, so that `bar$` finds field 2 of
    /// `foo,bar,baz`. Blanks after the last field stay (fzf keeps them; `$` looks past them).
    func searched(_ ranges: [Range], of line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        cut(ranges, of: line, into: &output, trimsBlanks: false)
    }

    /// ``cut(_:of:)`` into `output`; `trimsBlanks` false keeps the trailing blanks of
    /// AWK-style fields.
    private func cut(_ ranges: [Range], of line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], trimsBlanks: Bool) {
        output.removeAll(keepingCapacity: true)
        let fields = self.fields(line)
        let awk = delimiter?.isEmpty ?? true
        forEachField(ranges, count: fields.count) { index in
            var field = fields[index]
            if awk, index == 0 {
                while field.lowerBound < field.upperBound, line[field.lowerBound] == 0x20 || line[field.lowerBound] == 0x09 {
                    field = (field.lowerBound + 1)..<field.upperBound
                }
            }
            output += line[field]
        }
        if trimsBlanks || !awk { stripLastDelimiter(&output) }
    }

    /// Removes the delimiter at the end of `output`, or its trailing blanks without
    /// `--delimiter`.
    private func stripLastDelimiter(_ output: inout [UInt8]) {
        if delimiter?.isEmpty ?? true {
            while let last = output.last, last == 0x20 || last == 0x09 { output.removeLast() }
        } else {
            output.removeLast(output.withUnsafeBufferPointer { lastDelimiterLength(of: $0) })
        }
    }
}
