import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every failed start of every subcommand is in the log that `--log FILE` names, and the
/// options every subcommand takes work before its name too (issue 33).
@Suite struct StartFailureLogEndToEndTests {
    let sibling = SiblingEndToEndTests()

    @Test func everyFailedStartIsLoggedWhereverLogIsGiven() throws {
        let lister = try TmuxSession.listerPath()
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "startlog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let missing = directory.appendingPathComponent("missing").path
        let log = directory.appendingPathComponent("run.log").path
        let cases: [(arguments: [String], error: String)] = [
            (["sqlite", missing, "--log", log], "cannot open '\(missing)'"),
            (["sqlite", fifo, "--log", log], "is a FIFO (named pipe), not an SQLite database"),
            (["--log", log, "sqlite", missing], "cannot open '\(missing)'"),
            (["csv", missing + ".csv", "--log=\(log)"], "cannot read '\(missing).csv'"),
            (["json", missing + ".json", "--log", log], missing + ".json"),
            (["dir", missing, "--log", log], "cannot open '\(missing)'"),
            (["lines", missing, "--log", log], "cannot read '\(missing)'"),
            (["watch", "--log", log, "-n", "0"], "-n"),
            (["demo", "--log", log, "--no-such-option"], "--no-such-option"),
        ]
        for (index, item) in cases.enumerated() {
            let result = try sibling.run(lister, item.arguments)
            #expect(result.status == 2, "\(item.arguments): \(result.stderr)")
            let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.contains("not started") }
            #expect(lines.count == index + 1, "\(item.arguments): one line a failed start; log: \(lines)")
            let last = lines.last.map(String.init) ?? ""
            #expect(last.contains("error lister: not started") && last.contains(item.error), "\(item.arguments): \(last)")
        }
    }

    /// `lister --log FILE sqlite DB` read `sqlite` as the file of `lister lines`.
    @Test func rootOptionsWorkBeforeTheSubcommand() throws {
        let lister = try TmuxSession.listerPath()
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "rootopts")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("run.log").path
        let missing = directory.appendingPathComponent("nothing.db").path
        let result = try sibling.run(lister, ["--log", log, "sqlite", missing])
        #expect(result.stderr == "lister: cannot open '\(missing)': No such file or directory\n")
        let help = try sibling.run(lister, ["--no-mouse", "csv", "--help"])
        #expect(help.status == 0 && help.stdout.contains("lister csv"), "\(help.stderr)")
    }
}
