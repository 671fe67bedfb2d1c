import TerminalCore

/// The cells of the rows drawn in the last frame, so that the frame after a key press
/// draws only the rows that changed: a Down that scrolls draws two rows, not forty.
///
/// A row is reused when nothing it is drawn from has changed: its item (the model's
/// ``ListModel/revision``), the screen value, the query highlighted by the filter, the
/// list's columns and horizontal scroll, and whether the row is marked. The selected row
/// is always drawn afresh. Only the default body of a ``ListScreen`` reuses rows, because
/// only there is a row known to be drawn from these alone: ``ListScreen/row(_:context:)``
/// is a pure function of the item, the context and the screen.
@MainActor
final class RowCache {
    /// What every row depends on besides its own item.
    struct Environment: Hashable {
        /// The model's revision: changes whenever the rows do.
        var rowsRevision: Int
        /// Changes whenever the host replaces the screen value.
        var screenRevision: Int
        /// The query whose matches are highlighted, while filtering.
        var query: FilterQuery?
        /// The list's columns.
        var columns: Range<Int> = 0..<0
        /// Columns scrolled out on the left.
        var horizontalOffset = 0
        /// Where a table's columns are drawn (their widths change with the rows in view).
        var table: TableLayout?
    }

    /// One row's own inputs.
    struct Key: Equatable {
        /// The item's index in the model.
        var item: Int
        var isMarked: Bool
        /// The lines of the row shown: fewer than it has when the list's edge cuts it.
        var lines: Int
    }

    private var environment: Environment?
    /// Rows drawn (or reused) in the frame being drawn, in the order drawn.
    private var current: [(key: Key, cells: ContiguousArray<Cell>)] = []
    /// Rows of the frame before, looked up while this one is drawn, then dropped.
    private var previous: [(key: Key, cells: ContiguousArray<Cell>)] = []
    /// Where the search in `previous` goes on: rows are drawn top to bottom, so the next
    /// row looked up is usually the one after the last found.
    private var cursor = 0
    /// Rows drawn and kept since the cache was made (for tests).
    private(set) var rowsDrawn = 0

    /// Starts a frame: rows of the last frame stay available only if `environment` is
    /// the same as then.
    func beginFrame(_ environment: Environment) {
        if environment != self.environment {
            current.removeAll(keepingCapacity: true)
            self.environment = environment
        }
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
        cursor = 0
    }

    /// Drops every row kept: the next frame draws them all.
    func forget() {
        environment = nil
        current.removeAll()
        previous.removeAll()
    }

    /// The cells of the row with `key` from the last frame (its lines one after another),
    /// kept for the next one too.
    func reuse(_ key: Key) -> ContiguousArray<Cell>? {
        // No hashing: a linear search from where the last one ended (a list of forty rows).
        let count = previous.count
        for step in 0..<count {
            let index = (cursor + step) % count
            if previous[index].key == key {
                cursor = index + 1
                let cells = previous[index].cells
                current.append((key, cells))
                return cells
            }
        }
        return nil
    }

    /// Whether rows kept were drawn in `environment` (a frame drawn ahead may paste them).
    func holds(_ environment: Environment) -> Bool { environment == self.environment }

    /// The cells of the row with `key` from the last frame drawn for real, leaving the
    /// cache as it is: for a frame drawn ahead of a key, which must not change what the
    /// next real frame finds. `cursor` is the caller's, as ``reuse(_:)``'s is the cache's.
    func drawnLast(_ key: Key, cursor: inout Int) -> ContiguousArray<Cell>? {
        let count = current.count
        for step in 0..<count {
            let index = (cursor + step) % count
            if current[index].key == key {
                cursor = index + 1
                return current[index].cells
            }
        }
        return nil
    }

    /// Keeps the cells just drawn in `area` of `buffer` for the row with `key`.
    func store(_ area: Rect, of buffer: Buffer, for key: Key) {
        rowsDrawn += 1
        var cells = buffer.cells(row: area.top, columns: area.left..<area.right)
        guard area.height > 1 else { return current.append((key, ContiguousArray(cells))) }
        var lines = ContiguousArray<Cell>()
        lines.reserveCapacity(area.width * area.height)
        lines.append(contentsOf: cells)
        for row in (area.top + 1)..<area.bottom {
            cells = buffer.cells(row: row, columns: area.left..<area.right)
            lines.append(contentsOf: cells)
        }
        current.append((key, lines))
    }
}

/// How a ``ListView`` reuses rows: the cache and what its rows are drawn from.
@MainActor
struct RowReuse {
    let cache: RowCache
    var environment: RowCache.Environment
    /// The item drawn at each row.
    let items: RowItems
    /// Whether an item is marked; nil when none is.
    let isMarked: ((Int) -> Bool)?
    /// A frame drawn ahead of a key: rows of the last real frame are pasted, but nothing
    /// is kept (``RowCache/drawnLast(_:cursor:)``).
    var isDrawingAhead = false

    /// The key of the row drawn at `row` on `lines` lines, or nil when it is drawn afresh
    /// every frame (a section header).
    func key(_ row: Int, lines: Int) -> RowCache.Key? {
        guard let item = items.item(atRow: row) else { return nil }
        return RowCache.Key(item: item, isMarked: isMarked?(item) ?? false, lines: lines)
    }
}

/// Which item a list draws at each of its rows.
enum RowItems {
    /// Row n shows item n.
    case all
    /// The matches of a filter, in list order.
    case matches(FilterEngine)
    /// Items among section headers.
    case sections(SectionIndex)

    /// The item at `row`, or nil for a section header.
    func item(atRow row: Int) -> Int? {
        switch self {
        case .all: return row
        case .matches(let engine): return engine.row(atVisible: row)
        case .sections(let sections):
            guard case .item(let index) = sections.entry(atRow: row) else { return nil }
            return index
        }
    }
}
