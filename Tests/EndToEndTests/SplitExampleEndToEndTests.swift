import Foundation
import Testing

/// `Examples/Split`: two lists side by side in a real terminal, each loading on its own
/// (the planets slowly, the moons failing once); Tab moves the focus, and a key changes
/// only the focused list; a click focuses the list under it.
@Suite struct SplitExampleEndToEndTests {
    @Test func tabMovesTheFocusAndAKeyInTheRightListChangesOnlyIt() throws {
        let session = try TmuxSession(arguments: [try TmuxSession.examplePath("Split")], columns: 80, rows: 14)
        defer { session.close() }
        try session.waitFor("The moon server did not answer")  // the right list failed on its own
        try session.waitFor("Jupiter")  // the left one came later
        var screen = try session.waitFor("1/5")
        #expect(screen.contains("▸ Planets"))
        try session.sendKeys("Tab")
        screen = try session.waitFor("▸ Moons")
        #expect(screen.contains("0/0   error"))  // the status is the focused list's
        try session.sendKeys("r")  // retries the right list only
        try session.waitFor("Titan")
        try session.sendKeys("j", "j")
        try session.waitFor("3/8")
        try session.sendKeys("Tab")
        screen = try session.waitFor("▸ Planets")
        #expect(screen.contains("1/5"))  // the left list did not move
        try session.sendKeys("Enter")  // opens from the left list
        try session.waitFor("Sky › Mercury")
        try session.sendKeys("Escape")  // alone: Esc then Tab at once would read as Alt-Tab
        try session.waitForAbsence(of: "Sky › Mercury")
        try session.sendKeys("Tab")
        try session.waitFor("▸ Moons")
        try session.sendKeys("Enter")  // and from the right one, still on Deimos
        try session.waitFor("Sky › Deimos")
        try session.sendKeys("Escape")
        try session.waitForAbsence(of: "Sky › Deimos")
        try session.click(column: 2, row: 4)  // Earth, in the left list: it takes the focus
        screen = try session.waitFor("3/5")
        #expect(screen.contains("▸ Planets"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalState() == .restored)
    }
}
