import Lister
import TerminalCore

/// An array of JSON objects as a table: a column per key of the first 100 objects (or
/// per `--columns` path), rows shown as the document is parsed, sortable by column. It
/// reads, filters and opens rows as ``JSONListScreen`` does (Enter shows an element).
package struct JSONTableScreen: TableScreen {
    /// The list it reads, opens and titles its rows as.
    let list: JSONListScreen
    /// The columns asked for (`--columns`); nil: inferred from the first objects.
    package let named: [JSONColumn]?
    /// The shape of the first objects, set by the load as the rows come: a screen declares
    /// its columns before it loads (as ``CSVScreen`` does).
    private let latest: LatestJSONShape
    /// The table columns of `named`, made once.
    private let namedColumns: [TableColumn<JSONItem>]?

    /// A table of `list`'s rows, with `columns` (nil: the keys of the first 100 objects).
    /// Rows already read (`preloaded`) give the columns at once.
    package init(list: JSONListScreen, columns: [JSONColumn]? = nil) {
        self.list = list
        named = columns
        namedColumns = columns?.tableColumns
        latest = LatestJSONShape()
        if let rows = list.preloaded { latest.update(rows) }
    }

    package var title: String { list.title }

    package var canReload: Bool { list.canReload }

    package var timeout: Duration? { list.timeout }

    package var emptyMessage: String { list.emptyMessage }

    package var initialItems: JSONRows? { list.initialItems }

    package nonisolated func load() async throws -> JSONRows { try await load(progress: .ignored) }

    /// Reads the rows as ``JSONListScreen`` does; the first reports set the columns.
    package nonisolated func load(progress: LoadProgress<JSONRows>) async throws -> JSONRows {
        let latest = latest
        latest.restart()
        let rows = try await list.load(progress: LoadProgress { rows in
            latest.update(rows)
            progress(rows)
        })
        latest.update(rows)
        return rows
    }

    /// The shape the first rows give (nil before any row came).
    package var shape: JSONTableShape? { latest.get() }

    /// The columns shown: `--columns`, else the keys of the first (up to) 100 objects.
    package var jsonColumns: [JSONColumn] { named ?? latest.get()?.columns ?? [] }

    /// A column per path: numbers sort as numbers and sit right, `null` dimmed, a missing
    /// key empty, nested values as compact JSON.
    package var columns: [TableColumn<JSONItem>] {
        if let named { return namedColumns ?? named.tableColumns }
        return latest.tableColumns()
    }

    package func open(_ item: JSONItem) -> OpenResult { list.open(item) }

    package func errorView(_ error: ListError) -> JSONErrorView { list.errorView(error) }

    /// While the document is read: the rows so far and the bytes read.
    package func progressNote(_ context: ListContext<JSONTableScreen>) -> String? {
        guard let rows = context.state.items.storage as? JSONRows, rows.bytesRead > 0 else { return nil }
        return "\(rows.count) · \(JSONSize.text(rows.bytesRead))"
    }

    /// `--columns` paths that none of the first objects has (their columns stay empty).
    package func statusNote(_ context: ListContext<JSONTableScreen>) -> String? {
        guard let named, let shape = latest.get(), shape.sampled > 0 else { return nil }
        let missing = latest.missing(named)
        guard !missing.isEmpty else { return nil }
        let names = missing.map { "'\($0.title)'" }.joined(separator: ", ")
        return "no \(names) in the first \(shape.sampled) rows"
    }

    /// The filter reads each row's cells, the element parsed off the main actor, whatever
    /// the rows' order (sorted rows are not the document's rows: without this, their texts
    /// would all be made on the main actor first, seconds for 200,000 rows).
    package func filterSource(for items: ItemList<JSONItem>) -> (any FilterableText)? {
        JSONTableFilterText(items: items, columns: jsonColumns)
    }

    package func filterText(_ item: JSONItem) -> String {
        JSONTableFilterText.text(item.value, columns: jsonColumns)
    }
}

/// The text the filter searches in a table's rows: the cells' texts, two spaces apart.
struct JSONTableFilterText: FilterableText {
    let items: ItemList<JSONItem>
    let columns: [JSONColumn]

    var count: Int { items.count }

    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = Self.text(items[row].value, columns: columns)
        text.withUTF8 { body($0) }
    }

    static func text(_ element: JSONValue, columns: [JSONColumn]) -> String {
        columns.filterText(of: element)
    }
}

/// The shape of the first rows a ``JSONTableScreen``'s load reported, set by the load (any
/// thread) and read by its frames (the main actor). Worked out again as rows come until
/// ``JSONTableShape/sampleSize`` of them have (a load again starts over, keeping the old
/// shape until the new rows give one).
final class LatestJSONShape: Sendable {
    private struct State {
        var shape: JSONTableShape?
        /// The shape's table columns, made with it (not each frame: 10,000 keys make
        /// 10,000 columns).
        var tableColumns: [TableColumn<JSONItem>] = []
        /// The rows the shape was worked out from, in this load.
        var sampled = 0
        /// The first rows' elements, for the paths of ``missing(_:)``.
        var sample: [JSONValue] = []
    }

    private let state = Locked(State())

    /// A new load: its first rows give the shape again.
    func restart() {
        state.withLock { $0.sampled = 0 }
    }

    /// Works out the shape from `rows` if they hold more of the first rows than the last.
    func update(_ rows: JSONRows) {
        let wanted = min(rows.count, JSONTableShape.sampleSize)
        guard wanted > state.withLock({ $0.sampled }) else { return }
        let sample = (0..<wanted).map { rows[$0].value }
        let shape = JSONTableShape(sample)
        let previous = state.withLock { $0.shape?.columns }
        let tableColumns = previous == shape.columns ? nil : shape.columns.tableColumns
        state.withLock { state in
            guard wanted > state.sampled else { return }
            let columns = tableColumns ?? (state.shape?.columns == shape.columns ? state.tableColumns : shape.columns.tableColumns)
            state = State(shape: shape, tableColumns: columns, sampled: wanted, sample: sample)
        }
    }

    func get() -> JSONTableShape? { state.withLock { $0.shape } }

    /// The table columns of the shape worked out last.
    func tableColumns() -> [TableColumn<JSONItem>] { state.withLock { $0.tableColumns } }

    /// The columns none of the sampled rows has a value for.
    func missing(_ columns: [JSONColumn]) -> [JSONColumn] {
        let sample = state.withLock { $0.sample }
        return columns.filter { column in !sample.contains { column.value(in: $0) != nil } }
    }
}
