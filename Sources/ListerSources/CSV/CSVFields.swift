import Lister

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

    /// Field `index` (from 0) of `record`, or nil when it has fewer fields: the fields
    /// before it are only skipped (a sort reads one field of every row).
    public static func field(_ index: Int, of record: ArraySlice<UInt8>, delimiter: UInt8) -> String? {
        record.withUnsafeBufferPointer { bytes in
            guard !bytes.contains(CSVFraming.quote) else {
                let fields = split(bytes, delimiter: delimiter)
                return index < fields.count ? fields[index] : nil
            }
            var count = bytes.count
            if count > 0, bytes[count - 1] == 0x0D { count -= 1 }
            var start = 0, field = 0
            for position in 0..<count where bytes[position] == delimiter {
                if field == index {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                }
                field += 1
                start = position + 1
            }
            return field == index ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<count]), as: UTF8.self) : nil
        }
    }

    /// A field as a table sorts it: a whole number, a number, a text, or nothing (empty).
    public static func value(_ field: String) -> TableValue {
        guard let first = field.utf8.first else { return .null }
        // Only what starts like a number is tried as one ("inf" and "nan" stay text).
        guard first >= 0x30 && first <= 0x39 || first == 0x2D || first == 0x2B || first == 0x2E else { return .text(field) }
        if let integer = Int64(field) { return .integer(integer) }
        if let number = Double(field), number.isFinite, field.utf8.last.map({ $0 >= 0x30 && $0 <= 0x39 }) == true {
            return .number(number)
        }
        return .text(field)
    }

    /// A field as a cell shows it: on one line, a line break as `↵`.
    public static func oneLine(_ field: String) -> String {
        guard field.utf8.contains(0x0A) || field.utf8.contains(0x0D) else { return field }
        return field.replacing("\r\n", with: "↵").replacing("\n", with: "↵").replacing("\r", with: "↵")
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
