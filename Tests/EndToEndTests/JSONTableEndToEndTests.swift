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
