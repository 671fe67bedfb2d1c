import TerminalCore

/// The value of a table cell as a sort sees it: a number, a text, or nothing.
///
/// Sorting orders numbers before texts and nothing (`null`, also an empty text) last, in
/// both directions, so a column of mixed types sorts without surprises: `2`, `10`, `apple`,
/// then the empty cells.
nonisolated public enum TableValue: Hashable, Sendable {
    /// No value: SQL `NULL`, a missing key; drawn empty unless the column says otherwise.
    case null
    /// A whole number, compared exactly.
    case integer(Int64)
    /// A number with a fraction.
    case number(Double)
    /// A text, compared by its bytes (as `sort` with `LC_ALL=C`: fast and stable).
    case text(String)

    /// How the value is drawn when the column gives no text of its own.
    public var displayText: String {
        switch self {
        case .null: return ""
        case .integer(let value): return String(value)
        case .number(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .text(let text): return text
        }
    }

    /// Whether the value is a number (drawn right-aligned by default).
    public var isNumber: Bool {
        switch self {
        case .integer, .number: return true
        case .null, .text: return false
        }
    }
}

/// A value a column can show: strings, numbers, optionals of them (nil is ``TableValue/null``).
nonisolated public protocol TableCellValue: Sendable {
    /// The value as a table sorts and shows it.
    var tableValue: TableValue { get }
}

extension TableValue: TableCellValue {
    public var tableValue: TableValue { self }
}
extension String: TableCellValue {
    public var tableValue: TableValue { isEmpty ? .null : .text(self) }
}
extension Substring: TableCellValue {
    public var tableValue: TableValue { isEmpty ? .null : .text(String(self)) }
}
extension Int: TableCellValue {
    public var tableValue: TableValue { .integer(Int64(self)) }
}
extension Int64: TableCellValue {
    public var tableValue: TableValue { .integer(self) }
}
extension Int32: TableCellValue {
    public var tableValue: TableValue { .integer(Int64(self)) }
}
extension UInt64: TableCellValue {
    public var tableValue: TableValue { self <= UInt64(Int64.max) ? .integer(Int64(self)) : .number(Double(self)) }
}
extension Double: TableCellValue {
    public var tableValue: TableValue { isNaN ? .null : .number(self) }
}
extension Bool: TableCellValue {
    public var tableValue: TableValue { .text(self ? "true" : "false") }
}
extension Optional: TableCellValue where Wrapped: TableCellValue {
    public var tableValue: TableValue { self?.tableValue ?? .null }
}

/// How wide a table column is drawn.
///
/// Widths are worked out every frame from the header and the rows in view only (never
/// from all rows). A column never takes so much room that the others are pushed off the
/// screen: when the columns do not fit, the widest ones are cut first (down to about 16
/// columns), then the table scrolls sideways by column.
nonisolated public struct ColumnWidth: Hashable, Sendable {
    enum Rule: Hashable, Sendable {
        case fixed(Int)
        case fit(max: Int?)
        case flexible(share: Int)
    }

    let rule: Rule

    /// Exactly `columns` wide.
    public static func fixed(_ columns: Int) -> ColumnWidth { ColumnWidth(rule: .fixed(max(1, columns))) }
    /// As wide as its title and the widest value in view (the default).
    public static let fit = ColumnWidth(rule: .fit(max: nil))
    /// As wide as its title and the widest value in view, at most `max` columns.
    public static func fit(max: Int) -> ColumnWidth { ColumnWidth(rule: .fit(max: Swift.max(1, max))) }
    /// Fits its content and takes a share of the room left over (one share).
    public static let flexible = ColumnWidth(rule: .flexible(share: 1))
    /// Fits its content and takes `share` shares of the room left over.
    public static func flexible(_ share: Int) -> ColumnWidth { ColumnWidth(rule: .flexible(share: Swift.max(1, share))) }
}

/// One column of a ``TableScreen``: its title, the value of each item, and how it is drawn.
///
/// ```swift
/// TableColumn("Name") { $0.name }
/// TableColumn("Size") { $0.bytes }                        // a number: right-aligned
///     .text { Text(humanSize($0.bytes)) }                 // drawn its own way, sorted by bytes
/// TableColumn("Notes", width: .flexible) { $0.notes }
/// ```
///
/// `value` runs off the main actor when the table sorts, so it must depend on the item
/// alone (it is `@Sendable`).
nonisolated public struct TableColumn<Item>: Sendable {
    /// The title in the header line.
    public var title: String
    /// How wide the column is drawn.
    public var width: ColumnWidth
    /// Where values sit in their cells; nil (the default): numbers right, the rest left.
    public var alignment: Text.Alignment?
    /// Whether the column can be sorted by (by `s` or a click on its title).
    public var isSortable: Bool = true
    /// The value of an item: what is sorted, and drawn unless ``text(_:)`` says otherwise.
    public let value: @Sendable (Item) -> TableValue
    /// How an item's cell is drawn; nil draws the value.
    public private(set) var display: (@Sendable (Item) -> Text)?

    /// A column titled `title` whose cells show `value` of each item.
    public init<Value: TableCellValue>(
        _ title: String, width: ColumnWidth = .fit, alignment: Text.Alignment? = nil,
        _ value: @escaping @Sendable (Item) -> Value
    ) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.value = { value($0).tableValue }
    }

    /// This column drawing each cell as `text` makes it (a size in KB, a dimmed `NULL`),
    /// still sorted by its value.
    public func text(_ text: @escaping @Sendable (Item) -> Text) -> TableColumn {
        var copy = self
        copy.display = text
        return copy
    }

    /// This column with sorting by it turned off (or on).
    public func sortable(_ isSortable: Bool) -> TableColumn {
        var copy = self
        copy.isSortable = isSortable
        return copy
    }

    /// The cell of `item`, aligned; in a `numeric` column (one whose values in view are
    /// numbers) a NULL sits right too, under the numbers.
    func cell(_ item: Item, numeric: Bool = false) -> Text {
        if let display {
            var text = display(item)
            if let alignment {
                text.alignment = alignment
            } else if text.alignment == .leading {
                let value = value(item)
                if value.isNumber || (numeric && value == .null) {
                    text.alignment = .trailing  // a number drawn its own way still sits right
                }
            }
            return text
        }
        let value = value(item)
        var text = Text(value.displayText)
        text.alignment = alignment ?? (value.isNumber || (numeric && value == .null) ? .trailing : .leading)
        return text
    }
}

/// How a table is sorted: by which column, which way.
nonisolated public struct TableSort: Hashable, Sendable {
    /// The column's position among the screen's ``TableScreen/columns``.
    public var column: Int
    /// Ascending (▲) or descending (▼).
    public var ascending: Bool

    /// A sort by `column`, ascending unless said otherwise.
    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}
