import Foundation
import Testing

/// A dotfile's line of fzf's look options in `LISTER_DEFAULT_OPTS` (`--header`, `--separator`,
/// `--hscroll-off`, `--preview-window` with a border style and `~N`, `--nth`): the picker
/// draws them on a real terminal as fzf 0.74.5 places them, and prints what fzf prints with
/// the same line in `FZF_DEFAULT_OPTS`.
@Suite struct PickLookEndToEndTests {
    private let dotfile = "--header=TTL --separator='-=' --hscroll-off=4 --nth=2 "
        + "--preview='printf \"P-head\\nP-{n}\\n\"' --preview-window='right,40%,~1,border-double'"
    private let input = "1 " + String(repeating: "a", count: 80) + "zz\n2 zzshort\n"

    /// Types `zz`; returns the lines before Enter, what was printed and the status.
    private func run(_ program: String, environment: [String: String]) throws -> (lines: [String], output: String, status: Int32) {
        let session = try TmuxSession(shell: "printf '\(input.replacingOccurrences(of: "\n", with: "\\n"))' | \(program)",
                                      columns: 60, rows: 10, environment: environment, captureStdout: true)
        defer { session.close() }
        try session.type("zz")
        // fzf counts "2/2", lister "1/2 of 2"; the preview of the best match (line 1, zz at a field's start).
        _ = try session.waitUntil("the matches and the preview") { ($0.contains("2/2") || $0.contains("1/2 of 2")) && $0.contains("P-1") }
        let lines = try session.lines()
        try session.sendKeys("Enter")
        let status = try session.waitForExit()
        return (lines, try session.standardOutput(), status)
    }

    @Test func aDotfileLineOfLookOptionsIsDrawnAsFzfPlacesItAndPrintsWhatFzfPrints() throws {
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath()) + " pick"
        let ours = try run(lister, environment: ["LISTER_DEFAULT_OPTS": dotfile])
        let screen = ours.lines.joined(separator: "\n")
        #expect(!ours.lines.contains("pick") && !screen.contains("? help"), "no title line, no status bar:\n\(screen)")
        let prompt = try #require(ours.lines.lastIndex { $0.hasPrefix("> zz") }, "\(screen)")
        #expect(prompt >= 2 && ours.lines[prompt - 1].hasPrefix("1/2 of 2 -=-="), "the info line above the prompt:\n\(screen)")
        #expect(ours.lines[prompt - 2].hasPrefix("TTL"), "--header between the list and the info line:\n\(screen)")
        // 36 columns beside the pane's box: the match at the line's end, its last 34 after "··".
        #expect(ours.lines.contains { $0.hasPrefix("··" + String(repeating: "a", count: 32) + "zz║") },
                "the long line shifted to its match:\n\(screen)")
        #expect(screen.contains("╔") && screen.contains("║ P-head"), "the preview in a double box:\n\(screen)")
        #expect(ours.output == "2 zzshort\n" && ours.status == 0, "\(ours.output) \(ours.status)")
        guard let fzf = peerFzfPath() else {
            print(peerFzfMissingNote)
            return
        }
        let theirs = try run(PaneScript.shellQuote(fzf), environment: ["FZF_DEFAULT_OPTS": dotfile, "LISTER_DEFAULT_OPTS": ""])
        #expect(ours.output == theirs.output && ours.status == theirs.status, "lister: \(ours.output) fzf: \(theirs.output)")
    }
}
