/// Code points and character classes for fuzzy matching, on raw bytes.
///
/// A line is decoded from UTF-8 into code points; a byte that is not part of valid UTF-8
/// becomes U+10FF00 plus the byte (as `PathBytes` does), so it matches only itself and a
/// line with invalid UTF-8 never fails to decode; or U+FFFD, for a query that holds U+FFFD
/// (what fzf makes of every such byte, and of one in a command-line argument).
enum FuzzyText {
    /// The classes that decide bonuses, ordered as fzf's (word characters after
    /// `nonWord`).
    enum CharClass: UInt8, Comparable {
        case white, nonWord, delimiter, lower, upper, letter, number

        static func < (lhs: CharClass, rhs: CharClass) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The class of `code`.
    @inline(__always)
    static func charClass(_ code: UInt32) -> CharClass {
        if code < 0x80 { return asciiClasses[Int(code)] }
        guard let scalar = Unicode.Scalar(code), !(0x10FF80...0x10FFFF).contains(code) else { return .nonWord }
        let properties = scalar.properties
        if properties.isLowercase { return .lower }
        if properties.isUppercase { return .upper }
        if properties.numericType != nil { return .number }
        if properties.isAlphabetic { return .letter }
        if properties.isWhitespace { return .white }
        return .nonWord
    }

    private static let asciiClasses: [CharClass] = (0..<128).map { code -> CharClass in
        switch UInt8(code) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case 0x20, 0x09...0x0D: return .white
        case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"): return .delimiter
        default: return .nonWord
        }
    }

    /// The simple lowercase of `code`, as fzf folds case (`İ` is `i`).
    @inline(__always)
    static func lowercase(_ code: UInt32) -> UInt32 {
        if code < 0x80 { return code &- 0x41 < 26 ? code | 0x20 : code }
        guard let scalar = Unicode.Scalar(code), scalar.properties.changesWhenLowercased else { return code }
        // The full mapping's first scalar is the simple one (only U+0130 İ maps to two).
        return scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? code
    }

    /// The code points of `string` (escapes of `PathBytes` become the byte's code point).
    static func codePoints(of string: String) -> [UInt32] {
        string.unicodeScalars.map(\.value)
    }

    /// Decodes `bytes` into `output` (cleared first). With `replacingInvalid`, each byte
    /// that is not part of valid UTF-8 becomes U+FFFD, as fzf reads it, rather than its
    /// escape.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt32], replacingInvalid: Bool = false) {
        output.removeAll(keepingCapacity: true)
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                output.append(UInt32(lead))
                index += 1
                continue
            }
            let length: Int, minimum: UInt32
            var code: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; code = UInt32(lead & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; code = UInt32(lead & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; code = UInt32(lead & 0x07); minimum = 0x10000
            default: length = 0; code = 0; minimum = 0
            }
            var valid = length > 0 && index + length <= count
            if valid {
                for offset in 1..<length {
                    let byte = bytes[index + offset]
                    guard byte & 0xC0 == 0x80 else { valid = false; break }
                    code = code << 6 | UInt32(byte & 0x3F)
                }
                valid = valid && code >= minimum && code <= 0x10FFFF && !(0xD800...0xDFFF).contains(code)
                    && code < 0x10FF80  // PathBytes escapes these byte by byte
            }
            if valid {
                output.append(code)
                index += length
            } else {
                output.append(replacingInvalid ? 0xFFFD : 0x10FF00 + UInt32(lead))
                index += 1
            }
        }
    }
}
