import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lister json URL` in a real terminal against a real HTTP server on 127.0.0.1
/// (``PagedJSONServer``): paging to the end, a detail and back, a failed first request
/// retried, and the diagnostic log of `--log FILE`.
@Suite struct JSONEndToEndTests {
    /// A path for a log file in a fresh temporary directory.
    func temporaryLogPath() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lister-e2e-log-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("lister.log")
    }

    @Test func pagesToTheEndOpensAnItemAndComesBack() throws {
        let server = try PagedJSONServer(itemCount: 130, pageSize: 20)
        defer { server.stop() }
        let session = try TmuxSession(
            lister: ["json", server.url("/items"), "--page-param", "page", "--title", "name", "--subtitle", "note"],
            columns: 100, rows: 30)
        defer { session.close() }
        let first = try session.waitFor("item-001")
        #expect(first.contains("note 1"))
        // PageDown a few times, then End until the list says it has ended.
        try session.sendKeys("PageDown", "PageDown")
        var screen = try session.waitForAbsence(of: "item-001")  // scrolled on
        for _ in 0..<20 where !screen.contains("End of list") {
            try session.sendKeys("End")
            screen = try session.waitUntil("a page to settle") { !$0.contains("Loading more") }
        }
        #expect(screen.contains("End of list · 130 items"))
        #expect(screen.contains("130/130"))
        #expect(screen.contains("item-130"))
        // Each page was asked for once, up to the empty page that ends the list.
        let pages = server.requests.map(\.target)
        #expect(pages == (1...8).map { "/items?page=\($0)" })

        try session.sendKeys("Enter")  // the selected row is the last: item-130
        // Waits for the detail's title: the preview beside the list shows the same JSON.
        let detail = try session.waitUntil("the detail of item-130") { $0.hasPrefix("127.0.0.1/items › item-130") }
        #expect(detail.contains(#""note": "note 130""#))
        #expect(detail.contains(#""name": "item-130""#))
        try session.sendKeys("Escape")
        let back = try session.waitUntil("back at the list") { $0.hasPrefix("127.0.0.1/items\n") }
        #expect(back.contains("130/130"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
        #expect(server.requests.count == 8)  // going back asked for nothing again
    }

    /// A paged API's objects that share their keys are a table by default: the columns of
    /// the first page (asked for once, before the screen opens), pages appended under them;
    /// sorted, the status line says only the loaded rows are. `--no-table` keeps lines.
    @Test func pagesOfObjectsAreATableSortedAsLoaded() throws {
        let server = try PagedJSONServer(itemCount: 50, pageSize: 20)
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/items"), "--page-param", "page"], columns: 100, rows: 12)
        defer { session.close() }
        var screen = try session.waitFor("item-001")
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasPrefix("id  name      note"), "\(screen)")
        #expect(lines[2].hasPrefix(" 1  item-001  note 1"), "\(screen)")
        try session.sendKeys("s")  // by id, ascending: the rows loaded so far
        screen = try session.waitFor("sorted: loaded rows only")
        #expect(screen.contains("id ▲"), "\(screen)")
        for _ in 0..<10 where !screen.contains("End of list") {
            try session.sendKeys("End")
            screen = try session.waitUntil("a page to settle") { !$0.contains("Loading more") }
        }
        screen = try session.waitFor("End of list · 50 items")
        #expect(screen.contains("item-050") && !screen.contains("loaded rows only"), "\(screen)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(server.requests.map(\.target).filter { $0 == "/items?page=1" }.count == 1)

        let lineRows = try TmuxSession(lister: ["json", server.url("/items"), "--page-param", "page", "--no-table"], columns: 100, rows: 12)
        defer { lineRows.close() }
        screen = try lineRows.waitFor("item-001")
        lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!lines[1].hasPrefix("id "), "\(screen)")
        try lineRows.sendKeys("q")
        #expect(try lineRows.waitForExit() == 0)
    }

    @Test func aFailedFirstRequestShowsTheErrorAndRRetries() throws {
        let server = try PagedJSONServer(itemCount: 30, pageSize: 20)
        defer { server.stop() }
        let token = "s3cr3t-token-\(UUID().uuidString.prefix(8))"
        let log = try temporaryLogPath()
        defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
        let session = try TmuxSession(
            lister: ["json", server.url("/fails-first"), "--page-param", "page", "--title", "name",
                     "--header", "Authorization: Bearer \(token)", "--log", log.path],
            columns: 100, rows: 30)
        defer { session.close() }
        let error = try session.waitFor("Press r to retry")
        #expect(error.contains("HTTP 500"))
        #expect(error.contains("database is down"))
        #expect(error.contains("authorized with ***"))  // the server echoed the header: masked
        #expect(!error.contains(token))
        try session.sendKeys("r")
        try session.waitFor("item-001")
        // Page 2 loads by itself (page 1 is shorter than the view). End before it came went
        // to item-020, and the rows that came then pushed the footer below the view: the
        // test failed under load ("End of list" never shown). End once all 30 are in.
        try session.waitFor("1/30")
        try session.sendKeys("End")
        try session.waitFor("End of list · 30 items")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
        // The header reached the server, on every request.
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(token)" })

        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(!text.contains(token))
        let lines = text.split(separator: "\n").map(String.init)
        let http = lines.filter { $0.contains("lister.json: http response") }
        #expect(http.count == server.requests.count)
        #expect(http.first?.contains("status=500") == true)
        #expect(http.dropFirst().allSatisfy { $0.contains("status=200") })
        for line in http {
            #expect(line.contains("method=GET"))
            #expect(line.contains("url=\"\(server.url("/fails-first?page="))"))
            #expect(line.contains("headers=Authorization"))  // the name, never the value
            #expect(line.contains(" bytes="))
            #expect(line.contains(" ms="))
        }
        for line in lines {
            #expect(Self.isLogLine(line), "not a log line: \(line)")
        }
        var info = stat()
        #expect(stat(log.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o644 & ~Self.umask())  // created 0644
    }

    @Test func theLogIsAppendedAndAnUnopenableLogIsAnError() throws {
        let server = try PagedJSONServer(itemCount: 5, pageSize: 20)
        defer { server.stop() }
        let log = try temporaryLogPath()
        defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
        try Data("an earlier line\n".utf8).write(to: log)
        let session = try TmuxSession(
            lister: ["json", server.url("/items"), "--page-param", "page", "--log", log.path], columns: 100)
        defer { session.close() }
        try session.waitFor("End of list · 5 items")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasPrefix("an earlier line\n"))
        #expect(text.contains("lister.json: http response"))
        #expect(text.contains("lister: screen closed"))

        let missing = "/nonexistent-\(UUID())/lister.log"
        let result = try CommandLineErrorTests().run(["json", server.url("/items"), "--log", missing])
        #expect(result.status == 2)
        #expect(result.stderr == "lister: cannot open the log file '\(missing)' (--log): No such file or directory; give a writable file path\n")
        #expect(result.stdout.isEmpty)
        #expect(server.requests.count == 2)  // the failed run asked for nothing
    }

    /// `2026-11-22T05:41:19.123Z debug lister.json: http response …`.
    static func isLogLine(_ line: String) -> Bool {
        line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (trace|debug|info|notice|warning|error|critical) lister(\.[a-z]+)?: \S"#,
                   options: .regularExpression) != nil
    }

    /// This process's umask, read without changing it (`Umask:` in `/proc/self/status`).
    static func umask() -> mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }

    /// `lister json -` reads the whole document before the screen opens; while a slow
    /// producer has sent nothing, a line on the terminal says what it waits for.
    @Test func waitingForStandardInputSaysSo() throws {
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let session = try TmuxSession(shell: "(sleep 2; echo '[1, 2, 3]') | exec \(lister) json -", columns: 80)
        defer { session.close() }
        try session.waitFor("reading JSON from standard input")
        let screen = try session.waitFor("1/3")
        #expect(!screen.contains("reading JSON"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
