import TerminalCore

extension RegionID {
    /// The header line of a table: a click on a title sorts by its column.
    public static let tableHeader = RegionID("table header")
}

/// The cell widths of the rows measured lately, so that a frame measures only the rows
/// that came into view (a Down measures one row, not forty).
@MainActor
final class TableCache {
    private var key: (rows: Int, screen: Int) = (-1, -1)
    private var widths: [Int: [Int]] = [:]
    /// The layout of the last frame drawn for real (not ahead of a key), for the keys
    /// that scroll by column and for clicks on the header.
    var lastLayout: TableLayout?
    /// The widest cell of each column seen in view since the rows last changed: widths
    /// only grow while scrolling, so columns do not jump as rows come and go (and the
    /// rows drawn last frame are pasted, not drawn again).
    private var widest: [Int] = []
    private var widestKey: (rows: Int, screen: Int) = (-1, -1)

    /// `natural` widened to the widest seen since the rows or the screen changed.
    func sticky(_ natural: [Int], rows: Int, screen: Int) -> [Int] {
        if widestKey != (rows, screen) {
            widestKey = (rows, screen)
            widest = []
        }
        if widest.count != natural.count { widest = natural }
        for index in natural.indices where natural[index] > widest[index] { widest[index] = natural[index] }
        return widest
    }

    /// The widths of the cells of item `index`, measured once per revision of the rows.
    func widths(of index: Int, rows: Int, screen: Int, measure: () -> [Int]) -> [Int] {
        if key != (rows, screen) {
            key = (rows, screen)
            widths.removeAll(keepingCapacity: true)
        }
        if let known = widths[index] { return known }
        if widths.count > 4096 { widths.removeAll(keepingCapacity: true) }
        let measured = measure()
        widths[index] = measured
        return measured
    }

    func forget() {
        key = (-1, -1)
        widths.removeAll()
        widest = []
        widestKey = (-1, -1)
    }
}

/// Holds the layout a table's rows are drawn with: worked out when the table knows its
/// width (as it renders), read by the rows drawn right after.
@MainActor
final class TableLayoutBox {
    var layout = TableLayout(placed: [], firstScrolled: 0, maxFirstScrolled: 0)
}

/// A table: its header line pinned above the list of its rows.
public struct TableView: View {
    /// The layout for a width.
    let layout: (Int) -> TableLayout
    /// The header line's cells for a layout.
    let header: (TableLayout) -> TableRow
    /// The rows; they read the layout from `box`.
    let list: ListView
    let box: TableLayoutBox
    /// Where the layout of a frame drawn for real is kept; nil for a frame drawn ahead.
    let cache: TableCache?

    public var sizing: Sizing { .flexible }

    public func render(in rect: Rect, buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        let (top, rest) = rect.splitTop(1)
        let layout = self.layout(rect.width)
        box.layout = layout
        cache?.lastLayout = layout
        list.regions?.record(.tableHeader, top)
        header(layout).render(in: top, buffer: &buffer)
        var list = self.list
        list.reuse?.environment.table = layout
        list.render(in: rest, buffer: &buffer)
    }
}

extension ListContext where S: TableScreen {
    /// The table as the default body draws it: the header line (titles, ▲ or ▼ on the
    /// sorted column) and the rows, with column widths from the header and the rows in view.
    public func tableView() -> TableView {
        let columns = screen.columns
        let items = model.state.items
        let engine = filter.flatMap { $0.engine.isFiltering ? $0.engine : nil }
        let count = engine?.visibleCount ?? model.count
        let offset = engine != nil ? (filter?.scrollOffset ?? 0) : model.scrollOffset
        let height = max(1, model.viewportHeight)
        let sort = tableSort
        // Natural widths: each title (with room for the arrow on the sorted column) and
        // each value of the rows in view.
        var natural = columns.enumerated().map { index, column in
            DisplayWidth.of(column.title) + (sort?.column == index ? 2 : 0)
        }
        let titles = natural
        var numeric = [Bool](repeating: false, count: columns.count)
        let visible = max(0, min(offset, count))..<max(0, min(count, offset + height))
        for position in visible {
            let index = engine?.row(atVisible: position) ?? position
            let measure = { columns.map { $0.cell(items[index]).drawnWidth } }
            let widths = tableCache?.widths(of: index, rows: model.revision, screen: screenRevision, measure: measure) ?? measure()
            for column in 0..<min(widths.count, natural.count) where widths[column] > natural[column] {
                natural[column] = widths[column]
            }
        }
        if let tableCache { natural = tableCache.sticky(natural, rows: model.revision, screen: screenRevision) }
        // A column is numeric when its first value in view that is not NULL is drawn
        // right-aligned: its NULLs then sit right too, under the numbers.
        for (index, column) in columns.enumerated() {
            if let alignment = column.alignment {
                numeric[index] = alignment == .trailing
                continue
            }
            for position in visible {
                let item = items[engine?.row(atVisible: position) ?? position]
                guard column.value(item) != .null else { continue }
                numeric[index] = column.cell(item).alignment == .trailing
                break
            }
        }
        let rules = columns.map(\.width)
        let frozen = screen.frozenColumns
        let first = tableFirstColumn
        let box = TableLayoutBox()
        var list = rowReusingListView { index, _ in
            let item = items[index]
            let layout = box.layout
            var cells = [Text](repeating: Text(""), count: columns.count)
            for placed in layout.placed {
                let numeric = placed.column < layout.numeric.count && layout.numeric[placed.column]
                cells[placed.column] = columns[placed.column].cell(item, numeric: numeric)
            }
            return TableRow(cells: cells, layout: layout)
        }
        list.horizontalOffset = 0  // a table scrolls by column, not by character
        return TableView(
            layout: { width in
                var layout = TableLayout.make(natural: natural, rules: rules, titles: titles, width: width, frozen: frozen, firstScrolled: first)
                layout.numeric = numeric
                return layout
            },
            header: { layout in
                TableRow(cells: columns.enumerated().map { index, column in
                    var title = column.title
                    if let sort, sort.column == index { title += sort.ascending ? " ▲" : " ▼" }
                    return Text(title).bold().aligned(numeric[index] ? .trailing : .leading)
                }, layout: layout)
            },
            list: list, box: box, cache: isDrawingAhead ? nil : tableCache
        )
    }
}
