import Foundation
import Testing

/// Tables of many columns (issue 33): the first frame and a key cost what the columns in
/// view cost, so a 10,000-column file shows its rows, scrolls and quits at once (before,
/// its first frame took seconds and `q` waited for it: something per column was done once
/// per column).
@Suite struct WideTableEndToEndTests {
    static let columns = 10_000

    /// A header `c00001,…` and two rows `r1c00001,…`, `r2c00001,…`.
    static var csv: [UInt8] {
        let header = (1...columns).map { String(format: "c%05d", $0) }.joined(separator: ",")
        let rows = (1...2).map { row in (1...columns).map { String(format: "r%dc%05d", row, $0) }.joined(separator: ",") }
        return Array(([header] + rows).joined(separator: "\n").utf8) + [0x0A]
    }

    /// Two objects of 10,000 keys, `{"k00001": "r1k00001", …}`.
    static var json: [UInt8] {
        let objects = (1...2).map { row in
            "{" + (1...columns).map { String(format: "\"k%05d\": \"r%dk%05d\"", $0, row, $0) }.joined(separator: ", ") + "}"
        }
        return Array(("[" + objects.joined(separator: ",\n") + "]\n").utf8)
    }

    @Test func aFileOf10000ColumnsShowsItsRowsScrollsAndQuitsAtOnce() throws {
        let file = try temporaryInput(Self.csv, suffix: ".csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["csv", file.path])
        defer { session.close() }
        let screen = try session.waitFor("r2c00001")
        #expect(screen.contains("c00001") && screen.contains("r1c00001"))
        #expect(screen.contains("1/2"))
        try session.sendKeys(">")
        let scrolled = try session.waitForAbsence(of: "r1c00002")  // one column sideways
        #expect(scrolled.contains("r1c00001") && scrolled.contains("r1c00003"))  // the first column stays (frozen)
        try session.sendKeys("q")
        #expect(try session.waitForExit(timeout: .seconds(3)) == 0)
        #expect(try session.terminalState() == .restored)
    }

    @Test func aJSONArrayOfObjectsOf10000KeysShowsItsRowsAndEndsOnSIGTERM() throws {
        let file = try temporaryInput(Self.json, suffix: ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(lister: ["json", "--table", file.path])
        defer { session.close() }
        let screen = try session.waitFor("r2k00001")
        #expect(screen.contains("k00001") && screen.contains("r1k00001"))
        try session.sendKeys(">")
        // The table's side only: the preview pane beside it shows every key of the row.
        let scrolled = try session.waitUntil("the second column scrolled off") { screen in
            let table = screen.split(separator: "\n").map { $0.split(separator: "│").first ?? "" }
            return table.count > 2 && !table[1].contains("k00002") && !table[2].contains("r1k00002")
        }
        #expect(scrolled.contains("r1k00001") && scrolled.contains("r1k00003"))
        try session.kill(signal: SIGTERM)
        #expect(try session.waitForExit(timeout: .seconds(3)) == 143)
        #expect(try session.terminalState() == .restored)
    }
}
