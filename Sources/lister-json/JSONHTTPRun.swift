import ArgumentParser
import Foundation
import Lister
import ListerCommands
import ListerJSON
import ListerSources

/// `lister json` on an http(s) URL: the URL checked, then pages browsed (libcurl).
@MainActor
enum JSONHTTPRun {
    /// How long a paged API's first page, or the first objects of a body that does not
    /// page, are waited for before the screen opens.
    static let firstPageWait = Duration.seconds(1)

    /// Runs the command; ends by throwing `ExitCode` (the outcome) or a one-line error.
    static func run(_ command: JSONCommand) async throws {
        guard let url = URL(string: command.source), url.host != nil else {
            throw ValidationError("not a valid URL: \(command.source)")
        }
        let log = try command.interface.openLog()
        let client = JSONHTTPClient(
            headers: command.header.compactMap(JSONHeader.parse), timeout: command.timeout, maxBodyBytes: command.maxBytes,
            logger: log.logger("lister.json")
        )
        let limit = command.limit.map { (param: command.limitParam, value: $0) }
        var source = JSONHTTPSource(
            url: url, itemsPath: command.items, paging: command.paging, limit: limit, format: command.format, client: client
        )
        let outcome: Outcome
        if command.paging != .none {
            // A paged API's first page is asked for before the screen opens: objects that
            // share their keys make a table, with the columns of that page. A page that
            // takes longer than a moment opens as lines, unless a table is asked for (its
            // columns then come with the page); the screen takes the same request's answer.
            source.startFirstPage()
            let firstPage = command.decidesTableAlone ? nil : await source.firstPageItems(within: firstPageWait)
            let table = command.showsTable(firstRows: firstPage.map(JSONRows.init))
            outcome = try await AppRunner.run(source.screen(table: table, columns: command.namedColumns, firstPage: firstPage),
                                              interface: command.interface, log: log)
        } else {
            // A body that does not page is started before the screen opens, and decided on
            // the same way: its first (up to 100) objects, or all of a shorter array, when
            // they come within the same moment; the screen follows the same read.
            let read = command.decidesTableAlone ? nil : source.startBody()
            let firstRows = await read?.firstRows(JSONTableShape.sampleSize, within: firstPageWait)
            let table = command.showsTable(firstRows: firstRows)
            outcome = try await AppRunner.run(source.screen(table: table, columns: command.namedColumns, started: read),
                                              interface: command.interface, log: log)
        }
        throw ExitCode(outcome.exitStatus)
    }
}
