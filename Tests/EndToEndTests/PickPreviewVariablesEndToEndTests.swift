import Foundation
import Testing

/// fzf's variables in the environment of `--preview` commands: the pane shows what fzf
/// 0.74.5's shows on the same input and keys (a screen, so seen in tmux; fzf's side skipped
/// with a note when it is missing).
@Suite struct PickPreviewVariablesEndToEndTests {
    private func pane(_ program: String) throws -> String {
        let session = try TmuxSession(
            shell: "printf '%s\\n' a1 a2 a3 a4 a5 | \(program) --preview 'echo q=$FZF_QUERY t=$FZF_TOTAL_COUNT m=$FZF_MATCH_COUNT p=$FZF_POS'",
            environment: ["LISTER_DEFAULT_OPTS": "", "FZF_DEFAULT_OPTS": ""])
        defer { session.close() }
        try session.waitFor("t=5")
        try session.type("a")
        try session.waitUntil("a filtered") { $0.contains("> a") }
        try session.sendKeys("Up")
        // The cursor moved: the command runs again and sees the new place.
        return try session.waitFor("q=a t=5 m=5 p=2")
    }

    /// What `FZF_PREVIEW_LINES` and `FZF_PREVIEW_COLUMNS` say in a pane above the list,
    /// which both programs lay out alike (beside the list, fzf's pane also spans the prompt's
    /// lines and ours does not: each then says its own pane's size).
    private func previewSize(_ program: String) throws -> String {
        let session = try TmuxSession(
            shell: "printf '%s\\n' a1 a2 | \(program) --preview-window=up,40% --preview 'echo size=$FZF_PREVIEW_LINES,$FZF_PREVIEW_COLUMNS.'",
            environment: ["LISTER_DEFAULT_OPTS": "", "FZF_DEFAULT_OPTS": ""])
        defer { session.close() }
        let screen = try session.waitUntil("the size shown") { $0.contains(/size=[0-9]+,[0-9]+\./) }
        return String(screen.firstMatch(of: /size=[0-9]+,[0-9]+\./)?.output ?? "")
    }

    @Test func thePreviewCommandSeesThePanesSize() throws {
        let ours = try previewSize(PaneScript.shellQuote(try TmuxSession.listerPath()) + " pick")
        #expect(ours.hasPrefix("size="), "\(ours)")
        guard let fzf = peerFzfPath() else {
            print(peerFzfMissingNote)
            return
        }
        #expect(try previewSize(PaneScript.shellQuote(fzf)) == ours)
    }

    @Test func thePreviewCommandSeesFzfsVariables() throws {
        _ = try pane(PaneScript.shellQuote(try TmuxSession.listerPath()) + " pick")
        guard let fzf = peerFzfPath() else {
            print(peerFzfMissingNote)
            return
        }
        _ = try pane(PaneScript.shellQuote(fzf))
    }
}
