import Foundation
import Testing

/// Mouse reports Lister does not use (a release, another button) must not stop the loop:
/// curses read the byte after one with a blocking `read`, and every result that came later
/// waited for the next key (issue 33).
@Suite struct MouseReportEndToEndTests {
    /// `S` sorts 60,000 rows off the main actor; a right click comes in the same write,
    /// before the result: the sorted rows show without another key.
    @Test func aSortFinishesAfterAnUnusedButtonIsClicked() throws {
        let (session, directory) = try Self.csvSession(rows: 60_000, prefix: "mouse-report")
        defer { session.close(); try? FileManager.default.removeItem(at: directory) }
        try session.waitFor("1/60000")
        // `S`, then the right button pressed and released (button codes 2 and 3, plus 32).
        try session.type("S\u{1B}[M\"&&\u{1B}[M#&&")
        let sorted = try session.waitUntil("the rows sorted by id, descending") {
            $0.contains("id ▼") && !$0.contains("sorting…")
        }
        #expect(sorted.contains("60000/60000"))  // the selection stays on id 0, now the last row
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// A click on a title as a hand makes it, the release in a write of its own: the rows
    /// sorted off the main actor show without another key.
    @Test func aSortStartedByAClickOnATitleIsDrawn() throws {
        let (session, directory) = try Self.csvSession(rows: 60_000, prefix: "mouse-title")
        defer { session.close(); try? FileManager.default.removeItem(at: directory) }
        try session.waitFor("1/60000")
        try session.mouse(.press, column: 1, row: 1)  // "id"
        try session.mouse(.release, column: 1, row: 1)
        try session.waitFor("id ▲")
        try session.mouse(.press, column: 1, row: 1)  // again: descending
        try session.mouse(.release, column: 1, row: 1)
        let sorted = try session.waitUntil("the rows sorted by id, descending") {
            $0.contains("id ▼") && !$0.contains("sorting…")
        }
        #expect(sorted.contains("60000/60000"))  // the selection stays on id 0, now the last row
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// A double click read in one go (two presses and their releases in one write) is two
    /// presses to the runtime, so the row opens: curses has the four reports behind one
    /// `KEY_MOUSE`, newest first, and each is taken.
    @Test func aDoubleClickReadInOneGoOpensTheRow() throws {
        let (session, directory) = try Self.csvSession(rows: 50, prefix: "mouse-double")
        defer { session.close(); try? FileManager.default.removeItem(at: directory) }
        try session.waitFor("1/50")
        let click = "\u{1B}[M &&\u{1B}[M#&&"  // column 5, row 5: the row of id 3
        try session.type(click + click)
        let opened = try session.waitFor("› row 4")
        #expect(opened.contains("id   : 3"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// `lister csv` in tmux (60 columns, 12 rows) on a scores file of `rows` rows, in a
    /// temporary directory the caller removes.
    static func csvSession(rows: Int, prefix: String) throws -> (TmuxSession, URL) {
        let directory = try ChildProcess.makeTemporaryDirectory(prefix: prefix)
        let path = directory.appendingPathComponent("scores.csv").path
        try DifferentialEndToEndTests.csv(rows: rows).write(toFile: path, atomically: true, encoding: .utf8)
        return (try TmuxSession(lister: ["csv", path], columns: 60, rows: 12), directory)
    }
}
