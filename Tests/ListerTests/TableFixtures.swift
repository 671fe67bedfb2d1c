import Lister
import ListerTestSupport
import TerminalCore

/// A record of a table in tests.
struct Record: Identifiable, Hashable, Sendable {
    /// Two columns, name and size: the tables that sort as their rows arrive.
    static let nameAndSize: [TableColumn<Record>] = [TableColumn("Name") { $0.name }, TableColumn("Size") { $0.size }]

    let id: Int
    let name: String
    let size: Int
    var note: String = ""
    var mixed: TableValue = .null
}

/// A table of records: name, size, note (and a column of mixed types when asked).
struct RecordTable: TableScreen {
    var title = "Records"
    let records: [Record]
    var frozen = 1
    var withMixed = false

    nonisolated func load() async throws -> [Record] { records }
    var frozenColumns: Int { frozen }
    var columns: [TableColumn<Record>] {
        var columns: [TableColumn<Record>] = [TableColumn("Name") { $0.name }, TableColumn("Size") { $0.size }, TableColumn("Note") { $0.note }]
        if withMixed { columns.append(TableColumn("Mixed") { $0.mixed }) }
        return columns
    }
}

/// A table whose order is asked of its source: every load says the sort it was made for.
struct SourceSortedTable: TableScreen {
    var title = "Sorted at the source"
    let records: [Record]
    let asked: LoadLog
    var sort: TableSort?

    nonisolated func load() async throws -> [Record] {
        asked.append(sort.map { "\($0.column)\($0.ascending ? "+" : "-")" } ?? "none")
        guard let sort else { return records }
        let sorted = records.sorted { sort.column == 1 ? $0.size < $1.size : $0.name < $1.name }
        return sort.ascending ? sorted : sorted.reversed()
    }
    var columns: [TableColumn<Record>] { Record.nameAndSize }
    func sorted(by sort: TableSort?) -> SourceSortedTable? {
        var copy = self
        copy.sort = sort
        return copy
    }
}

/// What a screen's loads were asked, in order (loads run off the main actor).
final class LoadLog: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A paged table sorted at its source, 5 rows a page (offset paging): in a new order its
/// first page reaches the row it is told to keep, as `lister sqlite` does with a count.
struct PagedSortedTable: PagedListScreen, TableScreen {
    typealias Item = Record
    var title = "Paged and sorted"
    let records: [Record]
    var sort: TableSort?
    var keeping: Record?

    nonisolated var pages: PaginatedRepository<Record, Int> {
        var ordered = records
        if let sort {
            ordered.sort { sort.column == 1 ? $0.size < $1.size : $0.name < $1.name }
            if !sort.ascending { ordered.reverse() }
        }
        let rows = ordered
        let before = keeping.flatMap { kept in rows.firstIndex { $0.id == kept.id } } ?? 0
        let first = max(5, before + 5)
        return PaginatedRepository(first: 0) { offset in
            let size = offset == 0 ? first : 5
            let end = min(rows.count, offset + size)
            return Page(Array(rows[offset..<end]), next: end < rows.count ? end : nil)
        }
    }
    var columns: [TableColumn<Record>] { Record.nameAndSize }
    func sorted(by sort: TableSort?, keeping selected: Record?) -> PagedSortedTable? {
        var copy = self
        copy.sort = sort
        copy.keeping = selected
        return copy
    }
}

extension HeadlessApp {
    /// The line of the selected row (where the frame puts the hidden cursor).
    var selectedLine: String {
        guard let row = frame?.cursor?.row else { return "" }
        return lines[row]
    }
}
