import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// fzf's `--preview-window border-STYLE` and `~N`, as the pane draws them (the characters
/// read from fzf 0.74.5's screen in tmux).
@MainActor
@Suite struct PreviewBorderTests {
    let loader = ScriptedLoader<PreviewText>()

    private func app(_ placement: PreviewPlacement, lines: [String] = ["about"]) async -> HeadlessApp {
        let app = HeadlessApp(root: PreviewedFruits(placement: placement, loader: loader), size: Size(rows: 8, columns: 50))
        await app.start()
        loader.succeed(PreviewText(lines: lines.map { Text($0) }))
        await app.settle()
        return app
    }

    /// The pane's columns (30-49: 40% of 50) of the body's rows (1-6).
    private func pane(_ app: HeadlessApp) -> [String] {
        app.lines[1...6].map { String($0.dropFirst(30)) }
    }

    @Test func aBoxIsDrawnAroundThePaneWithABlankColumnInside() async {
        var placement = PreviewPlacement.right(.percent(40))
        placement.border = .rounded
        let rounded = pane(await app(placement))
        #expect(rounded.first == "╭" + String(repeating: "─", count: 18) + "╮")
        #expect(rounded[1] == "│ about" + String(repeating: " ", count: 12) + "│")
        #expect(rounded.last == "╰" + String(repeating: "─", count: 18) + "╯")
        placement.border = .block
        let block = pane(await app(placement))
        #expect(block.first == "▛" + String(repeating: "▀", count: 18) + "▜" && block[1].hasPrefix("▌ about") && block[1].hasSuffix("▐"))
        #expect(block.last == "▙" + String(repeating: "▄", count: 18) + "▟")
        placement.border = .thinblock
        let thin = pane(await app(placement))
        #expect(thin.first == "🭽" + String(repeating: "▔", count: 18) + "🭾" && thin[1].hasPrefix("▏ about"), "\(thin)")
    }

    @Test func lineStylesDrawOnlyTheirSides() async {
        var placement = PreviewPlacement.right(.percent(40))
        placement.border = .left
        let left = pane(await app(placement))
        #expect(left[0] == "│ about" && left[1] == "│", "\(left)")
        placement.border = .horizontal
        let horizontal = pane(await app(placement))
        #expect(horizontal[0] == String(repeating: "─", count: 20) && horizontal[1] == "about" && horizontal[5] == horizontal[0],
                "\(horizontal)")
    }

    @Test func headerLinesStayWhileTheRestScrolls() async {
        var placement = PreviewPlacement.right(.percent(40))
        placement.headerLines = 2
        let app = await app(placement, lines: (1...30).map(String.init))
        for _ in 0..<3 { await app.press(.shiftDown) }
        // fzf 0.74.5 with ~2 after three preview-down: 1, 2, then 6 on.
        #expect(pane(app).prefix(4) == ["│1", "│2", "│6", "│7"], "\(app.screen)")
    }
}
