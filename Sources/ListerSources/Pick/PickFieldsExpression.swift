extension PickFields {
    /// What `--with-nth` and `--accept-nth` take: field ranges (`2,1`, `3..`), or a template
    /// whose field placeholders are filled from the line (`'{2} {1}.'`).
    public enum Expression: Hashable, Sendable {
        /// The fields, one after the other, each with the delimiter after it.
        case ranges([Range])
        /// Text and field placeholders.
        case template([Part])

        /// A piece of a template.
        public enum Part: Hashable, Sendable {
            /// Bytes copied as they are (braces that hold no field expression included).
            case literal([UInt8])
            /// `{2}`, `{-1}`, `{2..}`, `{1,3}`: the fields without the last delimiter.
            case fields([Range])
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
            let inside = rest[rest.index(after: open)..<close]
            if !inside.isEmpty, let ranges = try? PickFields.ranges(String(inside), option: option) {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = []
                parts.append(.fields(ranges))
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

    /// The bytes `expression` makes of `line`: for `--with-nth` (`accepted` false) ranges
    /// keep every delimiter; for `--accept-nth` (`accepted` true) the last delimiter of the
    /// selected fields is removed, as fzf prints them. Template placeholders are filled as
    /// ``cut(_:of:)`` does in both.
    func render(_ expression: Expression, of line: UnsafeBufferPointer<UInt8>, accepted: Bool, into output: inout [UInt8]) {
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
                }
            }
        }
    }

    /// The fields `ranges` of `line` as fzf's `{2}` without trimming: the fields one after
    /// the other, the blanks before the first word of the line left out (fzf's tokens do not
    /// hold them), and the last delimiter (trailing blanks without `--delimiter`) removed.
    func cut(_ ranges: [Range], of line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let fields = self.fields(line)
        var output: [UInt8] = []
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
        if awk {
            while let last = output.last, last == 0x20 || last == 0x09 { output.removeLast() }
        } else if let delimiter, output.count >= delimiter.utf8.count, output.suffix(delimiter.utf8.count).elementsEqual(delimiter.utf8) {
            output.removeLast(delimiter.utf8.count)
        }
        return output
    }
}
