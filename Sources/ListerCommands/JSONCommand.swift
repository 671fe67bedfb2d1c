import ArgumentParser
import Lister
import ListerSources
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// `lister json`: browse the array of a JSON document from a file, standard input or an
/// HTTP API, page by page; Enter shows an item pretty-printed and nested values as lists.
/// Files and standard input are read here; an http(s) URL is handed to `lister-json`
/// (Foundation and libcurl) once the arguments are checked.
package struct JSONCommand: InteractiveCommand, SiblingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Browse a JSON array from a file, standard input or an HTTP API.",
        discussion: """
            Enter shows an item pretty-printed; Enter again browses its nested arrays and \
            objects. Paging (HTTP only): --page-param, --offset-param with --limit, \
            --cursor-param with --next-cursor, or --link-next. Header values are never printed.

            An array of objects that share their keys is shown as a table (a file, \
            standard input, or a URL's first page or first objects when they come within \
            a second): a column per key of the first 100 objects, in \
            the order met; keys first seen later show only when named with --columns. The first objects share their keys when each has at least half \
            of its keys and the first object's in common. s sorts by the next column, S \
            reverses it: numbers first, then text, null and missing values last. \
            --title or --subtitle keep the one-line rows.
            """
    )

    @Argument(help: "A file, '-' for standard input, or an http:// or https:// URL.")
    package var source: String

    @Option(help: ArgumentHelp("Dot path of the array (data.items); default: the root array, or the only array field.", valueName: "path"))
    package var items: String?

    @Option(help: ArgumentHelp("Row title: a field or a template such as '{name} ({language})'.", valueName: "template"))
    package var title: String?

    @Option(help: ArgumentHelp("Row subtitle, dimmed: a field or a template.", valueName: "template"))
    package var subtitle: String?

    @Flag(inversion: .prefixedNo, help: "Show the rows as a table, or not (default: when the first objects share their keys).")
    package var table: Bool?

    @Option(help: ArgumentHelp("The table's columns, in order: dot paths such as name,owner.login (a table).", valueName: "paths"))
    package var columns: String?

    @Option(help: ArgumentHelp("Field that identifies an item (default id, else its position).", valueName: "field"))
    package var id: String?

    @Option(help: ArgumentHelp("Query parameter of the page number.", valueName: "name"))
    package var pageParam: String?

    @Option(help: ArgumentHelp("Number of the first page (default 1).", valueName: "n"))
    package var firstPage: Int?

    @Option(help: ArgumentHelp("Query parameter of the page size.", valueName: "name"))
    package var limitParam: String?

    @Option(help: ArgumentHelp("Items a page holds.", valueName: "n"))
    package var limit: Int?

    @Option(help: ArgumentHelp("Query parameter of the offset (needs --limit).", valueName: "name"))
    package var offsetParam: String?

    @Option(help: ArgumentHelp("Query parameter of the cursor (needs --next-cursor).", valueName: "name"))
    package var cursorParam: String?

    @Option(help: ArgumentHelp("Dot path of the next page's cursor in a response.", valueName: "path"))
    package var nextCursor: String?

    @Flag(help: "Follow the Link: <…>; rel=\"next\" response header.")
    package var linkNext = false

    @Option(help: ArgumentHelp("A request header 'Name: value' (repeatable); never printed.", valueName: "header"))
    package var header: [String] = []

    @Option(help: ArgumentHelp("Seconds with no response before a request fails.", valueName: "seconds"))
    package var timeout: Double = 30

    @Option(help: ArgumentHelp("The most a document may hold: an HTTP body or standard input (default 2G; K, M, G, T in units of 1024).", valueName: "size"))
    package var maxBody: String?

    @OptionGroup package var interface: InterfaceOptions

    package init() {}

    /// Whether SOURCE is an http:// or https:// URL (run by `lister-json`).
    package var isHTTP: Bool { source.lowercased().hasPrefix("http://") || source.lowercased().hasPrefix("https://") }

    /// SOURCE as a file or standard input.
    package var input: JSONInput { source == "-" ? .standardInput : .file(ArgumentBytes.path(source)) }

    /// The rows as `--title`, `--subtitle` and `--id` ask.
    package var format: JSONRowFormat { JSONRowFormat(title: title, subtitle: subtitle, idField: id) }

    /// The columns of `--columns`; nil without it (or when it is bad: `validate` says so).
    package var namedColumns: [JSONColumn]? { columns.flatMap { try? JSONColumn.parse($0) } }

    /// Whether the rows show as a table, given the first rows read: `--table` or `--columns`
    /// say yes, `--no-table` no; else yes when the first objects share their keys and no
    /// `--title` or `--subtitle` describes one-line rows.
    package func showsTable(firstRows rows: JSONRows?) -> Bool {
        if let table { return table }
        if columns != nil { return true }
        if title != nil || subtitle != nil { return false }
        guard let rows else { return false }
        return JSONTableShape.sharesKeys(rows.prefix(JSONTableShape.sampleSize).lazy.map(\.value))
    }

    /// Whether the options alone decide table or lines (`--table`, `--no-table`,
    /// `--columns`, `--title`, `--subtitle`): no rows need to be read first.
    package var decidesTableAlone: Bool { table != nil || columns != nil || title != nil || subtitle != nil }

    /// The paging the options ask for.
    package var paging: JSONPaging {
        if let pageParam { return .pageNumber(param: pageParam, firstPage: firstPage ?? 1) }
        if let offsetParam { return .limitOffset(offsetParam: offsetParam) }
        if let cursorParam, let nextCursor { return .cursor(param: cursorParam, nextCursor: nextCursor) }
        if linkNext { return .linkNext }
        return .none
    }

    /// The most bytes a document may hold (`--max-body`).
    package var maxBytes: Int { maxBody.flatMap(JSONSize.parse) ?? JSONSize.defaultLimit }

    /// `lister-json` runs HTTP sources; `lister` reads files and standard input itself.
    package var sibling: Sibling? { isHTTP ? .json : nil }

    package func validate() throws {
        let strategies = [pageParam != nil, offsetParam != nil, cursorParam != nil, linkNext].filter { $0 }.count
        guard strategies <= 1 else {
            throw ValidationError("choose one way of paging: --page-param, --offset-param, --cursor-param or --link-next")
        }
        let pagingAsked = strategies > 0 || limit != nil || limitParam != nil || !header.isEmpty
        if let columns {
            do {
                _ = try JSONColumn.parse(columns)
            } catch {
                throw ValidationError(error.description)
            }
            if table == false { throw ValidationError("--columns shows a table: it does not go with --no-table") }
        }
        if !isHTTP, pagingAsked {
            throw ValidationError("paging and headers apply to http:// and https:// sources only, not '\(source)'")
        }
        if (cursorParam == nil) != (nextCursor == nil) { throw ValidationError("--cursor-param and --next-cursor go together") }
        if firstPage != nil, pageParam == nil { throw ValidationError("--first-page needs --page-param") }
        if offsetParam != nil, limit == nil { throw ValidationError("--offset-param needs --limit N") }
        if limitParam != nil, limit == nil { throw ValidationError("--limit-param needs --limit N") }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit)") }
        // The transfer checks its idle time about once a second: less is not kept to.
        guard timeout >= 1, timeout <= 86_400 else {
            throw ValidationError("--timeout must be between 1 and 86400 seconds (a day), not \(timeout)")
        }
        for argument in header where JSONHeader.parse(argument) == nil {
            // The value may be a secret: name the problem, never the argument.
            _ = argument
            throw ValidationError("--header takes 'Name: value'; one of them has no name or no ':'")
        }
        if let maxBody, JSONSize.parse(maxBody).map({ $0 > 0 }) != true {
            throw ValidationError("--max-body takes a size such as 500M or 2G, not '\(maxBody)'")
        }
        // An http(s) URL itself is checked by `lister-json` (Foundation's URL), first thing.
        if !isHTTP, source == "-", StandardInput.hasNoInput {
            throw ValidationError("no input: give a FILE or a URL, or pipe JSON into standard input")
        }
    }

    /// Reads a file or standard input (an HTTP source never gets here: `ListerMain` hands
    /// it to `lister-json`).
    package func execute() async throws {
        let log = try interface.openLog()
        let logger = log.logger("lister.json")
        // Reading starts before the screen opens: a missing file, invalid JSON or a wrong
        // path found within a moment exit 2; a longer document opens the screen, which shows
        // its rows as they are parsed.
        let start = ContinuousClock.now
        let source = input.source(itemsPath: items, idField: id, maxBytes: maxBytes, logger: logger)
        let read = JSONRead.start(source.read)
        let waiting = input == .standardInput ? WaitingNotice.after(.milliseconds(300)) : nil
        let early = await read.waitToOpen(after: .milliseconds(250))
        waiting?.finish()
        let screen: JSONListScreen
        let firstRows: JSONRows?
        switch early {
        case .failure(let error)?:
            logger.warning("json read failed", metadata: ["source": "\(input.name)", "error": "\(error.message)"])
            throw ValidationError(error.message)
        case .success(let rows)?:
            let elapsed = ContinuousClock.now - start
            logger.debug("json read", metadata: [
                "source": "\(input.name)", "items": "\(rows.count)",
                "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            ])
            screen = JSONListScreen(source: source, format: format, preloaded: rows)
            firstRows = rows
        case nil:
            logger.debug("json read goes on behind the screen", metadata: ["source": "\(input.name)"])
            screen = JSONListScreen(source: source, format: format, started: read)
            firstRows = read.rowsSoFar
        }
        let outcome: Outcome
        if showsTable(firstRows: firstRows) {
            outcome = try await AppRunner.run(JSONTableScreen(list: screen, columns: namedColumns), interface: interface, log: log)
        } else {
            outcome = try await AppRunner.run(screen, interface: interface, log: log)
        }
        throw ExitCode(outcome.exitStatus)
    }
}

/// A line on the terminal while `lister json -` waits for its input (`curl … | lister json -`
/// before the server answers): the screen opens once the document has come or its first
/// bytes have, and until then the terminal would look dead. Shown only after a delay, and only when
/// standard error is a terminal; erased when the input has come.
final class WaitingNotice: Sendable {
    /// Whether the notice was written and whether the wait is over, under one lock.
    private let state = Locked((shown: false, finished: false))

    /// Writes the notice after `delay` unless ``finish()`` came first.
    static func after(_ delay: Duration) -> WaitingNotice? {
        guard isatty(2) == 1 else { return nil }
        let notice = WaitingNotice()
        Task.detached {
            try? await Task.sleep(for: delay)
            notice.state.withLock { state in
                guard !state.finished else { return }
                FileDescriptor.standardError.write("lister: reading JSON from standard input… (Ctrl-C stops)")
                state.shown = true
            }
        }
        return notice
    }

    /// Ends the wait: erases the notice if it was written.
    func finish() {
        state.withLock { state in
            state.finished = true
            if state.shown { FileDescriptor.standardError.write("\r\u{1B}[K") }
            state.shown = false
        }
    }
}
