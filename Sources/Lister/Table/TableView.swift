import TerminalCore

extension RegionID {
    /// The header line of a table: a click on a title sorts by its column.
    public static let tableHeader = RegionID("table header")
}

/// What a row's cells need of the room: each cell's drawn width and how its value sits.
/// Measured once per revision of the rows (a frame then only combines the numbers of the
/// rows in view: a key costs no cell of a column that is off screen).
struct MeasuredRow: Sendable {
    /// The drawn width of each cell.
    var widths: [Int]
    /// Each cell's value: 0 NULL, 1 drawn left, 2 drawn right (a number).
    var alignment: [UInt8]
}

/// One cell measured: its drawn width and how its value sits (as in ``MeasuredRow``).
struct MeasuredCell: Sendable {
    var width: Int
    var alignment: UInt8
}

/// What a table's columns say of themselves: their titles' widths, width rules and
/// alignments (read once, not per frame: a frame of a wide table reads them from here).
struct ColumnFacts {
    var titleWidths: [Int]
    var rules: [ColumnWidth]
    var alignments: [Text.Alignment?]

    init<Item>(_ columns: TableColumns<Item>) {
        titleWidths = columns.map { DisplayWidth.of($0.title) }
        rules = columns.map(\.width)
        alignments = columns.map(\.alignment)
    }
}

/// The cell widths of the rows measured lately, so that a frame measures only the rows
/// that came into view (a Down measures one row, not forty).
@MainActor
final class TableCache {
    private var key: (rows: Int, screen: Int) = (-1, -1)
    private var measured: [Int: MeasuredRow] = [:]
    /// The layout of the last frame drawn for real (not ahead of a key), for the keys
    /// that scroll by column and for clicks on the header.
    var lastLayout: TableLayout?
    /// The widest cell of each column seen in view since the rows last changed: widths
    /// only grow while scrolling, so columns do not jump as rows come and go (and the
    /// rows drawn last frame are pasted, not drawn again).
    private var widest: [Int] = []
    private var widestKey: (rows: Int, screen: Int) = (-1, -1)
    /// What the columns say of themselves, worked out once per revision of the rows and
    /// the screen (a table may have 10,000 columns, whose titles may come with the rows).
    private var facts: (rows: Int, screen: Int, count: Int, facts: ColumnFacts)?

    /// `natural` widened to the widest seen since the rows or the screen changed; a frame
    /// drawn ahead of a key (not `committing`) reads the widest without widening it, as it
    /// may never be shown (the widths would then depend on which frames were drawn ahead).
    func sticky(_ natural: [Int], rows: Int, screen: Int, committing: Bool = true) -> [Int] {
        guard committing else {
            guard widestKey == (rows, screen), widest.count == natural.count else { return natural }
            return zip(natural, widest).map { max($0, $1) }
        }
        if widestKey != (rows, screen) {
            widestKey = (rows, screen)
            widest = []
        }
        if widest.count != natural.count { widest = natural }
        for index in natural.indices where natural[index] > widest[index] { widest[index] = natural[index] }
        return widest
    }

    /// The cells of item `index` measured, once per revision of the rows.
    func measured(_ index: Int, rows: Int, screen: Int, measure: () -> MeasuredRow) -> MeasuredRow {
        if key != (rows, screen) {
            key = (rows, screen)
            measured.removeAll(keepingCapacity: true)
        }
        if let known = measured[index] { return known }
        if measured.count > 4096 { measured.removeAll(keepingCapacity: true) }
        let row = measure()
        measured[index] = row
        return row
    }

    /// The facts of the screen's `count` columns, worked out once per revision (for a
    /// table whose gaps fit its width: it has at most half as many columns as the width).
    func columnFacts(rows: Int, screen: Int, count: Int, make: () -> ColumnFacts) -> ColumnFacts {
        if let facts, facts.rows == rows, facts.screen == screen, facts.count == count { return facts.facts }
        let made = make()
        columnsRead += count
        facts = (rows, screen, count, made)
        return made
    }

    /// How many times a column's facts (title width, width rule, alignment) were read to lay
    /// a table out: what a frame costs per column, counted (a test sees that a frame of
    /// 30,000 columns reads as many as one of 1,000).
    private(set) var columnsRead = 0

    /// Counts the facts of `count` columns read.
    func noteColumnsRead(_ count: Int) { columnsRead += count }

    /// The cells measured one at a time, for a table too wide to measure whole (its gaps
    /// alone pass the width: ``TableLayout/gapsPass(_:count:)``), by row and column.
    private var cells: [CellKey: MeasuredCell] = [:]
    private var cellsKey: (rows: Int, screen: Int) = (-1, -1)
    /// The widest natural width of each column measured so, since the rows changed.
    private var widestCut: [Int: Int] = [:]

    struct CellKey: Hashable {
        var row: Int
        var column: Int
    }

    /// Cell (`row`, `column`) measured, once per revision of the rows.
    func measuredCell(row: Int, column: Int, rows: Int, screen: Int, measure: () -> MeasuredCell) -> MeasuredCell {
        if cellsKey != (rows, screen) {
            cellsKey = (rows, screen)
            cells.removeAll(keepingCapacity: true)
            widestCut.removeAll(keepingCapacity: true)
        }
        let key = CellKey(row: row, column: column)
        if let known = cells[key] { return known }
        if cells.count > 65_536 { cells.removeAll(keepingCapacity: true) }
        let cell = measure()
        cells[key] = cell
        return cell
    }

    /// `natural` of `column` widened to the widest seen since the rows changed (as
    /// ``sticky(_:rows:screen:)`` does for tables measured whole).
    func stickyCut(_ natural: Int, column: Int, committing: Bool = true) -> Int {
        let widest = max(natural, widestCut[column] ?? 0)
        if committing { widestCut[column] = widest }
        return widest
    }

    func forget() {
        cells.removeAll()
        cellsKey = (-1, -1)
        widestCut.removeAll()
        key = (-1, -1)
        measured.removeAll()
        widest = []
        widestKey = (-1, -1)
        facts = nil
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
        let columns = screen.tableColumns
        let items = model.state.items
        let engine = filter.flatMap { $0.engine.isFiltering ? $0.engine : nil }
        let count = engine?.visibleCount ?? model.count
        let offset = engine != nil ? (filter?.scrollOffset ?? 0) : model.scrollOffset
        let height = max(1, model.viewportHeight)
        let sort = tableSort
        let revision = (rows: model.revision, screen: screenRevision)
        let cache = isDrawingAhead ? nil : tableCache
        let frozen = screen.frozenColumns
        let first = tableFirstColumn
        // A title's width, with room for the arrow on the sorted column.
        func titleWidth(_ column: Int) -> Int {
            DisplayWidth.of(columns[column].title) + (sort?.column == column ? 2 : 0)
        }
        let visible = max(0, min(offset, count))..<max(0, min(count, offset + height))
        let indices = visible.map { engine?.row(atVisible: $0) ?? $0 }

        /// The layout when every column is measured: natural widths from the titles and each
        /// value of the rows in view. Each row in view is fetched once (a fetch may parse the
        /// row, as a JSON element or a CSV record is) and its cells measured once per
        /// revision; a frame then only adds up numbers.
        func wholeLayout(_ width: Int) -> TableLayout {
            // Each title's width, rule and alignment, read once per revision (``TableCache``).
            let facts = tableCache?.columnFacts(rows: revision.rows, screen: revision.screen, count: columns.count) {
                ColumnFacts(columns)
            } ?? ColumnFacts(columns)
            var titles = facts.titleWidths
            if let sort, titles.indices.contains(sort.column) { titles[sort.column] += 2 }
            var natural = titles
            let rowsInView = indices.map { index -> MeasuredRow in
                let measure = { () -> MeasuredRow in
                    let item = items[index]
                    var row = MeasuredRow(widths: [], alignment: [])
                    row.widths.reserveCapacity(columns.count)
                    row.alignment.reserveCapacity(columns.count)
                    for column in columns {
                        let cell = column.cell(item)
                        row.widths.append(cell.drawnWidth)
                        row.alignment.append(column.value(item) == .null ? 0 : cell.alignment == .trailing ? 2 : 1)
                    }
                    return row
                }
                return tableCache?.measured(index, rows: revision.rows, screen: revision.screen, measure: measure) ?? measure()
            }
            for row in rowsInView {
                for column in 0..<min(row.widths.count, natural.count) where row.widths[column] > natural[column] {
                    natural[column] = row.widths[column]
                }
            }
            if let tableCache {
                natural = tableCache.sticky(natural, rows: revision.rows, screen: revision.screen, committing: !isDrawingAhead)
            }
            // A column is numeric when its first value in view that is not NULL is drawn
            // right-aligned: its NULLs then sit right too, under the numbers.
            var numeric: Set<Int> = []
            for index in columns.indices {
                if let alignment = facts.alignments[index] {
                    if alignment == .trailing { numeric.insert(index) }
                    continue
                }
                for row in rowsInView where index < row.alignment.count && row.alignment[index] != 0 {
                    if row.alignment[index] == 2 { numeric.insert(index) }
                    break
                }
            }
            var layout = TableLayout.make(natural: natural, rules: facts.rules, titles: titles, width: width,
                                          frozen: frozen, firstScrolled: first)
            layout.numeric = numeric
            return layout
        }

        /// The layout when the columns' gaps alone pass the width: every column is cut to
        /// its floor, and only the columns placed are measured (the first frame of 10,000
        /// columns measures the few it shows, not every cell of the rows in view), and only
        /// their facts read (title, rule, alignment).
        func cutLayout(_ width: Int) -> TableLayout {
            var titles: [Int: Int] = [:]
            func title(_ column: Int) -> Int {
                if let known = titles[column] { return known }
                tableCache?.noteColumnsRead(1)
                let width = titleWidth(column)
                titles[column] = width
                return width
            }
            // A row is fetched at most once a frame, and only when a cell of it is measured
            // (a fetch may split the whole record: once per cell, a row of N columns cost N).
            var fetched: [Int: S.Item] = [:]
            func item(_ index: Int) -> S.Item {
                if let item = fetched[index] { return item }
                let item = items[index]
                fetched[index] = item
                return item
            }
            func cell(_ index: Int, _ column: Int) -> MeasuredCell {
                let measure = { () -> MeasuredCell in
                    let item = item(index)
                    let text = columns[column].cell(item)
                    let alignment: UInt8 = columns[column].value(item) == .null ? 0 : text.alignment == .trailing ? 2 : 1
                    return MeasuredCell(width: text.drawnWidth, alignment: alignment)
                }
                return tableCache?.measuredCell(row: index, column: column, rows: revision.rows, screen: revision.screen,
                                                measure: measure) ?? measure()
            }
            var layout = TableLayout.makeCut(count: columns.count, floor: { column in
                var natural = title(column)
                for index in indices { natural = max(natural, cell(index, column).width) }
                if let tableCache { natural = tableCache.stickyCut(natural, column: column, committing: !isDrawingAhead) }
                return TableLayout.floorWidth(natural: natural, rule: columns[column].width.rule, title: title(column))
            }, width: width, frozen: frozen, firstScrolled: first)
            var numeric: Set<Int> = []
            for placed in layout.placed {
                if let alignment = columns[placed.column].alignment {
                    if alignment == .trailing { numeric.insert(placed.column) }
                    continue
                }
                for index in indices {
                    let alignment = cell(index, placed.column).alignment
                    if alignment != 0 {
                        if alignment == 2 { numeric.insert(placed.column) }
                        break
                    }
                }
            }
            layout.numeric = numeric
            return layout
        }

        let box = TableLayoutBox()
        var list = rowReusingListView { index, _ in
            let item = items[index]
            let layout = box.layout
            // Only the cells drawn are made (a table of 10,000 columns draws a few).
            let cells = layout.placed.map { columns[$0.column].cell(item, numeric: layout.numeric.contains($0.column)) }
            return TableRow(placedCells: cells, layout: layout)
        }
        list.horizontalOffset = 0  // a table scrolls by column, not by character
        return TableView(
            layout: { width in
                TableLayout.gapsPass(width, count: columns.count) ? cutLayout(width) : wholeLayout(width)
            },
            header: { layout in
                // Only the titles drawn are made (a table of 10,000 columns draws a few).
                let cells = layout.placed.map { placed -> Text in
                    let index = placed.column
                    var title = columns[index].title
                    if let sort, sort.column == index { title += sort.ascending ? " ▲" : " ▼" }
                    return Text(title).bold().aligned(layout.numeric.contains(index) ? .trailing : .leading)
                }
                return TableRow(placedCells: cells, layout: layout)
            },
            list: list, box: box, cache: cache
        )
    }
}
