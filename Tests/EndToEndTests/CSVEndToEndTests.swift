import Foundation
import Testing

/// `lister csv`: a table of a file or of standard input, a row's detail, `--pick`.
@Suite struct CSVEndToEndTests {
    /// A header, a quoted comma and doubled quotes, a newline inside quotes (CRLF), a
    /// ragged row and a bad quote.
    static let input = Array((
        "name,city,note\r\n" + "Ada,London,\"says \"\"hi\"\"\"\r\n" + "Bob,\"New\r\nYork\",\"a, b\"\r\n"
            + "Cyd,Paris\r\n" + "Eve,Ba\"d,ok\r\n").utf8)

    @Test func aFileIsATableWithItsHeaderAndItsProblemsCounted() throws {
        let file = try temporaryInput(Self.input, suffix: ".csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["csv", file.path])
        defer { session.close() }
        let screen = try session.waitFor("1 ragged row · 1 bad quote · first: row 3")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasPrefix("name  city      note"))
        #expect(lines[2].hasPrefix("Ada   London    says \"hi\""))
        #expect(lines[3].hasPrefix("Bob   New↵York  a, b"))
        #expect(lines.contains { $0.hasPrefix("1/4") })
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test func enterShowsTheRowAsColumnValueLines() throws {
        let file = try temporaryInput(Self.input, suffix: ".csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["csv", file.path])
        defer { session.close() }
        try session.waitFor("1/4")
        try session.sendKeys("Down", "Enter")
        let screen = try session.waitFor("› row 2")
        #expect(screen.contains("name: Bob"))
        #expect(screen.contains("city: New\n      York"))
        #expect(screen.contains("note: a, b"))
        try session.sendKeys("Escape")
        try session.waitFor("2/4")
        try session.sendKeys("Down", "Enter")
        #expect(try session.waitFor("› row 3").contains("note: (missing)"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func standardInputIsReadAndPickPrintsTheRecordAsRead() throws {
        let file = try temporaryInput(Self.input, suffix: ".csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let lister = try TmuxSession.listerPath()
        let session = try TmuxSession(shell: "cat '\(file.path)' | exec '\(lister)' csv --pick", captureStdout: true)
        defer { session.close() }
        try session.waitFor("1/4")
        try session.sendKeys("Down")
        try session.waitFor("2/4")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.standardOutputBytes() == Array("Bob,\"New\r\nYork\",\"a, b\"\r\n".utf8))
        #expect(try session.terminalState() == .restored)
    }

    @Test func aTSVFileWithoutHeaderHasLetteredColumns() throws {
        let file = try temporaryInput(Array("1\tx,y\n2\tz\n".utf8), suffix: ".tsv")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["csv", "--no-header", file.path])
        defer { session.close() }
        let lines = try session.waitFor("1/2").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasPrefix("A  B"))
        #expect(lines[2].hasPrefix("1  x,y"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// Sorting by `s` and by clicks on a title, then filtering: the matches keep the order
    /// shown, and the filter reads the records as they are (a query across a comma).
    @Test func sortByKeyAndByClickThenFilter() throws {
        let file = try temporaryInput(Array("name,size\nbeta,20\nalpha,3\ngamma,100\ndelta,7\n".utf8), suffix: ".csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["csv", file.path])
        defer { session.close() }
        try session.waitFor("1/4")
        /// The first word of the rows shown, top to bottom.
        func names() throws -> [String] {
            try session.lines().dropFirst(2).compactMap { line in
                let name = line.split(separator: " ").first.map(String.init) ?? ""
                return ["alpha", "beta", "gamma", "delta"].contains(name) ? name : nil
            }
        }
        try session.sendKeys("s")
        try session.waitFor("name ▲")
        #expect(try names() == ["alpha", "beta", "delta", "gamma"])
        let header = try session.lines()[1]
        let sizeColumn = header.distance(from: header.startIndex, to: try #require(header.range(of: "size")).lowerBound)
        try session.click(column: sizeColumn, row: 1)
        try session.waitFor("size ▲")
        #expect(try names() == ["alpha", "delta", "beta", "gamma"])
        try session.click(column: sizeColumn, row: 1)
        try session.waitFor("size ▼")
        #expect(try names() == ["gamma", "beta", "delta", "alpha"])
        try session.sendKeys("/")
        try session.type("ta,")
        try session.waitFor("1/2 of 4")  // the selection stayed on beta
        #expect(try names() == ["beta", "delta"])
        try session.sendKeys("Escape")
        try session.waitFor("2/4")
        #expect(try names() == ["gamma", "beta", "delta", "alpha"])
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }
}
