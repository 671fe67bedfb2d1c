/// File names and paths as the kernel has them, bytes that need not be UTF-8, kept in a
/// `String` without loss.
///
/// Valid UTF-8 decodes as usual. Each byte that is not part of valid UTF-8 becomes one
/// scalar of the private-use range U+10FF80...U+10FFFF (U+10FF00 plus the byte, like
/// Python's `surrogateescape`), which ``bytes(_:)`` turns back into that byte and
/// ``Sanitizer`` draws as `<FF>`. The UTF-8 of a scalar in that range is escaped byte by
/// byte too, so every byte sequence comes back exactly.
public enum PathBytes {
    /// The first scalar that stands for a byte (U+10FF00 plus 0x80).
    static let escapeBase: UInt32 = 0x10FF00

    /// Whether `scalar` stands for a byte that was not valid UTF-8.
    @inlinable
    public static func isEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x10FF80 }

    /// The byte `scalar` stands for, or nil when it is not an escape.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        isEscape(scalar) ? UInt8(scalar.value - escapeBase) : nil
    }

    /// The bytes as a string: UTF-8 where they are valid, escapes where they are not.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self), !valid.unicodeScalars.contains(where: isEscape) {
            return valid
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index), !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `string` stands for: its UTF-8, with every escape turned back into its byte.
    public static func bytes(_ string: String) -> [UInt8] {
        guard string.unicodeScalars.contains(where: isEscape) else { return Array(string.utf8) }
        var bytes: [UInt8] = []
        for scalar in string.unicodeScalars {
            if let byte = escapedByte(scalar) {
                bytes.append(byte)
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return bytes
    }

    /// Calls `body` with the path as a NUL-terminated C string of its bytes.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var bytes = self.bytes(path)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The scalar whose well-formed UTF-8 starts at `index`, and its length; nil when the
    /// bytes there are not well-formed (a stray continuation byte, an overlong form, a
    /// surrogate, a value past U+10FFFF, a sequence cut short).
    static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }  // overlong, surrogate, too large
        return (scalar, length)
    }
}
