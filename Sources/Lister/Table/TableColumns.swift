/// The columns of a ``TableScreen`` as the table reads them: a list of ``TableColumn``s, or
/// a count and a function that makes column `index` when it is read.
///
/// A table reads the columns it places and a few more (a frame of 30,000 columns reads a
/// few dozen), so a screen of very many columns can make each one when it is read instead
/// of making them all before the first frame:
///
/// ```swift
/// var tableColumns: TableColumns<Row> {
///     TableColumns(count: titles.count) { index in
///         TableColumn(titles[index]) { $0.field(index) }
///     }
/// }
/// ```
///
/// A column is made again each time it is read; the table reads a column's title, width
/// rule and alignment once per change of the rows or the screen.
nonisolated public struct TableColumns<Item>: RandomAccessCollection, Sendable {
    private enum Source: Sendable {
        case made([TableColumn<Item>])
        case lazy(count: Int, make: @Sendable (Int) -> TableColumn<Item>)
    }

    private let source: Source

    /// The columns of `columns`.
    public init(_ columns: [TableColumn<Item>]) {
        source = .made(columns)
    }

    /// `count` columns, column `index` made by `make` when it is read.
    public init(count: Int, make: @escaping @Sendable (Int) -> TableColumn<Item>) {
        source = .lazy(count: Swift.max(0, count), make: make)
    }

    /// The first column's index, 0.
    public var startIndex: Int { 0 }

    /// The number of columns.
    public var endIndex: Int {
        switch source {
        case .made(let columns): columns.count
        case .lazy(let count, _): count
        }
    }

    /// Column `position`, made now if it is made when read.
    public subscript(position: Int) -> TableColumn<Item> {
        switch source {
        case .made(let columns): columns[position]
        case .lazy(_, let make): make(position)
        }
    }
}
