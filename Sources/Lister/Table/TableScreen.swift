import TerminalCore

// MARK: - How a screen declares a table
//
// A table is a list whose rows are drawn as columns. Conform to `TableScreen` instead of
// `ListScreen` and list the columns; everything else is a list screen's (load, open,
// filter, pick, paging, preview):
//
//     struct Files: TableScreen {
//         let title = "Files"
//         nonisolated func load() async throws -> [File] { try scan() }
//         var columns: [TableColumn<File>] {
//             [TableColumn("Name") { $0.name },
//              TableColumn("Size") { $0.bytes }.text { Text(human($0.bytes)) },  // sorted by bytes
//              TableColumn("Notes", width: .flexible) { $0.notes }]
//         }
//     }
//
// - A column is a title, a value per item (`String`, numbers, optionals: `TableCellValue`;
//   nil is NULL), an optional `.text { }` that draws the cell its own way, an alignment
//   (numbers right by default) and a `ColumnWidth`: `.fit` (the default), `.fit(max:)`,
//   `.fixed(n)`, `.flexible` / `.flexible(share)`.
// - The default body pins a header line above the rows; widths come from the header and
//   the rows in view only. The first `frozenColumns` (1 by default) stay when `<` `>` or
//   Left/Right scroll the others sideways, one column at a time.
// - `s` sorts by the next column (then back to the load order), `S` reverses, a click on a
//   title sorts by it (again: the other way). The loaded rows are sorted off the main actor,
//   the selection stays on its item. A screen that can sort at its source (SQL) implements
//   `sorted(by:)` and returns itself loading in that order; `sort` says the order it shows.
// - The context gives `tableSort` (the order shown) for a body of its own; `tableView()`
//   is what the default body draws.

/// A list drawn as a table: a header line of column titles pinned above rows of cells,
/// sortable by column, scrolled sideways by column when the columns do not fit.
///
/// ```swift
/// struct Planets: TableScreen {
///     let title = "Planets"
///     nonisolated func load() async throws -> [Planet] { Planet.all }
///     var columns: [TableColumn<Planet>] {
///         [TableColumn("Name") { $0.name }, TableColumn("Moons") { $0.moons }]
///     }
/// }
/// ```
@MainActor
public protocol TableScreen: ListScreen where Row == TableRow {
    /// The columns, left to right.
    var columns: [TableColumn<Item>] { get }

    /// The columns as the table reads them; by default ``columns``. A screen of very many
    /// columns returns ``TableColumns/init(count:make:)``, which makes only the columns read
    /// (a frame reads those it places), not all of them before the first frame.
    var tableColumns: TableColumns<Item> { get }

    /// How many columns on the left stay in view when the table scrolls sideways; 1 by default.
    var frozenColumns: Int { get }

    /// The order the screen's own load gives (a screen sorting at its source says the
    /// order it asked for); nil by default (the load's order). Set when the screen opens,
    /// it is shown from the first frame (the header's arrow, `sorting…` while it loads) and
    /// `s` `S` go on from it.
    var sort: TableSort? { get }

    /// A screen that loads its rows in `sort`'s order (nil: its natural order), when the
    /// source can sort (SQL `ORDER BY`), keeping its paging; nil (the default) when it
    /// cannot: the loaded rows are then sorted in memory, off the main actor.
    func sorted(by sort: TableSort?) -> Self?

    /// As ``sorted(by:)``, told the item selected: a paged source loads its first page in
    /// the new order far enough to hold `selected` (the selection stays on it even when it
    /// is not among the first rows). The default ignores `selected` and calls
    /// ``sorted(by:)``: the selection then stays on the item only if the first page holds it.
    func sorted(by sort: TableSort?, keeping selected: Item?) -> Self?
}

extension TableScreen {
    public var frozenColumns: Int { 1 }

    public var tableColumns: TableColumns<Item> { TableColumns(columns) }

    public var sort: TableSort? { nil }

    public func sorted(by sort: TableSort?) -> Self? { nil }

    public func sorted(by sort: TableSort?, keeping selected: Item?) -> Self? { sorted(by: sort) }

    /// The header line and the rows, or the loading, empty and error views.
    public func body(_ context: ListContext<Self>) -> Group {
        return tableBody(context)  // `return`: the result, not a group around it
    }

    /// What the default ``ListScreen/body(_:)`` draws: the table when rows are loaded, else what a
    /// list draws (spinner, empty view, error view). A body of its own calls this. A table
    /// loading in an order (sorted at its source) shows its header, arrow included, above
    /// the spinner: the order is said from the first frame.
    @ViewBuilder
    public func tableBody(_ context: ListContext<Self>) -> Group {
        if case .loaded = context.state {
            context.tableView()
        } else if context.state.isLoading, context.tableSort != nil {
            VStack {
                HeaderLine(table: context.tableView())
                standardBody(context)
            }
        } else {
            standardBody(context)
        }
    }

    /// One row's cells, each as wide as it needs (the default body draws rows with the
    /// widths of the frame instead).
    public func row(_ item: Item, context: RowContext) -> TableRow {
        let columns = tableColumns
        let cells = columns.map { $0.cell(item) }
        let layout = TableLayout.make(natural: cells.map(\.width), rules: columns.map { _ in .fit },
                                      titles: cells.map { _ in 0 }, width: Int(Int32.max), frozen: 0, firstScrolled: 0)
        return TableRow(cells: cells, layout: layout)
    }

    /// The filter searches every cell's text.
    public func filterText(_ item: Item) -> String {
        tableColumns.map { $0.cell(item).plainText }.joined(by: "  ")
    }
}

/// A table's header line alone (its rows not loaded yet).
private struct HeaderLine: View {
    let table: TableView
    var sizing: Sizing { .fixed(1) }
    func render(in rect: Rect, buffer: inout Buffer) { table.render(in: rect, buffer: &buffer) }
}

// MARK: What the host asks of a table it knows only as `any TableScreen`

extension TableScreen {
    /// The first column from `start` on that can be sorted by, if any (a key reads the
    /// columns up to it, not every column of a wide table).
    func firstSortableColumn(from start: Int) -> Int? {
        let columns = tableColumns
        // Past the last column (the one sorted by was the last, or a screen of fewer columns
        // replaced this one): none, not a range that traps.
        guard start < columns.count else { return nil }
        return (max(0, start)..<columns.count).first { columns[$0].isSortable }
    }

    /// Whether column `index` exists and can be sorted by.
    func isSortable(column index: Int) -> Bool {
        let columns = tableColumns
        return columns.indices.contains(index) && columns[index].isSortable
    }

    /// ``sorted(by:keeping:)`` for a host that holds the screen as an existential.
    func sortedAtSource(by sort: TableSort?, keeping selected: Any?) -> (any TableScreen)? {
        sorted(by: sort, keeping: selected as? Item)
    }

    /// What sorts the loaded rows (an `ItemList<Item>` given as `Any`) by `sort`, off the
    /// main actor: nil when the rows are of another type or the column does not exist.
    func sorter(for sort: TableSort) -> (@Sendable (Any, () -> Bool) throws -> [Int32]?)? {
        let columns = tableColumns
        guard columns.indices.contains(sort.column) else { return nil }
        let value = columns[sort.column].value
        return { rows, isCancelled in
            guard let items = rows as? ItemList<Item> else { return nil }
            return try TableSorting.permutation(count: items.count, ascending: sort.ascending, isCancelled: isCancelled) {
                value(items[$0])
            }
        }
    }
}
