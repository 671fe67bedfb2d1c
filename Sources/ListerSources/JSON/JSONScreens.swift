import Lister
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// Where `lister json` reads a document: a file, or standard input.
public enum JSONInput: Sendable, Hashable {
    /// Standard input; it can be read only once.
    case standardInput
    /// A file, read again on refresh.
    case file(String)

    /// A name for titles and messages.
    public var name: String {
        switch self {
        case .standardInput: return "standard input"
        case .file(let path): return path
        }
    }

    /// Reads and parses the document. A missing file and invalid JSON (with its line and
    /// column) are errors that retrying does not fix.
    public func read() throws(ListError) -> JSONValue {
        let bytes: [UInt8]
        // The first bytes that are not whitespace must begin JSON: `/dev/zero` fails at once.
        let start: ([UInt8]) throws -> Bool = { [name] prefix in
            do {
                return try JSONParser.checkStart(prefix)
            } catch {
                throw ListError("\(name) is not valid JSON: \(error)", isRetryable: false)
            }
        }
        do {
            switch self {
            case .standardInput:
                bytes = try FileReader.readAll(fd: 0, name: name, start: start)
            case .file(let path):
                let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY) }
                guard fd >= 0 else {
                    throw ListError("cannot open \(path): \(String(cString: strerror(errno)))", isRetryable: errno != ENOENT)
                }
                defer { Glibc.close(fd) }
                bytes = try FileReader.readAll(fd: fd, name: path, start: start)
            }
        } catch {
            throw ListError(error)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw ListError("\(name) is not valid JSON: \(error)", isRetryable: false)
        }
    }
}

/// A list of JSON rows: the array of a document (`lister json FILE`), or an array or an
/// object met while drilling down, whose fields are then the rows.
public struct JSONListScreen: ListScreen {
    enum Source: Sendable {
        case document(JSONInput, itemsPath: String?)
        case fixed([JSONItem])
    }

    public let title: String
    let source: Source
    let format: JSONRowFormat
    let preloaded: [JSONItem]?

    /// The array at `itemsPath` in a document, already read once (`preloaded`, shown at
    /// once) so that errors are reported before the screen opens.
    public init(input: JSONInput, itemsPath: String?, format: JSONRowFormat, preloaded: [JSONItem]? = nil) {
        title = input.name
        source = .document(input, itemsPath: itemsPath)
        self.format = format
        self.preloaded = preloaded
    }

    /// Fixed rows: elements of an array or fields of an object, in memory.
    public init(title: String, items: [JSONItem], format: JSONRowFormat) {
        self.title = title
        source = .fixed(items)
        self.format = format
        preloaded = items
    }

    /// Reads a document's rows: what the screen loads, and what the command checks first.
    public nonisolated static func items(of input: JSONInput, itemsPath: String?, format: JSONRowFormat) throws(ListError) -> [JSONItem] {
        JSONItem.elements(try JSONItemsPath.select(itemsPath, in: try input.read()), idField: format.idField)
    }

    public var initialItems: [JSONItem]? { preloaded }

    /// A file is read again on `r`; standard input and rows in memory are not.
    public var canReload: Bool {
        if case .document(.file, _) = source { return true }
        return false
    }

    public var emptyMessage: String { "No items" }

    public nonisolated func load() async throws -> [JSONItem] {
        switch source {
        case .document(let input, let itemsPath): return try Self.items(of: input, itemsPath: itemsPath, format: format)
        case .fixed(let items): return items
        }
    }

    public func row(_ item: JSONItem, context: RowContext) -> Text { format.row(item) }

    public func errorView(_ error: ListError) -> JSONErrorView {
        JSONErrorView(headline: "Could not load \(title)", error: error)
    }

    public func open(_ item: JSONItem) -> OpenResult { JSONNavigation.open(item, format: format) }
}

/// A JSON value pretty-printed and coloured. Enter browses an object's fields or an
/// array's elements as a list, where nested values open in turn.
public struct JSONDetailScreen: DetailScreen {
    public let title: String
    let value: JSONValue
    let format: JSONRowFormat

    /// Creates the screen of `value`.
    public init(title: String, value: JSONValue, format: JSONRowFormat) {
        self.title = title
        self.value = value
        self.format = format
    }

    public var canReload: Bool { false }

    public nonisolated func load() async throws -> JSONValue { value }

    public func placeholder(width: Int) -> [Text] { content(value, width: width) }

    public func content(_ value: JSONValue, width: Int) -> [Text] {
        var lines = JSONPrinter.lines(value)
        let nested = (value.fields?.map(\.value) ?? value.elements ?? []).filter(\.isContainer).count
        if nested > 0 {
            lines += [Text(""), Text("Enter: browse \(value.inlineText) as a list (\(nested) nested)").dim()]
        }
        return lines
    }

    public func open(_ value: JSONValue) -> OpenResult {
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
