import Foundation
import Lister
import ListerJSON
import ListerSources
import ListerSqlite
import ListerTestSupport
import TerminalCore
import Testing

/// The real binary in a terminal and the same screen in `HeadlessApp`, fed the same
/// seeded, random events, must settle on the same screen after every event, with no
/// further input (issue 33).
///
/// `HeadlessApp` settles every load itself; the real loop must draw every result that
/// arrives while it waits for input. Each step is sent to both, the headless side settles,
/// and the terminal is polled until it shows the same screen (or a generous timeout ends
/// the run). Clicks are sent as a terminal sends them, the release in a write of its own
/// after the press. A failure prints the seed and the steps: run it again with
/// `LISTER_DIFFERENTIAL_SEED=<seed>`.
///
/// Two clicks on one row within 400 ms are a double click (the row opens). Headless, the
/// clock moves a second between steps; the terminal reads its clicks in real time, so the
/// next click is sent 500 ms after the terminal was *seen* to have taken the last one (its
/// screen showed the click's effect, or that of a later key or click: input is read in
/// order), never after it was merely sent. A click whose effect nothing showed yet (on the
/// row already selected) is followed by another kind of step, chosen from the seed.
///
/// Covered: `lister csv` on a table above the size sorted on the main actor (clicks on
/// titles, `s`/`S`), `lister sqlite` (pages and sorts are queries, a row preview), and
/// `lister lines` with a preview pane; on all three, clicks on rows, the wheel (over the
/// list and the pane), paging and moves, the filter and resizes; on the tables, a row opened
/// and left; `lister json` on a paged HTTP API whose even pages fail once (the error row, `r`
/// that asks again); `lister lines --follow` on a file that grows between events (a live
/// feed, headless through ``ParkedFollowScreen``); `lister watch` of a command whose output
/// grows between events (headless through ``ParkedWatchScreen``).
@Suite(.serialized) struct DifferentialEndToEndTests {
    /// Rows in the CSV file: above the 50,000 a table sorts on the main actor at once
    /// (`TableHostState.inlineSortWorkload`), so every sort runs off it and its result arrives
    /// while the loop waits for input.
    static let rowCount = 60_000
    /// Steps in one run.
    static let stepCount = 25
    /// The columns the table's titles take, and a little more.
    static let titlesWidth = 32
    /// More than the runtime's double-click interval (400 ms).
    static let clickSpacing: Duration = .milliseconds(500)

    @Test @MainActor func csvTableAgreesAfterEveryEvent() async throws {
        try await Self.run(file: "scores.csv", contents: Self.csv(rows: Self.rowCount), table: true, arguments: { ["csv", $0] }) {
            var screen = CSVScreen(input: .file($0))
            screen.readHead()
            return screen
        }
    }

    /// Lines with a preview pane: every move runs the preview command, whose output arrives
    /// while the loop waits for input.
    @Test @MainActor func linesWithAPreviewAgreeAfterEveryEvent() async throws {
        let preview = "echo preview of {}"
        try await Self.run(file: "words.txt", contents: Self.lines(count: 20_000), table: false,
                           arguments: { ["lines", "--preview", preview, $0] }) {
            var screen = LinesScreen(input: .file($0))
            screen.previewCommand = PreviewCommand(preview)
            screen.readHead()
            return screen
        }
    }

    /// A SQLite table read a page at a time and sorted at its source: every sort and every
    /// page is a query whose rows arrive while the loop waits for input.
    @Test @MainActor func sqliteTableAgreesAfterEveryEvent() async throws {
        try await Self.run(file: "scores.sqlite", make: { path in
            let sql = """
                create table t(id integer, name text, score integer);
                with recursive c(i) as (select 0 union all select i + 1 from c where i < 19999)
                insert into t select i, printf('name%06d', (i * 7919) % 1000000), (i * 104729) % 100000 from c;
                """
            let status = try ChildProcess.run("/usr/bin/sqlite3", [path, sql], environment: [:], stdout: "/dev/null", stderr: "/dev/null")
            #expect(status == 0, "sqlite3 makes the fixture (make deps installs it)")
        }, table: true, arguments: { ["sqlite", $0, "t"] }) { path in
            let database = SqliteDatabase(path: path)
            let table = try #require(try database.table(named: "t"))
            return SqliteRowsScreen(source: SqliteRowSource(database: database, table: table))
        }
    }

    /// A paged JSON API whose even pages fail once: the failed page's error row, `r` that
    /// asks for it again, and the pages that come meanwhile arrive while the loop waits for
    /// input. Each side has a server of its own (each page fails once for each), and the
    /// ports, which differ, are compared as one.
    @Test @MainActor func pagedJSONWithFailedPagesAgreesAfterEveryEvent() async throws {
        let terminalServer = try PagedJSONServer(itemCount: 400, pageSize: 20)
        defer { terminalServer.stop() }
        let headlessServer = try PagedJSONServer(itemCount: 400, pageSize: 20)
        defer { headlessServer.stop() }
        // `--table`: both sides decide the same way at once, not on whether the first page
        // came within a moment (which a busy machine may change for one of them).
        let source = JSONHTTPSource(url: try #require(URL(string: headlessServer.url("/flaky"))),
                                    paging: .pageNumber(param: "page", firstPage: 1))
        let terminalPort = ":\(terminalServer.port)", headlessPort = ":\(headlessServer.port)"
        // First, for sure: page 2 fails, `r` brings it, page 4 fails; then random steps.
        let prelude: [Step] = [.key("End", .end), .key("r", .character("r")), .key("End", .end), .key("End", .end)]
        try await Self.run(arguments: ["json", terminalServer.url("/flaky"), "--page-param", "page", "--table"], table: true,
                           retries: true, prelude: prelude, screen: source.screen(table: true),
                           normalize: { $0.replacingOccurrences(of: terminalPort, with: ":PORT") },
                           normalizeHeadless: { $0.replacingOccurrences(of: headlessPort, with: ":PORT") })
        #expect(terminalServer.requests.filter { $0.target.hasSuffix("page=2") }.count >= 2, "page 2 failed and was asked again")
        #expect(terminalServer.requests.contains { $0.target.hasSuffix("page=4") }, "page 4 was asked for (and failed)")
    }

    /// `lister lines --follow` on a file that grows between events (a live feed): the lines
    /// written arrive while the loop waits for input, and follow the end while the last
    /// line is selected.
    @Test @MainActor func followedLinesAgreeAfterEveryEvent() async throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "differential")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("growing.log").path
        let append = try Self.growingFile(path, lines: 100)
        let delivered = LineCount()
        let screen = ParkedFollowScreen(follow: FollowScreen(path: path, lines: LinesScreen(input: .file(path))), delivered: delivered)
        try await Self.run(arguments: ["lines", "--follow", path], table: false,
                           feed: Feed(append: append, delivered: { delivered.count }), screen: screen)
    }

    /// `lister watch -n 1 -- cat FILE` on a file that grows between events: each run's
    /// lines replace the list while the loop waits for input, and `r` runs it at once. The
    /// time of the last run (in the status line) is compared as one.
    @Test @MainActor func watchAgreesAfterEveryEvent() async throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "differential")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("watched.txt").path
        let append = try Self.growingFile(path, lines: 60)
        let delivered = LineCount()
        let screen = ParkedWatchScreen(watch: WatchScreen(command: ["cat", path], interval: .seconds(1)), delivered: delivered)
        try await Self.run(arguments: ["watch", "-n", "1", "--", "cat", path], table: false, retries: true,
                           feed: Feed(append: append, delivered: { delivered.count }), screen: screen,
                           normalize: Self.untimed, normalizeHeadless: Self.untimed)
    }

    /// `line` with the time of a watched command's last run left out.
    @Sendable static func untimed(_ line: String) -> String {
        line.replacing(#/ran at \d\d:\d\d:\d\d/#, with: "ran at T")
    }

    /// Writes `lines` numbered lines of words to a new file at `path`; returns a function
    /// that writes more at its end and returns how many lines the file holds.
    static func growingFile(_ path: String, lines: Int) throws -> (Int) throws -> Int {
        try Data().write(to: URL(fileURLWithPath: path))
        var written = 0
        var words = SplitMix64(seed: 35)
        let append = { (count: Int) throws -> Int in
            let names = ["alpha", "beta", "gamma", "name", "seven", "nine"]
            let text = (written..<written + count).map { "\($0) \(names[Int.random(in: 0..<names.count, using: &words)])\n" }.joined()
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            written += count
            return written
        }
        _ = try append(lines)
        return append
    }

    /// Runs `lister arguments(path)` in tmux and `screen(path)` headless on a file holding
    /// `contents`, and sends both the same ``stepCount`` random steps (titles and sorting
    /// only on a `table`).
    @MainActor static func run(file: String, contents: String, table: Bool, arguments: (String) -> [String],
                               screen: (String) throws -> any Screen) async throws {
        try await run(file: file, make: { try contents.write(toFile: $0, atomically: true, encoding: .utf8) },
                      table: table, arguments: arguments, screen: screen)
    }

    /// Runs `lister arguments(path)` in tmux and `screen(path)` headless on a file that
    /// `make` writes, and sends both the same ``stepCount`` random steps.
    @MainActor static func run(file: String, make: (String) throws -> Void, table: Bool, arguments: (String) -> [String],
                               screen: (String) throws -> any Screen) async throws {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: "differential")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(file).path
        try make(path)
        try await run(arguments: arguments(path), table: table, screen: try screen(path))
    }

    /// Runs `lister arguments` in tmux and `screen` headless, and sends both the same
    /// steps of `prelude`, then ``stepCount`` random steps (titles and sorting only on a
    /// `table`, `r` when it `retries`, lines written to the file of a `feed`). `normalize`
    /// and `normalizeHeadless` rewrite each side's lines before they are compared (what
    /// differs by nature: a server's port, the time of a run).
    @MainActor static func run(arguments: [String], table: Bool, retries: Bool = false, feed: Feed? = nil, prelude: [Step] = [],
                               screen: any Screen,
                               normalize: @escaping @Sendable (String) -> String = { $0 },
                               normalizeHeadless: @escaping @Sendable (String) -> String = { $0 }) async throws {
        let seed = ProcessInfo.processInfo.environment["LISTER_DIFFERENTIAL_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let name = ([arguments.first ?? ""] + arguments.dropFirst().filter { $0.hasPrefix("--") && $0 != "--" }).joined(separator: " ")
        print("DifferentialEndToEndTests (\(name)): seed \(seed) (LISTER_DIFFERENTIAL_SEED=\(seed) replays it)")
        var size = Size(rows: 24, columns: 80)
        let session = try TmuxSession(lister: arguments, columns: size.columns, rows: size.rows)
        defer { session.close() }
        let app = HeadlessApp(root: screen, size: size)
        await app.start()
        if let feed { try await Self.waitFor(feed, lines: try feed.append(0), app, seed: seed) }
        await app.advance(by: .seconds(1))

        var random = SplitMix64(seed: seed)
        var steps: [String] = ["start"]
        var filterOpen = false
        // When the terminal was seen to have taken the last click (nil: no click yet), and
        // whether a click was sent that it was not yet seen to take.
        var lastClickTaken: ContinuousClock.Instant?
        var clickUnseen = false
        var expectedBefore = Self.normalized(app.lines.map(normalizeHeadless))
        let compare = { (steps: [String]) in
            try await Self.expectSame(session, app, steps: steps, seed: seed, normalize: normalize, normalizeHeadless: normalizeHeadless)
        }
        try await compare(steps)
        for index in 0..<prelude.count + Self.stepCount {
            let step = index < prelude.count ? prelude[index]
                : Self.nextStep(&random, size: size, table: table, retries: retries, feeds: feed != nil, filterOpen: filterOpen,
                                depth: Self.depth(of: app), clicks: !clickUnseen)
            steps.append(step.description)
            switch step {
            case .key(let name, let key):
                try await Self.offMain(SessionHandle(session: session)) { try $0.sendKeys(name) }
                await app.press(key)
            case .type(let text):
                try await Self.offMain(SessionHandle(session: session)) { try $0.type(text) }
                await app.type(text)
            case .click(let column, let row):
                // Two clicks on one row within 400 ms are a double click, which opens it: the
                // terminal gets this click more than that after it was seen to take the last
                // one (the one wait here that is not for the screen: it makes the input mean
                // what it means headless; see the type's comment).
                if let last = lastClickTaken, ContinuousClock.now - last < Self.clickSpacing {
                    try await Task.sleep(until: last + Self.clickSpacing, clock: .continuous)
                }
                clickUnseen = true
                try await Self.offMain(SessionHandle(session: session)) { try $0.mouse(.press, column: column, row: row) }
                try await Self.offMain(SessionHandle(session: session)) { try $0.mouse(.release, column: column, row: row) }
                await app.mouse(.press, row: row, column: column)
            case .wheel(let down, let column, let row):
                try await Self.offMain(SessionHandle(session: session)) { try $0.mouse(down ? .wheelDown : .wheelUp, column: column, row: row) }
                await app.mouse(down ? .wheelDown : .wheelUp, row: row, column: column)
            case .resize(let newSize):
                size = newSize
                try await Self.offMain(SessionHandle(session: session)) { try $0.resize(columns: newSize.columns, rows: newSize.rows) }
                await app.resize(to: newSize)
            case .append(let count):
                // One write feeds both (they follow the same file); the headless feed is
                // waited for until it has read every line (real time: the file is real).
                guard let feed else { break }
                try await Self.waitFor(feed, lines: try feed.append(count), app, seed: seed)
            }
            // The headless clock moves on by a second after each step, as a user's would:
            // what waits for a moment (a preview) comes, and a second click is never a
            // double click there.
            await app.advance(by: .seconds(1))
            // Whether the filter line is open (Backspace on an empty one closes it), as the
            // headless list shows it above the status line; a row opened over it hides it.
            if Self.depth(of: app) == 0 { filterOpen = app.lines.dropLast().last?.hasPrefix("/") == true }
            #expect(app.outcome == nil, "the steps left the app (seed \(seed)): \(steps)")
            try await compare(steps)
            // The terminal shows what this input did: it has read it, and every click before.
            let expected = Self.normalized(app.lines.map(normalizeHeadless))
            if clickUnseen, step.isInput, expected != expectedBefore {
                lastClickTaken = ContinuousClock.now
                clickUnseen = false
            }
            expectedBefore = expected
        }
    }

    /// A file that grows while the test runs, followed by both sides.
    struct Feed {
        /// Writes `count` more lines at the end of the file; returns the lines it holds.
        let append: (Int) throws -> Int
        /// The lines the headless feed has delivered so far.
        let delivered: @Sendable () -> Int
    }

    /// Waits (in real time: the file is real) until the headless feed has read all `lines`
    /// of the file, then lets the app take them.
    @MainActor static func waitFor(_ feed: Feed, lines: Int, _ app: HeadlessApp, seed: UInt64) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while feed.delivered() < lines, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(feed.delivered() == lines, "the headless feed read every line written (seed \(seed))")
        await app.settle()
    }

    // MARK: - Steps

    /// One event, as sent to both.
    enum Step: CustomStringConvertible {
        case key(String, Key)
        case type(String)
        case click(column: Int, row: Int)
        case wheel(down: Bool, column: Int, row: Int)
        case resize(Size)
        /// Lines written at the end of a followed file.
        case append(Int)

        /// Whether the step is input the terminal reads in order (not a resize, nor a write
        /// to a followed file).
        var isInput: Bool {
            switch self {
            case .key, .type, .click, .wheel: true
            case .resize, .append: false
            }
        }

        var description: String {
            switch self {
            case .key(let name, _): "key \(name)"
            case .type(let text): "type \(text.debugDescription)"
            case .click(let column, let row): "click \(column),\(row)"
            case .wheel(let down, let column, let row): "wheel \(down ? "down" : "up") \(column),\(row)"
            case .resize(let size): "resize \(size.columns)x\(size.rows)"
            case .append(let count): "append \(count) lines"
            }
        }
    }

    /// A random step that never ends the app: Escape only closes the filter or a row
    /// opened, Enter never chooses from the filter line; no click unless `clicks`.
    static func nextStep(_ random: inout SplitMix64, size: Size, table: Bool, retries: Bool = false, feeds: Bool = false,
                         filterOpen: Bool, depth: Int, clicks: Bool = true) -> Step {
        enum Kind { case title, row, wheel, sort, reverse, move, resize, type, erase, filter, open, escape, retry, append }
        var kinds: [(weight: Int, kind: Kind)] = [(2, .wheel), (2, .move), (1, .resize)]
        if clicks { kinds.append((3, .row)) }
        if table { kinds += [(2, .sort), (1, .reverse)] }
        if table, clicks { kinds.append((4, .title)) }
        if retries, !filterOpen, depth == 0 { kinds.append((2, .retry)) }
        if feeds { kinds.append((4, .append)) }
        if filterOpen {
            kinds += [(3, .type), (1, .erase)]
        } else {
            kinds.append((1, .filter))
            if table, depth == 0 { kinds.append((1, .open)) }  // Enter on a line chooses it and quits
        }
        if filterOpen || depth > 0 { kinds.append((2, .escape)) }
        var roll = Int.random(in: 0..<kinds.reduce(0) { $0 + $1.weight }, using: &random)
        var kind = kinds[0].kind
        for entry in kinds {
            if roll < entry.weight {
                kind = entry.kind
                break
            }
            roll -= entry.weight
        }
        let listRows = 2..<size.rows - 1
        let columns = 0..<min(size.columns, TmuxSession.mouseReportLimit + 1)
        switch kind {
        case .title: return .click(column: Int.random(in: 0..<titlesWidth, using: &random), row: 1)  // mostly on a title
        case .row: return .click(column: Int.random(in: columns, using: &random), row: Int.random(in: listRows, using: &random))
        case .wheel: return .wheel(down: Bool.random(using: &random), column: Int.random(in: columns, using: &random), row: Int.random(in: listRows, using: &random))
        case .sort: return .key("s", .character("s"))
        case .reverse: return .key("S", .character("S"))
        case .move:
            let moves: [Step] = [.key("PageDown", .pageDown), .key("PageUp", .pageUp), .key("Down", .down), .key("Up", .up),
                                 .key("End", .end), .key("Home", .home)]
            return moves[Int.random(in: 0..<moves.count, using: &random)]
        case .resize:
            let sizes = [Size(rows: 24, columns: 80), Size(rows: 18, columns: 64), Size(rows: 30, columns: 100)]
            return .resize(sizes[Int.random(in: 0..<sizes.count, using: &random)])
        case .type:
            let texts = ["1", "7", "name4", "9"]
            return .type(texts[Int.random(in: 0..<texts.count, using: &random)])
        case .erase: return .key("BSpace", .backspace)
        case .filter: return .key("/", .character("/"))
        case .open: return .key("Enter", .enter)
        case .escape: return .key("Escape", .escape)
        case .retry: return .key("r", .character("r"))
        case .append: return .append(Int.random(in: 1...40, using: &random))
        }
    }

    /// How many screens are open over the table (the breadcrumb's separators).
    @MainActor static func depth(of app: HeadlessApp) -> Int {
        (app.lines.first ?? "").components(separatedBy: " › ").count - 1
    }

    // MARK: - Comparing

    /// The session, handed to one task at a time.
    ///
    /// `@unchecked Sendable` is safe: the test awaits every call made through it before it
    /// makes the next, so the session is never used by two threads at once.
    struct SessionHandle: @unchecked Sendable {
        let session: TmuxSession
    }

    /// Runs a tmux call off the main actor: each one starts a `tmux` process and waits
    /// for it, and the headless suites of the same run need the main actor meanwhile (on a
    /// busy machine this test's polls held it long enough for their 60 s limits to pass).
    static func offMain<Value: Sendable>(_ handle: SessionHandle,
                                         _ call: @escaping @Sendable (TmuxSession) throws -> Value) async throws -> Value {
        try await Task.detached { try call(handle.session) }.value
    }


    /// Polls the terminal until it shows the headless screen; after a generous timeout,
    /// throws the difference, the seed and the steps.
    @MainActor static func expectSame(_ session: TmuxSession, _ app: HeadlessApp, steps: [String], seed: UInt64,
                                      timeout: Duration = .seconds(15), normalize: @escaping @Sendable (String) -> String = { $0 },
                                      normalizeHeadless: @escaping @Sendable (String) -> String = { $0 }) async throws {
        let expected = normalized(app.lines.map(normalizeHeadless))
        let deadline = ContinuousClock.now + timeout
        var shown: [String] = []
        while ContinuousClock.now < deadline {
            shown = normalized(try await offMain(SessionHandle(session: session)) { try $0.lines() }.map(normalize))
            if shown == expected { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Diverged(description: """
            the terminal did not settle on the headless screen after \(steps.last ?? "") (seed \(seed); \
            LISTER_DIFFERENTIAL_SEED=\(seed) replays it)
            steps: \(steps.joined(separator: "; "))
            headless:
            \(expected.joined(separator: "\n"))
            terminal:
            \(shown.joined(separator: "\n"))
            """)
    }

    /// The two runtimes showed different screens.
    struct Diverged: Error, CustomStringConvertible {
        let description: String
    }

    /// Lines without trailing blanks, and without the empty lines at the end.
    static func normalized(_ lines: [String]) -> [String] {
        var result = lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        while result.last == "" { result.removeLast() }
        return result
    }

    /// `count` lines of words, the same on every run.
    static func lines(count: Int) -> String {
        var random = SplitMix64(seed: 34)
        let words = ["alpha", "beta", "gamma", "delta", "name", "seven", "nine", "rho"]
        return (0..<count).map { index in
            "\(index) \(words[Int.random(in: 0..<words.count, using: &random)]) \(words[Int.random(in: 0..<words.count, using: &random)])\n"
        }.joined()
    }

    /// A CSV file of `rows` rows, the same on every run: sorting by any column changes the order.
    static func csv(rows: Int) -> String {
        var random = SplitMix64(seed: 33)
        var text = "id,name,score,city\n"
        let cities = ["Oslo", "Lima", "Pune", "Kyiv", "Baku", "Nuuk"]
        for index in 0..<rows {
            text += "\(index),name\(Int.random(in: 0..<1_000_000, using: &random)),\(Int.random(in: 0..<100_000, using: &random)),"
                + "\(cities.randomElement(using: &random)!)\n"
        }
        return text
    }
}
