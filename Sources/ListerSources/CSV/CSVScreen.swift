import Lister
import Logging
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// The rows of a CSV (or TSV) file or of standard input, read as `lister lines` reads
/// lines: shown while the input is read, kept as record offsets, a large file read back
/// where it is. Enter shows a row as `column: value` lines; with `picks`, Enter ends the
/// app with the row (Right still shows it).
package struct CSVScreen: TableScreen {
    /// Where the rows come from.
    package let input: LineInput
    /// The byte between fields (`,`; a tab for TSV).
    package let delimiter: UInt8
    /// Whether the first record names the columns (else they are A, B, C…).
    package let hasHeader: Bool
    /// Whether Enter picks the row.
    package let picks: Bool
    /// Where reading logs a temporary file that failed.
    package let logger: Logger
    /// The rows read last, set by the load as it reports them: the column titles come with
    /// the first record (a screen declares its columns before it loads), and the status
    /// line counts problems of all the rows even when those shown are sorted.
    private let latest = LatestTable()

    /// The first rows of the input, read before the screen opened (``readHead()``): the
    /// first frame shows them, titles included, while the load reads from the start.
    package private(set) var head: CSVTable?

    /// Reads the records that end in the first 64 KB of a regular file (or of standard
    /// input that is one) on the calling thread, for the first frame: as `lister lines`
    /// does (``LinesScreen/head``). Nothing for a pipe. A header longer than 64 KB (a file
    /// of 10,000 columns) is read on to the end of the first row, so that the first frame
    /// does not wait for the load (``LineReader/headMost`` at most).
    package mutating func readHead() {
        guard let records = LineReader.head(of: input, separator: CSVFraming.newline,
                                            framing: CSVFraming(delimiter: delimiter),
                                            records: hasHeader ? 2 : 1) else { return }
        let table = CSVTable(records: records, hasHeader: hasHeader, delimiter: delimiter)
        guard !table.isEmpty else { return }  // the header alone: the load says what it holds
        latest.set(table)
        head = table
    }

    /// The rows the load reported last (or the head).
    var latestTable: CSVTable? { latest.get() }

    package var initialItems: CSVTable? { head }

    package var continuesInitialItems: Bool { head != nil }

    /// Creates the screen.
    package init(input: LineInput, delimiter: UInt8 = 0x2C, hasHeader: Bool = true, picks: Bool = false,
                logger: Logger = Configuration.silentLogger) {
        self.input = input
        self.delimiter = delimiter
        self.hasHeader = hasHeader
        self.picks = picks
        self.logger = logger
    }

    package var title: String {
        switch input {
        case .standardInput: return delimiter == 0x09 ? "tsv" : "csv"
        case .file(let path): return path
        }
    }

    package var pickMode: PickMode { picks ? .single : .none }

    package var emptyMessage: String { "No rows in \(input.name)" }

    /// A pipe cannot be read twice; a file can.
    package var canReload: Bool { input != .standardInput }

    package nonisolated func load() async throws -> CSVTable {
        try await load(progress: .ignored)
    }

    /// Reads the input, showing the rows read so far while it goes on.
    package nonisolated func load(progress: LoadProgress<CSVTable>) async throws -> CSVTable {
        let hasHeader = hasHeader, delimiter = delimiter, latest = latest
        let framing = CSVFraming(delimiter: delimiter)
        // A report continues the rows shown: none before the load has read past the head
        // (which may end further than the load's first read, for a long header).
        let headRecords = head?.records.count ?? 0
        let tableProgress = LoadProgress<LineStore> { records in
            guard records.count >= headRecords else { return }
            let table = CSVTable(records: records, hasHeader: hasHeader, delimiter: delimiter)
            latest.set(table)
            progress(table)
        }
        let records: LineStore
        switch input {
        case .standardInput:
            records = try LineReader.read(fd: 0, name: input.name, separator: CSVFraming.newline, framing: framing,
                                          logger: logger, progress: tableProgress)
        case .file(let path):
            let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY) }
            guard fd >= 0 else {
                throw ListError("cannot open \(path): \(String(cString: strerror(errno)))", isRetryable: errno != ENOENT)
            }
            defer { Glibc.close(fd) }
            records = try LineReader.read(fd: fd, name: path, separator: CSVFraming.newline, framing: framing,
                                          logger: logger, progress: tableProgress)
        }
        let table = CSVTable(records: records, hasHeader: hasHeader, delimiter: delimiter)
        latest.set(table)
        return table
    }

    /// A column per header field (and per extra field of a longer row): numbers sort as
    /// numbers and sit right, a line break in a field shows as `↵`. Makes every column: the
    /// table reads ``tableColumns``.
    package var columns: [TableColumn<CSVRow>] { Array(tableColumns) }

    /// The columns, each made when the table reads it (a frame of 30,000 columns reads a
    /// few dozen), its title read from the header then.
    package var tableColumns: TableColumns<CSVRow> {
        guard let titles = latest.get()?.titles else { return TableColumns([]) }
        return TableColumns(count: titles.count) { index in
            TableColumn(titles[index]) { CSVFields.value($0.field(index)) }
                .text { Text(CSVFields.oneLine($0.field(index))) }
        }
    }

    package func open(_ row: CSVRow) -> OpenResult {
        picks ? .pick(row) : drillIn(row)
    }

    /// Right shows the row as `column: value` lines, even when Enter picks it.
    package func drillIn(_ row: CSVRow) -> OpenResult {
        .screen(CSVRecordScreen(row: row, columns: row.columns))
    }

    /// The problems found so far (ragged rows, bad quotes, invalid UTF-8), or a shrunk file.
    package func statusNote(_ context: ListContext<CSVScreen>) -> String? {
        guard let table = latest.get() else { return nil }
        if table.hasShrunk { return "file shrank: ^@ stands for lost bytes" }
        return table.problems
    }

    /// While reading: the rows so far, and the problems found.
    package func progressNote(_ context: ListContext<CSVScreen>) -> String? {
        guard let table = latest.get() else { return nil }
        return ([String(table.count)] + (table.problems.map { [$0] } ?? [])).joined(separator: " · ")
    }

    /// The filter reads the records' bytes where they are.
    package func filterSource(for items: ItemList<CSVRow>) -> (any FilterableText)? {
        items.storage as? CSVTable
    }
}

/// One CSV row as `column: value` lines, the titles aligned; a value of several lines goes
/// on under its first line.
package struct CSVRecordScreen: DetailScreen {
    /// The row shown.
    package let row: CSVRow
    /// The column titles.
    package let columns: [String]

    /// Creates the screen of `row` under `columns`.
    package init(row: CSVRow, columns: [String]) {
        self.row = row
        self.columns = columns
    }

    package var title: String { "row \(row.number)" }

    package var canReload: Bool { false }

    package nonisolated func load() async throws -> CSVRow { row }

    package func placeholder(width: Int) -> [Text] { content(row, width: width) }

    package func content(_ row: CSVRow, width: Int) -> [Text] {
        let fields = row.fields
        let count = max(fields.count, columns.count)
        let titles = (0..<count).map { $0 < columns.count ? columns[$0] : CSVFields.letterName($0) }
        let titleWidth = min(titles.map { DisplayWidth.of($0) }.max() ?? 0, max(8, width / 3))
        var lines: [Text] = []
        for index in 0..<count {
            let title = titles[index]
            let pad = String(repeating: " ", count: max(0, titleWidth - DisplayWidth.of(title)))
            let valueLines = index < fields.count
                ? fields[index].split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
                : []
            let first = valueLines.first.map { Text($0) } ?? Text("(missing)").dim()
            lines.append(Text(title + pad + ":").bold() + Text(" ") + first)
            let indent = String(repeating: " ", count: titleWidth + 2)
            for more in valueLines.dropFirst() { lines.append(Text(indent + more)) }
        }
        if fields.count > columns.count {
            lines += [Text(""), Text("\(fields.count) fields; the header has \(columns.count)").dim()]
        }
        if row.isCut {
            let limit = CSVRow.fieldShownLimit / 1024
            lines += [Text(""), Text("fields longer than \(limit) KiB are cut here (…); the row is \(row.record.length) bytes, picked whole").dim()]
        }
        return lines
    }
}

/// The rows a ``CSVScreen``'s load reported last, set by the load (any thread) and read by
/// its frames (the main actor).
final class LatestTable: Sendable {
    private let table = Locked<CSVTable?>(nil)

    func set(_ new: CSVTable) { table.withLock { $0 = new } }

    func get() -> CSVTable? { table.withLock { $0 } }
}
