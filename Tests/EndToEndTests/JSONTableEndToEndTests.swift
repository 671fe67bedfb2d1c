import Foundation
import Testing

/// `lister json FILE` on an array of objects: a table with a header line, `--columns`,
/// a huge column cut, `--no-table`, and a bad `--columns`.
@Suite struct JSONTableEndToEndTests {
    static let input = Array(#"""
        [{"id": 1, "name": "Ada", "age": 36, "owner": {"login": "a"}},
         {"id": 2, "name": "Bob", "owner": null},
         {"id": 10, "name": "Cyd", "age": null, "owner": {"login": "c"}, "extra": true}]
        """#.utf8)

    func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func anArrayOfObjectsIsATableWithAHeaderAndAlignedCells() throws {
        let file = try temporaryInput(Self.input, suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["json", file.path], columns: 100, rows: 10)
        defer { session.close() }
        try session.waitFor("1/3")
        try session.sendKeys("p")  // the preview pane hidden
        let lines = self.lines(try session.waitFor("owner          extra"))
        #expect(lines[1].hasPrefix("id  name   age  owner          extra"))
        #expect(lines[2].hasPrefix(" 1  Ada     36  {\"login\":\"a\"}"))
        #expect(lines[3].hasPrefix(" 2  Bob         null"))
        #expect(lines[4].hasPrefix("10  Cyd   null  {\"login\":\"c\"}  true"))
        try session.sendKeys("Down", "Enter")  // Enter still shows the element
        try session.waitFor(#""name": "Bob""#)
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test func columnsPickAndOrderAndAHugeColumnIsCut() throws {
        let huge = String(repeating: "x", count: 20_000)
        let text = "[" + (0..<3).map { #"{"big": "\#(huge)", "n": \#($0), "tail": "end", "u": {"k": "v\#($0)"}}"# }.joined(separator: ",") + "]"
        let file = try temporaryInput(Array(text.utf8), suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["json", "--columns", "u.k,big,tail", file.path], columns: 60, rows: 10)
        defer { session.close() }
        try session.waitFor("1/3")
        try session.sendKeys("p")
        let lines = self.lines(try session.waitUntil("the pane hidden") { !$0.contains("│") && $0.contains("tail") })
        #expect(lines[1].hasPrefix("u.k  big"))
        #expect(lines[1].trimmingCharacters(in: .whitespaces).hasSuffix("tail"))
        #expect(lines[2].hasPrefix("v0   xxxx"))
        #expect(lines[2].contains("…  end"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aURLThatDoesNotPageIsATableOnlyWhenAskedFor() throws {
        let server = try PagedJSONServer(itemCount: 3, pageSize: 3)
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/items"), "--columns", "name,id"], columns: 100, rows: 10)
        defer { session.close() }
        try session.waitFor("1/3")
        try session.sendKeys("p")
        let lines = self.lines(try session.waitFor("item-003   3"))
        #expect(lines[1].hasPrefix("name      id"))
        #expect(lines[2].hasPrefix("item-001   1"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// A URL that does not page decides as a file does, on the body's first objects, and
    /// asks for the body once: objects that share their keys are a table, `--no-table`
    /// keeps lines, and an array of scalars or of unlike objects stays lines.
    @Test func aURLThatDoesNotPageIsATableWhenItsObjectsShareTheirKeys() throws {
        let server = try PagedJSONServer(itemCount: 3, pageSize: 3)
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/items")], columns: 100, rows: 10)
        defer { session.close() }
        try session.waitFor("1/3")
        try session.sendKeys("p")
        let table = self.lines(try session.waitUntil("the pane hidden") { !$0.contains("│") && $0.contains("item-003") })
        #expect(table[1].hasPrefix("id  name      note"), "\(table)")
        #expect(table[2].hasPrefix(" 1  item-001  note 1"), "\(table)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(server.requests.map(\.target) == ["/items"])  // the body read before the screen is the screen's

        for (path, options, first) in [("/items", ["--no-table"], "item-001"), ("/scalars", [], "1 "), ("/unlike", [], "push")] {
            let lineRows = try TmuxSession(lister: ["json", server.url(path)] + options, columns: 100, rows: 10)
            defer { lineRows.close() }
            let lines = self.lines(try lineRows.waitFor("1/3"))
            #expect(lines[1].hasPrefix(first), "\(path) \(options): \(lines)")
            #expect(!lines[1].contains("  note") && !lines[1].contains("value") && !lines[1].contains("type"), "\(lines)")
            try lineRows.sendKeys("q")
            #expect(try lineRows.waitForExit() == 0)
        }
    }

    /// A body that comes slowly opens once its first objects are there, as a table still
    /// being read; the rest of the rows fill it when they come.
    @Test func aSlowBodyOpensAsATableWhileItIsRead() throws {
        let server = try PagedJSONServer(itemCount: 40, pageSize: 20)
        defer { server.stop() }
        let session = try TmuxSession(lister: ["json", server.url("/trickle")], columns: 100, rows: 10)
        defer { session.close() }
        let reading = self.lines(try session.waitFor("reading… 3"))
        #expect(reading[1].hasPrefix("id  name      note"), "\(reading)")
        #expect(reading[2].hasPrefix(" 1  item-001  note 1"), "\(reading)")
        server.release()
        // The 40th row may show a moment before the read ends (`1/40+ reading… 40`).
        let done = self.lines(try session.waitUntil("the whole body") { $0.contains("1/40 ") && !$0.contains("reading") })
        #expect(done[1].hasPrefix("id  name      note"), "\(done)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(server.requests.count == 1)
    }

    @Test func noTableKeepsTheOneLineRows() throws {
        let file = try temporaryInput(Self.input, suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["json", "--no-table", file.path], columns: 100, rows: 10)
        defer { session.close() }
        let lines = self.lines(try session.waitFor("1/3"))
        #expect(lines[1].hasPrefix("Ada "))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aBadColumnListIsAUsageErrorNamingIt() throws {
        let file = try temporaryInput(Self.input, suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let bad = try CommandLineErrorTests().run(["json", "--columns", "name,,owner.login", file.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--columns 'name,,owner.login': column 2 is empty"))
        let step = try CommandLineErrorTests().run(["json", "--columns", "owner..login", file.path])
        #expect(step.status == 2)
        #expect(step.stderr.contains("'owner..login' has an empty step"))
    }
}
