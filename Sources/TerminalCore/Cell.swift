/// One character cell of a terminal screen.
///
/// A wide character (CJK, most emoji) occupies a leading cell holding its text with
/// `width` 2 and a continuation cell after it with empty text and `width` 0.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn here, already made drawable; empty in a continuation cell.
    public var text: String
    /// Columns the text takes: 1 or 2, or 0 for a continuation cell.
    public var width: UInt8
    /// How the cell looks.
    public var style: Style

    /// Creates a cell. `text` must be drawable (see ``DisplayWidth/drawable(_:)``).
    public init(_ text: String, width: UInt8 = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A blank cell in the default style.
    public static let blank = Cell(" ")

    /// Whether this cell continues the wide character on its left.
    public var isContinuation: Bool { width == 0 }
}
