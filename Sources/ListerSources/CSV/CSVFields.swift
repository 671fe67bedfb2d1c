/// Splits one CSV record into its fields, as ``CSVFraming`` reads quotes: a quote opens a
/// quoted field only at a field's start, `""` inside one is a quote, text after a closing
/// quote or a quote inside an unquoted field is kept as it is. A carriage return that
/// ends the record (CRLF) is dropped; one inside quotes is text.
public enum CSVFields {
    /// The fields of `record` (its bytes without the newline that ended it), invalid
    /// UTF-8 shown as U+FFFD. An empty record is one empty field.
    public static func split(_ record: ArraySlice<UInt8>, delimiter: UInt8) -> [String] {
        record.withUnsafeBufferPointer { split($0, delimiter: delimiter) }
    }

    /// The fields of the record in `bytes`; see ``split(_:delimiter:)-(ArraySlice<UInt8>,_)``.
    public static func split(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> [String] {
        let quote = CSVFraming.quote
        var count = bytes.count
        var fields: [String] = []
        guard bytes.contains(quote) else {
            // No quotes: the bytes between delimiters.
            if count > 0, bytes[count - 1] == 0x0D { count -= 1 }
            var start = 0
            for index in 0..<count where bytes[index] == delimiter {
                fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<count]), as: UTF8.self))
            return fields
        }
        var state = CSVFraming.State.fieldStart
        var field: [UInt8] = []
        /// Whether the last byte of `field` was inside quotes (a final CR there is text).
        var lastQuoted = false
        for byte in bytes {
            switch state {
            case .fieldStart where byte == quote:
                state = .quoted
            case .fieldStart, .unquoted, .quoteInQuoted:
                if state == .quoteInQuoted, byte == quote {
                    field.append(quote)
                    lastQuoted = true
                    state = .quoted
                } else if byte == delimiter {
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                    state = .fieldStart
                } else {
                    field.append(byte)
                    lastQuoted = false
                    state = .unquoted
                }
            case .quoted:
                if byte == quote {
                    state = .quoteInQuoted
                } else {
                    field.append(byte)
                    lastQuoted = true
                }
            }
        }
        if !lastQuoted, state != .quoted, field.last == 0x0D { field.removeLast() }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }

    /// The name of column `index` (from 0) when the input has no header: A, B, … Z, AA, AB…
    public static func letterName(_ index: Int) -> String {
        var name: [Character] = []
        var rest = index
        repeat {
            name.insert(Character(UnicodeScalar(UInt8(65 + rest % 26))), at: 0)
            rest = rest / 26 - 1
        } while rest >= 0
        return String(name)
    }
}
