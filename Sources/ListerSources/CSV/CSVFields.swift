import Lister

#if canImport(Glibc)
import Glibc
#endif

/// Splits one CSV record into its fields, as ``CSVFraming`` reads quotes: a quote opens a
/// quoted field only at a field's start, `""` inside one is a quote, text after a closing
/// quote or a quote inside an unquoted field is kept as it is. A carriage return that
/// ends the record (CRLF) is dropped; one inside quotes is text.
package enum CSVFields {
    /// The fields of `record` (its bytes without the newline that ended it), invalid
    /// UTF-8 shown as U+FFFD. An empty record is one empty field.
    package static func split(_ record: ArraySlice<UInt8>, delimiter: UInt8) -> [String] {
        record.withUnsafeBufferPointer { split($0, delimiter: delimiter) }
    }

    /// The fields of the record in `bytes`; see ``split(_:delimiter:)-(ArraySlice<UInt8>,_)``.
    /// A field longer than `fieldLimit` bytes keeps its first `fieldLimit` (at a character's
    /// start) and ends in `…` (a record too long for a row, ``CSVRow/isCut``).
    package static func split(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, fieldLimit: Int = .max) -> [String] {
        let quote = CSVFraming.quote
        var count = bytes.count
        var fields: [String] = []
        guard let base = bytes.baseAddress else { return [""] }
        guard memchr(base, Int32(quote), count) == nil else { return splitQuoted(bytes, delimiter: delimiter, fieldLimit: fieldLimit) }
        // No quotes: the bytes between delimiters.
        if count > 0, bytes[count - 1] == 0x0D { count -= 1 }
        var start = 0
        while start <= count {
            let found = memchr(base + start, Int32(delimiter), count - start)
            let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
            fields.append(text(UnsafeBufferPointer(rebasing: bytes[start..<end]), limit: fieldLimit))
            start = end + 1
        }
        return fields
    }

    /// ``split(_:delimiter:fieldLimit:)`` of a record with a quote.
    /// `endsRecord` false: the bytes are a field before the record's last, whose final CR is
    /// text (only the record's end drops one).
    private static func splitQuoted(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, fieldLimit: Int,
                                    endsRecord: Bool = true) -> [String] {
        let quote = CSVFraming.quote
        var fields: [String] = []
        var state = CSVFraming.State.fieldStart
        var field: [UInt8] = []
        /// Whether bytes of `field` were dropped: it keeps one byte past `fieldLimit`, enough
        /// for `text` to cut it at a character's start.
        var dropped = false
        func add(_ byte: UInt8) {
            if field.count <= fieldLimit { field.append(byte) } else { dropped = true }
        }
        func endField() {
            fields.append(field.withUnsafeBufferPointer { text($0, limit: fieldLimit) })
            field.removeAll(keepingCapacity: true)
            dropped = false
        }
        /// Whether the last byte of `field` was inside quotes (a final CR there is text).
        var lastQuoted = false
        var index = 0
        while index < bytes.count {
            if state == .quoted, let base = bytes.baseAddress {
                // The text up to the next quote at once (a field of megabytes, cut).
                let end = memchr(base + index, Int32(quote), bytes.count - index)
                    .map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                let room = fieldLimit == .max ? Int.max : max(0, fieldLimit + 1 - field.count)
                field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + min(room, end - index)]))
                if end - index > room { dropped = true }
                if end > index { lastQuoted = true }
                if end < bytes.count { state = .quoteInQuoted }
                index = end + 1
                continue
            }
            let byte = bytes[index]
            index += 1
            switch state {
            case .fieldStart where byte == quote:
                state = .quoted
            case .fieldStart, .unquoted, .quoteInQuoted:
                if state == .quoteInQuoted, byte == quote {
                    add(quote)
                    lastQuoted = true
                    state = .quoted
                } else if byte == delimiter {
                    endField()
                    state = .fieldStart
                } else {
                    add(byte)
                    lastQuoted = false
                    state = .unquoted
                }
            case .quoted:  // taken above
                break
            }
        }
        if endsRecord, !lastQuoted, state != .quoted, !dropped, field.last == 0x0D { field.removeLast() }
        endField()
        return fields
    }

    /// The text of the one field in `bytes` (found by ``CSVFieldIndex``: no delimiter outside
    /// quotes), as ``split(_:delimiter:fieldLimit:)`` makes it; `endsRecord` when it is the
    /// record's last field (a final CR outside quotes is then dropped).
    static func fieldText(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, endsRecord: Bool, limit: Int) -> String {
        if bytes.first == CSVFraming.quote {
            return splitQuoted(bytes, delimiter: delimiter, fieldLimit: limit, endsRecord: endsRecord).first ?? ""
        }
        var count = bytes.count
        if endsRecord, count > 0, bytes[count - 1] == 0x0D { count -= 1 }
        return text(UnsafeBufferPointer(rebasing: bytes[..<count]), limit: limit)
    }

    /// `bytes` as text, invalid UTF-8 shown as U+FFFD; past `limit` bytes cut at the start
    /// of a character, with `…` after.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> String {
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = limit
        // Back to the start of a character: continuation bytes are 10xxxxxx.
        while end > 0, end > limit - 4, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + "…"
    }

    /// Field `index` (from 0) of `record`, or nil when it has fewer fields: the fields
    /// before it are only skipped (a sort reads one field of every row).
    package static func field(_ index: Int, of record: ArraySlice<UInt8>, delimiter: UInt8) -> String? {
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
    package static func value(_ field: String) -> TableValue {
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
    package static func oneLine(_ field: String) -> String {
        guard field.utf8.contains(0x0A) || field.utf8.contains(0x0D) else { return field }
        return field.replacing("\r\n", with: "↵").replacing("\n", with: "↵").replacing("\r", with: "↵")
    }

    /// The name of column `index` (from 0) when the input has no header: A, B, … Z, AA, AB…
    package static func letterName(_ index: Int) -> String {
        var name: [Character] = []
        var rest = index
        repeat {
            name.insert(Character(UnicodeScalar(UInt8(65 + rest % 26))), at: 0)
            rest = rest / 26 - 1
        } while rest >= 0
        return String(name)
    }
}
