import Foundation
import Testing

/// A dotfile's line of look options in `LISTER_DEFAULT_OPTS` (`--color` with hex colours,
/// attributes and a base scheme, `--info=inline`, `--border`, `--pointer`): the picker
/// draws its colours on a real terminal, and prints what fzf 0.74.5 prints with the same
/// line in `FZF_DEFAULT_OPTS`.
@Suite struct PickColorEndToEndTests {
    private let dotfile = "--color='fg:#d0d0d0,bg:-1,hl:#5f87af' --color 'hl+:red:bold,pointer:208,info:144' "
        + "--info=inline --border --pointer='▶' --marker='✓' --multi"

    /// Types `2`, marks two lines, accepts; returns the screen (with escapes) before Enter,
    /// what was printed and the status.
    private func run(_ program: String, environment: [String: String]) throws -> (screen: String, output: String, status: Int32) {
        let session = try TmuxSession(shell: "seq 10 30 | \(program)", columns: 60, rows: 14, environment: environment,
                                      captureStdout: true)
        defer { session.close() }
        _ = try session.waitUntil("the count") { $0.contains("/21") }
        try session.type("2")
        // fzf counts "11/21", lister "1/11 of 21".
        _ = try session.waitUntil("the count of eleven") { $0.contains("11/21") || $0.contains("/11 of 21") }
        try session.sendKeys("Tab")  // marks the best match, at the bottom: it stays there
        try session.sendKeys("Up")
        try session.sendKeys("Tab")
        _ = try session.waitUntil("two marks") { $0.contains("2 marked") || $0.contains("(2)") }
        let screen = try session.screen(escapes: true)
        try session.sendKeys("Enter")
        let status = try session.waitForExit()
        return (screen, try session.standardOutput(), status)
    }

    @Test func aDotfileLineOfColoursIsDrawnAndPrintsWhatFzfPrints() throws {
        let lister = PaneScript.shellQuote(try TmuxSession.listerPath()) + " pick"
        let ours = try run(lister, environment: ["LISTER_DEFAULT_OPTS": dotfile])
        // The 256-colour codes of the hex colours (nearest of 256), the pointer, hl+ in red and bold.
        #expect(ours.screen.contains("38;5;67m"), "hl #5f87af as 67: \(ours.screen)")
        #expect(ours.screen.contains("38;5;252m"), "fg #d0d0d0 as 252: \(ours.screen)")
        #expect(ours.screen.contains("38;5;208m"), "the pointer in 208: \(ours.screen)")
        #expect(ours.screen.contains("38;5;144m"), "the count in 144: \(ours.screen)")
        #expect(ours.screen.contains(" < "), "--info=inline after the query: \(ours.screen)")
        #expect(ours.screen.contains("╭"), "--border: \(ours.screen)")
        #expect(ours.status == 0)
        guard let fzf = peerFzfPath() else {
            print(peerFzfMissingNote)
            return
        }
        let theirs = try run(PaneScript.shellQuote(fzf), environment: ["FZF_DEFAULT_OPTS": dotfile, "LISTER_DEFAULT_OPTS": ""])
        #expect(ours.output == theirs.output && ours.status == theirs.status, "lister: \(ours.output) fzf: \(theirs.output)")
    }
}
