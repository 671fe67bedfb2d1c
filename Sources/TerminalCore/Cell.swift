/// One character cell of a terminal screen.
///
/// A wide character (CJK, most emoji) occupies a leading cell holding its text with
/// `width` 2 and a continuation cell after it with empty text and `width` 0.
///
/// A cell is two machine words and holds no reference: its text is a ``Glyph`` (one word:
/// the text inline, or the index of a long cluster), its width and style are packed into
/// one word. Copying, comparing and filling cells never allocates or counts references,
/// so a frame of 4,800 cells is built and compared with plain memory operations.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn here, already made drawable; empty in a continuation cell.
    public var glyph: Glyph
    /// Width (bits 0-7), foreground (8-23), background (24-39), attributes (40-47).
    @usableFromInline var packed: UInt64

    /// Creates a cell. `text` must be drawable (see ``DisplayWidth/drawable(_:)``).
    public init(_ text: String, width: UInt8 = 1, style: Style = .plain) {
        self.init(glyph: Glyph(text), width: width, style: style)
    }

    /// Creates a cell from a glyph. `glyph` must be drawable.
    @inlinable
    public init(glyph: Glyph, width: UInt8 = 1, style: Style = .plain) {
        self.glyph = glyph
        packed = UInt64(width) | style.packed << 8
    }

    /// The grapheme cluster drawn here, already made drawable; empty in a continuation cell.
    public var text: String {
        get { glyph.string }
        set { glyph = Glyph(newValue) }
    }

    /// Columns the text takes: 1 or more, or 0 for a continuation cell.
    @inlinable
    public var width: UInt8 {
        get { UInt8(truncatingIfNeeded: packed) }
        set { packed = packed & ~0xFF | UInt64(newValue) }
    }

    /// How the cell looks.
    @inlinable
    public var style: Style {
        get { Style(packed: packed >> 8) }
        set { packed = packed & 0xFF | newValue.packed << 8 }
    }

    /// The style as bits: two cells have the same style exactly when these are equal
    /// (comparing and copying them is cheaper than going through ``style``).
    @inlinable
    var styleBits: UInt64 {
        get { packed >> 8 }
        set { packed = packed & 0xFF | newValue << 8 }
    }

    /// A blank cell in the default style.
    public static let blank = Cell(glyph: .space)

    /// A continuation cell in `style`: the columns a wide character covers after its first.
    @inlinable
    public static func continuation(style: Style) -> Cell { Cell(glyph: .empty, width: 0, style: style) }

    /// A blank cell in `style`.
    @inlinable
    public static func blank(style: Style) -> Cell { Cell(glyph: .space, width: 1, style: style) }

    /// Whether this cell continues the wide character on its left.
    @inlinable
    public var isContinuation: Bool { packed & 0xFF == 0 }

    /// Whether this cell shows a single space (in any style).
    @inlinable
    public var isSpace: Bool { glyph == .space }

    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.packed == rhs.packed && lhs.glyph == rhs.glyph
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(glyph)
        hasher.combine(packed)
    }
}

extension Style {
    /// The style in 40 bits: foreground (0-15), background (16-31), attributes (32-39).
    @inlinable
    var packed: UInt64 {
        UInt64(foreground.code) | UInt64(background.code) << 16 | UInt64(attributes.rawValue) << 32
    }

    /// The style packed by ``packed``; higher bits are ignored.
    @inlinable
    init(packed: UInt64) {
        self.init(foreground: Color(code: UInt16(truncatingIfNeeded: packed)),
                  background: Color(code: UInt16(truncatingIfNeeded: packed >> 16)),
                  attributes: Attributes(rawValue: UInt8(truncatingIfNeeded: packed >> 32)))
    }
}

extension Color {
    /// 0 for the default, 1-8 for the eight named colours, 0x100 + n for `indexed(n)`.
    @inlinable
    var code: UInt16 {
        switch self {
        case .default: return 0
        case .black: return 1
        case .red: return 2
        case .green: return 3
        case .yellow: return 4
        case .blue: return 5
        case .magenta: return 6
        case .cyan: return 7
        case .white: return 8
        case .indexed(let n): return 0x100 | UInt16(n)
        }
    }

    /// The colour of ``code``; unknown codes read as the default.
    @inlinable
    init(code: UInt16) {
        switch code {
        case 1: self = .black
        case 2: self = .red
        case 3: self = .green
        case 4: self = .yellow
        case 5: self = .blue
        case 6: self = .magenta
        case 7: self = .cyan
        case 8: self = .white
        case 0x100...0x1FF: self = .indexed(UInt8(truncatingIfNeeded: code))
        default: self = .default
        }
    }
}
