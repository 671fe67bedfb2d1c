import ArgumentParser
import Foundation
import Lister
import ListerCommands
import ListerJSON
import ListerSources

/// `lister json` on an http(s) URL: the URL checked, then pages browsed with URLSession.
@MainActor
enum JSONHTTPRun {
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
        let source = JSONHTTPSource(
            url: url, itemsPath: command.items, paging: command.paging, limit: limit, format: command.format, client: client
        )
        let screen = source.screen()
        let outcome: Outcome
        // A table only when asked for (`--table`, `--columns`): the screen opens before the
        // body's first objects have come. `validate` refused them with paging.
        if command.showsTable(firstRows: nil), let list = screen as? JSONListScreen {
            outcome = try await AppRunner.run(JSONTableScreen(list: list, columns: command.namedColumns), interface: command.interface, log: log)
        } else {
            outcome = try await AppRunner.run(screen, interface: command.interface, log: log)
        }
        throw ExitCode(outcome.exitStatus)
    }
}
