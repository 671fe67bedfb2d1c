import Lister
import Logging
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// Where `lister json` reads a document: a file, or standard input.
package enum JSONInput: Sendable, Hashable {
    /// Standard input; it can be read only once.
    case standardInput
    /// A file, read again on refresh.
    case file(String)

    /// A name for titles and messages.
    package var name: String {
        switch self {
        case .standardInput: return "standard input"
        case .file(let path): return path
        }
    }

    /// How the document is read: as a stream, its rows shown as they are parsed. A file
    /// is read again on refresh; standard input is read once, and at most `maxBytes`.
    package func source(itemsPath: String?, idField: String?, maxBytes: Int = JSONSize.defaultLimit,
                       logger: Logger = Configuration.silentLogger) -> JSONStreamSource {
        JSONStreamSource(title: name, canReload: self != .standardInput) { progress in
            try self.read(itemsPath: itemsPath, idField: idField, maxBytes: maxBytes, logger: logger, progress: progress)
        }
    }

    /// Reads the document, reporting its rows as they are parsed. A missing file and invalid
    /// JSON (with its line and column) are errors that retrying does not fix.
    package func read(itemsPath: String?, idField: String?, maxBytes: Int = JSONSize.defaultLimit,
                     logger: Logger = Configuration.silentLogger, progress: LoadProgress<JSONRows> = .ignored) throws -> JSONRows {
        switch self {
        case .standardInput:
            return try JSONReader.read(fd: 0, name: name, itemsPath: itemsPath, idField: idField, maxBytes: maxBytes,
                                       logger: logger, progress: progress)
        case .file(let path):
            let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY) }
            guard fd >= 0 else {
                throw ListError("cannot open \(path): \(String(cString: strerror(errno)))", isRetryable: errno != ENOENT)
            }
            defer { Glibc.close(fd) }
            return try JSONReader.read(fd: fd, name: path, itemsPath: itemsPath, idField: idField, maxBytes: maxBytes,
                                       logger: logger, progress: progress)
        }
    }
}

/// Where a streamed JSON document comes from: a file, standard input, an HTTP body.
package struct JSONStreamSource: Sendable {
    /// The screen's title.
    package var title: String
    /// Whether the document can be read again (`r`); standard input cannot.
    package var canReload: Bool
    /// Reads the document, reporting its rows as they are parsed.
    package var read: @Sendable (LoadProgress<JSONRows>) async throws -> JSONRows

    /// Creates a source.
    package init(title: String, canReload: Bool, read: @escaping @Sendable (LoadProgress<JSONRows>) async throws -> JSONRows) {
        self.title = title
        self.canReload = canReload
        self.read = read
    }
}

/// A list of JSON rows: the array of a document read as a stream (`lister json FILE`, `-`
/// or a URL), or an array or an object met while drilling down, whose fields are then the rows.
package struct JSONListScreen: ListScreen {
    enum Source: Sendable {
        case document(JSONStreamSource, started: JSONRead?)
        case fixed(JSONRows)
    }

    package let title: String
    let source: Source
    let format: JSONRowFormat
    let preloaded: JSONRows?
    let requestTimeout: Duration?

    /// The array of a document. `started` is a read begun before the screen opened (its
    /// first load follows it); `preloaded` rows of a read that already ended show at once.
    /// `timeout` fails a read that brings nothing for that long.
    package init(source: JSONStreamSource, format: JSONRowFormat, started: JSONRead? = nil, preloaded: JSONRows? = nil,
                timeout: Duration? = nil) {
        title = source.title
        self.source = .document(source, started: started)
        self.format = format
        self.preloaded = preloaded
        requestTimeout = timeout
    }

    /// The array at `itemsPath` in a file or standard input.
    package init(input: JSONInput, itemsPath: String?, format: JSONRowFormat, preloaded: [JSONItem]? = nil) {
        self.init(source: input.source(itemsPath: itemsPath, idField: format.idField), format: format, preloaded: preloaded.map(JSONRows.init))
    }

    /// Fixed rows: elements of an array or fields of an object, in memory.
    package init(title: String, items: [JSONItem], format: JSONRowFormat) {
        self.title = title
        source = .fixed(JSONRows(items))
        self.format = format
        preloaded = JSONRows(items)
        requestTimeout = nil
    }

    /// Reads a document's rows at once (tests, and what a command checks first).
    package nonisolated static func items(of input: JSONInput, itemsPath: String?, format: JSONRowFormat) throws(ListError) -> [JSONItem] {
        do {
            return Array(try input.read(itemsPath: itemsPath, idField: format.idField))
        } catch {
            throw ListError(error)
        }
    }

    package var initialItems: JSONRows? { preloaded }

    /// A file or a URL is read again on `r`; standard input and rows in memory are not.
    package var canReload: Bool {
        if case .document(let source, _) = source { return source.canReload }
        return false
    }

    package var timeout: Duration? { requestTimeout }

    package var emptyMessage: String { "No items" }

    package nonisolated func load(progress: LoadProgress<JSONRows>) async throws -> JSONRows {
        switch source {
        case .document(let source, let started):
            if let started, !started.isFollowed { return try await started.follow(progress) }
            return try await source.read(progress)
        case .fixed(let items):
            return items
        }
    }

    package nonisolated func load() async throws -> JSONRows { try await load(progress: .ignored) }

    /// While the document is read: the rows so far and the bytes read (`reading… 1200 · 3.5 MB`).
    package func progressNote(_ context: ListContext<JSONListScreen>) -> String? {
        guard let rows = context.state.items.storage as? JSONRows, rows.bytesRead > 0 else { return nil }
        return "\(rows.count) · \(JSONSize.text(rows.bytesRead))"
    }

    package func row(_ item: JSONItem, context: RowContext) -> Text { format.row(item) }

    /// The rows of a document are parsed by the filter itself, off the main actor (2.8
    /// million rows would hold the main actor for seconds).
    package func filterSource(for items: ItemList<JSONItem>) -> (any FilterableText)? {
        guard let rows = items.storage as? JSONRows, case .document = rows.storage else { return nil }
        return JSONFilterText(rows: rows, format: format)
    }

    package func errorView(_ error: ListError) -> JSONErrorView {
        JSONErrorView(headline: "Could not load \(title)", error: error)
    }

    package func open(_ item: JSONItem) -> OpenResult { JSONNavigation.open(item, format: format) }
}

/// The text the filter searches in a document's rows: each row's title and subtitle, its
/// element parsed when the filter reads it.
struct JSONFilterText: FilterableText {
    let rows: JSONRows
    let format: JSONRowFormat

    var count: Int { rows.count }

    func withUTF8(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = format.plainRow(rows[row].value)
        text.withUTF8 { body($0) }
    }
}

/// A JSON value pretty-printed and coloured. Enter browses an object's fields or an
/// array's elements as a list, where nested values open in turn.
package struct JSONDetailScreen: DetailScreen {
    package let title: String
    let value: JSONValue
    let format: JSONRowFormat

    /// Creates the screen of `value`.
    package init(title: String, value: JSONValue, format: JSONRowFormat) {
        self.title = title
        self.value = value
        self.format = format
    }

    package var canReload: Bool { false }

    package nonisolated func load() async throws -> JSONValue { value }

    package func placeholder(width: Int) -> [Text] { content(value, width: width) }

    package func content(_ value: JSONValue, width: Int) -> [Text] {
        var lines = JSONPrinter.lines(value)
        let nested = (value.fields?.map(\.value) ?? value.elements ?? []).filter(\.isContainer).count
        if nested > 0 {
            lines += [Text(""), Text("Enter: browse \(value.inlineText) as a list (\(nested) nested)").dim()]
        }
        return lines
    }

    package func open(_ value: JSONValue) -> OpenResult {
        switch value {
        case .object(let fields):
            return .screen(JSONListScreen(title: "\(title) fields", items: JSONItem.fields(fields), format: format))
        case .array(let elements):
            return .screen(JSONListScreen(title: "\(title) items", items: JSONItem.elements(elements, idField: format.idField), format: format))
        default:
            return .nothing
        }
    }
}

/// What Enter on a JSON row opens.
package enum JSONNavigation {
    @MainActor
    package static func open(_ item: JSONItem, format: JSONRowFormat) -> OpenResult {
        let title = item.key ?? format.titleText(item.value)
        switch item.value {
        case .array(let elements):
            return .screen(JSONListScreen(title: title, items: JSONItem.elements(elements, idField: format.idField), format: format))
        case .object:
            return .screen(JSONDetailScreen(title: title, value: item.value, format: format))
        default:
            // An element opens as a detail even when it is a scalar; a field is already shown whole.
            guard item.key == nil else { return .nothing }
            return .screen(JSONDetailScreen(title: title, value: item.value, format: format))
        }
    }
}
