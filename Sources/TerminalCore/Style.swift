/// A colour from the terminal's own palette.
///
/// Lister never sets RGB values: the user's theme decides what "red" looks like.
public enum Color: Hashable, Sendable {
    /// The terminal's default foreground or background.
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    /// One of the 256 indexed colours (used only when the terminal has them).
    case indexed(UInt8)
}

/// Text attributes that combine (bold and underlined, say).
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
    /// Blinking text (terminfo's `blink`).
    public static let blink = Attributes(rawValue: 1 << 5)
    /// A line through the text (terminfo's `smxx`, where the terminal has it).
    public static let strikethrough = Attributes(rawValue: 1 << 6)
}

/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
    /// Foreground colour.
    public var foreground: Color
    /// Background colour.
    public var background: Color
    /// Attributes such as bold or reverse.
    public var attributes: Attributes

    /// Creates a style.
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(attributes: .bold)
    /// Dim text, for secondary information.
    public static let dim = Style(attributes: .dim)
    /// Reverse video: visible without colour, so it marks the selection under `NO_COLOR`.
    public static let reverse = Style(attributes: .reverse)

    /// This style with `other`'s colours (where not default) and attributes added.
    public func merged(with other: Style) -> Style {
        Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            attributes: attributes.union(other.attributes)
        )
    }

    /// This style with colours removed (attributes kept), for `NO_COLOR`.
    public var withoutColor: Style { Style(attributes: attributes) }
}
