/// Makes untrusted text safe to draw.
///
/// Escape sequences, C0 and C1 controls, DEL and bidirectional overrides never reach the
/// terminal raw: they are shown visibly (`^[`, `^?`, `<9B>`), so a line that tries to change
/// the window title or move the cursor is drawn as the characters it contains. Invalid UTF-8
/// is decoded with replacement characters by ``decode(_:)``.
public enum Sanitizer {
    /// The visible form of `character` when it must not be drawn as it is, else `nil`.
    ///
    /// Tabs are not handled here: writers expand them to the next tab stop.
    @inlinable
    public static func replacement(for character: Character) -> String? {
        if let ascii = character.asciiValue {
            if ascii >= 0x20 && ascii < 0x7F { return nil }
            if ascii == 0x7F { return "^?" }
            if ascii == 0x0A || ascii == 0x0D { return character == "\r\n" ? "^M^J" : (ascii == 0x0A ? "^J" : "^M") }
            return "^" + String(UnicodeScalar(ascii + 0x40))
        }
        return slowReplacement(for: character)
    }

    @usableFromInline
    static func slowReplacement(for character: Character) -> String? {
        var needsWork = false
        for scalar in character.unicodeScalars where isUnsafe(scalar) {
            needsWork = true
            break
        }
        guard needsWork else { return nil }
        var out = ""
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if value < 0x20 {
                out += "^" + String(UnicodeScalar(UInt8(value) + 0x40))
            } else if value == 0x7F {
                out += "^?"
            } else if (0x80...0x9F).contains(value) {
                out += "<" + String(value, radix: 16, uppercase: true) + ">"
            } else if let byte = PathBytes.escapedByte(scalar) {
                out += "<" + String(byte, radix: 16, uppercase: true) + ">"  // a byte of a file name
            } else if isUnsafe(scalar) {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a scalar must never be sent to the terminal as it is.
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true                    // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional overrides
        default: return PathBytes.isEscape(scalar)          // bytes of a file name
        }
    }

    /// `text` with every unsafe character replaced by its visible form and tabs expanded
    /// to spaces (tab stops every `tabWidth` columns from the start of `text`).
    public static func clean(_ text: some StringProtocol, tabWidth: Int = 8) -> String {
        if isPrintableASCII(text) { return String(text) }  // titles and most rows: as they are
        var out = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                out += String(repeating: " ", count: spaces)
                column += spaces
            } else if let visible = replacement(for: character) {
                out += visible
                column += visible.count
            } else {
                out.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return out
    }

    /// Whether `text` is only printable ASCII (no controls, no tab): safe to draw as it is,
    /// one column per byte. Checked on the UTF-8 bytes, without grapheme breaking.
    public static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        // Called unspecialised from other modules: a loop over the contiguous bytes (every
        // native string) instead of a generic `allSatisfy`.
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
        return contiguous ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Decodes bytes as UTF-8, replacing invalid sequences with U+FFFD.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
