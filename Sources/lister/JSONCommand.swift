import ArgumentParser
import Foundation
import Lister
import ListerSources

#if canImport(Glibc)
import Glibc
#endif

/// `lister json`: browse the array of a JSON document from a file, standard input or an
/// HTTP API, page by page; Enter shows an item pretty-printed and nested values as lists.
struct JSONCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Browse a JSON array from a file, standard input or an HTTP API.",
        discussion: """
            Enter shows an item pretty-printed; Enter again browses its nested arrays and \
            objects. Paging (HTTP only): --page-param, --offset-param with --limit, \
            --cursor-param with --next-cursor, or --link-next. Header values are never printed.
            """
    )

    @Argument(help: "A file, '-' for standard input, or an http:// or https:// URL.")
    var source: String

    @Option(help: ArgumentHelp("Dot path of the array (data.items); default: the root array, or the only array field.", valueName: "path"))
    var items: String?

    @Option(help: ArgumentHelp("Row title: a field or a template such as '{name} ({language})'.", valueName: "template"))
    var title: String?

    @Option(help: ArgumentHelp("Row subtitle, dimmed: a field or a template.", valueName: "template"))
    var subtitle: String?

    @Option(help: ArgumentHelp("Field that identifies an item (default id, else its position).", valueName: "field"))
    var id: String?

    @Option(help: ArgumentHelp("Query parameter of the page number.", valueName: "name"))
    var pageParam: String?

    @Option(help: ArgumentHelp("Number of the first page (default 1).", valueName: "n"))
    var firstPage: Int?

    @Option(help: ArgumentHelp("Query parameter of the page size.", valueName: "name"))
    var limitParam: String?

    @Option(help: ArgumentHelp("Items a page holds.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Query parameter of the offset (needs --limit).", valueName: "name"))
    var offsetParam: String?

    @Option(help: ArgumentHelp("Query parameter of the cursor (needs --next-cursor).", valueName: "name"))
    var cursorParam: String?

    @Option(help: ArgumentHelp("Dot path of the next page's cursor in a response.", valueName: "path"))
    var nextCursor: String?

    @Flag(help: "Follow the Link: <…>; rel=\"next\" response header.")
    var linkNext = false

    @Option(help: ArgumentHelp("A request header 'Name: value' (repeatable); never printed.", valueName: "header"))
    var header: [String] = []

    @Option(help: ArgumentHelp("Seconds with no response before a request fails.", valueName: "seconds"))
    var timeout: Double = 30

    @OptionGroup var interface: InterfaceOptions

    var isHTTP: Bool { source.lowercased().hasPrefix("http://") || source.lowercased().hasPrefix("https://") }

    var input: JSONInput { source == "-" ? .standardInput : .file(source) }

    var format: JSONRowFormat { JSONRowFormat(title: title, subtitle: subtitle, idField: id) }

    var paging: JSONPaging {
        if let pageParam { return .pageNumber(param: pageParam, firstPage: firstPage ?? 1) }
        if let offsetParam { return .limitOffset(offsetParam: offsetParam) }
        if let cursorParam, let nextCursor { return .cursor(param: cursorParam, nextCursor: nextCursor) }
        if linkNext { return .linkNext }
        return .none
    }

    func validate() throws {
        let strategies = [pageParam != nil, offsetParam != nil, cursorParam != nil, linkNext].filter { $0 }.count
        guard strategies <= 1 else {
            throw ValidationError("choose one way of paging: --page-param, --offset-param, --cursor-param or --link-next")
        }
        let pagingAsked = strategies > 0 || limit != nil || limitParam != nil || !header.isEmpty
        if !isHTTP, pagingAsked {
            throw ValidationError("paging and headers apply to http:// and https:// sources only, not '\(source)'")
        }
        if (cursorParam == nil) != (nextCursor == nil) { throw ValidationError("--cursor-param and --next-cursor go together") }
        if firstPage != nil, pageParam == nil { throw ValidationError("--first-page needs --page-param") }
        if offsetParam != nil, limit == nil { throw ValidationError("--offset-param needs --limit N") }
        if limitParam != nil, limit == nil { throw ValidationError("--limit-param needs --limit N") }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit)") }
        // URLSession on Linux keeps no fractions of a second: below 1 it gives up at once.
        guard timeout >= 1 else { throw ValidationError("--timeout must be 1 second or more, not \(timeout)") }
        for argument in header where JSONHTTPClient.header(argument) == nil {
            // The value may be a secret: name the problem, never the argument.
            _ = argument
            throw ValidationError("--header takes 'Name: value'; one of them has no name or no ':'")
        }
        if isHTTP {
            guard let url = URL(string: source), url.host != nil else { throw ValidationError("not a valid URL: \(source)") }
        } else if source == "-", isatty(0) == 1 {
            throw ValidationError("no input: give a FILE or a URL, or pipe JSON into standard input")
        }
    }

    func execute() async throws {
        let log = try interface.openLog()
        let logger = log.logger("lister.json")
        let screen: any Screen
        if isHTTP, let url = URL(string: source) {
            let client = JSONHTTPClient(headers: header.compactMap(JSONHTTPClient.header), timeout: timeout, logger: logger)
            let limit = self.limit.map { (param: limitParam, value: $0) }
            screen = JSONHTTPSource(url: url, itemsPath: items, paging: paging, limit: limit, format: format, client: client).screen()
        } else {
            // Read before the screen opens: a missing file, invalid JSON or a wrong path exit 2.
            let rows: [JSONItem]
            let start = ContinuousClock.now
            do {
                rows = try JSONListScreen.items(of: input, itemsPath: items, format: format)
            } catch {
                logger.warning("json read failed", metadata: ["source": "\(input.name)", "error": "\(error.message)"])
                throw ValidationError(error.message)
            }
            let elapsed = ContinuousClock.now - start
            logger.debug("json read", metadata: [
                "source": "\(input.name)", "items": "\(rows.count)",
                "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            ])
            screen = JSONListScreen(input: input, itemsPath: items, format: format, preloaded: rows)
        }
        let outcome = try await AppRunner.run(screen, interface: interface, log: log)
        throw ExitCode(outcome.exitStatus)
    }
}
