import Foundation
import Testing

/// `--bind 'KEY:change-preview-window(A|B|…)'`: each press puts the next alternative in
/// place (each over `--preview-window`), `hidden` hiding the pane.
@Suite struct PickChangePreviewWindowEndToEndTests {
    @Test func thePaneCyclesThroughTheAlternatives() throws {
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let session = try TmuxSession(
            shell: "printf 'a1\\nb2\\nc3\\n' | \(lister) pick --preview 'echo P{}' --bind 'ctrl-a:change-preview-window(hidden|up,2|left,10)'",
            columns: 40, rows: 8, environment: ["LISTER_DEFAULT_OPTS": ""])
        defer { session.close() }
        try session.waitFor("│ Pa1")  // on the right in a rounded box, as --preview-window's default
        try session.sendKeys("C-a")
        try session.waitUntil("the pane hidden") { !$0.contains("Pa1") && $0.contains("c3") }
        try session.sendKeys("C-a")
        try session.waitUntil("the pane above the list, 2 lines high") { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count > 3 && lines[0].hasPrefix("╭──") && lines[1].hasPrefix("│ Pa1") && lines[3].hasPrefix("╰──")
        }
        try session.sendKeys("C-a")
        // 10 columns of text in the box (fzf counts the border out of the size).
        let pane = "│ Pa1" + String(repeating: " ", count: 8) + "│", beside = "│" + String(repeating: " ", count: 12) + "│a1"
        try session.waitUntil("the pane on the left, 10 columns wide") { $0.contains(pane) && $0.contains(beside) }
        let screen = try session.screen()
        #expect(screen.contains(pane) && screen.contains(beside), "the pane on the left, 10 columns wide:\n\(screen)")
        #expect(screen.components(separatedBy: "Pa1").count == 2, "one pane, on the left:\n\(screen)")
    }
}
