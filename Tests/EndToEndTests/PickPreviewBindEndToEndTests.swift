import Foundation
import Testing

/// `--bind` actions that scroll the preview pane: seen on the screen (fzf's differ in how
/// they draw, so nothing is compared with it).
@Suite struct PickPreviewBindEndToEndTests {
    @Test func previewPageAndEndActionsScrollThePane() throws {
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath())
        let session = try TmuxSession(
            shell: "printf 'a1\\nb2\\nc3\\n' | \(lister) pick --preview 'seq 1001 1100' "
                + "--bind 'ctrl-a:preview-bottom,ctrl-b:preview-top,ctrl-f:preview-page-down,ctrl-e:preview-page-up'",
            environment: ["LISTER_DEFAULT_OPTS": ""])
        defer { session.close() }
        try session.waitFor("│ 1001")
        try session.sendKeys("C-a")
        try session.waitUntil("the last line shown, the first gone") { $0.contains("│ 1100") && !$0.contains("│ 1001") }
        try session.sendKeys("C-b")
        try session.waitUntil("back at the first line") { $0.contains("│ 1001") && !$0.contains("│ 1100") }
        try session.sendKeys("C-f")
        // A page down: the line after the last one shown before is now on top.
        // 24 rows: the prompt, the info line beside the list, the pane's box; 21 lines in it.
        let paged = try session.waitUntil("a page down") { !$0.contains("│ 1001") && $0.contains("│ 1022") && !$0.contains("│ 1021") }
        #expect(!paged.contains("│ 1100"))
        try session.sendKeys("C-e")
        try session.waitUntil("a page up, back at the first line") { $0.contains("│ 1001") }
    }
}
