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
        try session.waitFor("│Pa1")  // on the right, as --preview-window's default
        try session.sendKeys("C-a")
        try session.waitUntil("the pane hidden") { !$0.contains("Pa1") && $0.contains("c3") }
        try session.sendKeys("C-a")
        try session.waitUntil("the pane above the list, 2 lines high") { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count > 2 && lines[0] == "Pa1" && lines[2].hasPrefix("────")
        }
        try session.sendKeys("C-a")
        try session.waitUntil("the pane on the left, 10 columns wide") { $0.contains("Pa1       │") && $0.contains("│a1") }
        let screen = try session.screen()
        #expect(screen.contains("Pa1       │"), "the pane on the left, 10 columns wide:\n\(screen)")
        #expect(!screen.contains("│Pa1"), "no pane on the right any more:\n\(screen)")
    }
}
