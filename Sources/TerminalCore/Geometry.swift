/// A terminal size in character cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Number of lines.
    public var rows: Int
    /// Number of columns.
    public var columns: Int

    /// Creates a size, clamping negative values to zero.
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// A size with no cells.
    public static let zero = Size(rows: 0, columns: 0)

    public var description: String { "\(columns)x\(rows)" }
}

/// A cell position: `row` from the top, `column` from the left, both from zero.
public struct Point: Hashable, Sendable {
    /// Zero-based line.
    public var row: Int
    /// Zero-based column.
    public var column: Int

    /// Creates a point.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of cells inside a buffer.
public struct Rect: Hashable, Sendable {
    /// Top-left corner.
    public var origin: Point
    /// Extent.
    public var size: Size

    /// Creates a rectangle.
    public init(row: Int, column: Int, rows: Int, columns: Int) {
        origin = Point(row: row, column: column)
        size = Size(rows: rows, columns: columns)
    }

    /// Creates a rectangle at the origin covering `size`.
    public init(size: Size) {
        self.init(row: 0, column: 0, rows: size.rows, columns: size.columns)
    }

    /// First row.
    public var top: Int { origin.row }
    /// One past the last row.
    public var bottom: Int { origin.row + size.rows }
    /// First column.
    public var left: Int { origin.column }
    /// One past the last column.
    public var right: Int { origin.column + size.columns }
    /// Number of rows.
    public var height: Int { size.rows }
    /// Number of columns.
    public var width: Int { size.columns }
    /// Whether the rectangle has no cells.
    public var isEmpty: Bool { size.rows == 0 || size.columns == 0 }

    /// The part of this rectangle that lies inside `other`.
    public func intersection(_ other: Rect) -> Rect {
        let top = max(self.top, other.top), left = max(self.left, other.left)
        let bottom = min(self.bottom, other.bottom), right = min(self.right, other.right)
        return Rect(row: top, column: left, rows: max(0, bottom - top), columns: max(0, right - left))
    }

    /// Splits off `count` rows from the top: returns (top part, rest).
    public func splitTop(_ count: Int) -> (Rect, Rect) {
        let n = min(max(0, count), height)
        return (Rect(row: top, column: left, rows: n, columns: width),
                Rect(row: top + n, column: left, rows: height - n, columns: width))
    }

    /// Splits off `count` rows from the bottom: returns (rest, bottom part).
    public func splitBottom(_ count: Int) -> (Rect, Rect) {
        let n = min(max(0, count), height)
        return (Rect(row: top, column: left, rows: height - n, columns: width),
                Rect(row: bottom - n, column: left, rows: n, columns: width))
    }
}
