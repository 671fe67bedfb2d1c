/// Writes why a command did not start to the log its command line names (`--log FILE`),
/// whatever stopped it: a usage error, a validation (a missing database, a FIFO), an input
/// that cannot be read, a sibling that is missing. The argument parser's checks run before
/// any command holds its options, so the option is found in the words themselves.
enum StartFailureLog {
    /// The path given with `--log FILE` or `--log=FILE` (the last one, as the parser
    /// takes it), before a `--` that ends the options; nil when there is none.
    static func path(in arguments: [String]) -> String? {
        var path: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "--" { break }
            if word == "--log", index + 1 < arguments.endIndex {
                path = arguments[index + 1]
                index += 2
                continue
            }
            if word.hasPrefix("--log=") { path = String(word.dropFirst("--log=".count)) }
            index += 1
        }
        return path
    }

    /// Appends `message` as a `not started` error of the command `arguments` name to the
    /// log they name, if any. A log that cannot be opened is left alone (the message on
    /// stderr says so when that was the failure).
    static func record(_ message: String, arguments: [String]) {
        guard let path = path(in: arguments), let log = try? DiagnosticLog.open(path) else { return }
        let subcommand = arguments.first { !$0.hasPrefix("-") } ?? "lister"
        log.logger("lister").error("not started", metadata: [
            "command": "\(subcommand)",
            "error": "\(message)",
        ])
    }
}
