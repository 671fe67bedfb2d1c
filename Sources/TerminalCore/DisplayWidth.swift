import CDisplayWidth

/// Display widths as the terminal (and ncurses) will draw them.
///
/// A grapheme cluster is never split: its width is the sum of `wcwidth` over its scalars,
/// leaving out the joiners and variation selectors that terminals disagree about
/// (U+200D, U+FE0E, U+FE0F), which are also left out when drawing.
public enum DisplayWidth {
    /// Makes `wcwidth` answer for UTF-8 text. Idempotent; called by every width function.
    ///
    /// Selects the user's locale, falling back to `C.UTF-8` for character classification.
    public static let localeIsUTF8: Bool = lister_setlocale_utf8() == 1

    /// Columns one grapheme cluster takes once drawn (0, 1 or more).
    ///
    /// Control characters are not measured here: pass text through ``Sanitizer`` first.
    @inlinable
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        return slowWidth(character)
    }

    /// Columns a whole string takes once drawn.
    public static func of(_ string: some StringProtocol) -> Int {
        if Sanitizer.isPrintableASCII(string) { return string.utf8.count }
        var total = 0
        for character in string { total += of(character) }
        return total
    }

    @usableFromInline
    static func slowWidth(_ character: Character) -> Int {
        _ = localeIsUTF8
        var total = 0
        for scalar in character.unicodeScalars {
            if isDropped(scalar) { continue }
            let width = Int(lister_wcwidth(scalar.value))
            total += width < 0 ? 1 : width  // unprintable scalars are drawn as U+FFFD
        }
        return total
    }

    /// Scalars that are removed before drawing: joiners and variation selectors.
    public static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200D || scalar.value == 0xFE0E || scalar.value == 0xFE0F
    }

    /// The text a terminal should receive for `character`: dropped scalars removed and
    /// scalars the C library cannot print replaced by U+FFFD.
    public static func drawable(_ character: Character) -> String {
        if character.asciiValue != nil { return String(character) }
        _ = localeIsUTF8
        var out = String.UnicodeScalarView()
        for scalar in character.unicodeScalars where !isDropped(scalar) {
            out.append(lister_wcwidth(scalar.value) < 0 ? "\u{FFFD}" : scalar)
        }
        return String(out)
    }
}
