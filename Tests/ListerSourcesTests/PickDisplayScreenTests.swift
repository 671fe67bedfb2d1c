import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// fzf's options about how rows are drawn (`--scroll-off`, `--header-first`, `--tabstop`,
/// `--ellipsis`, `--highlight-line`, `--no-bold`), each drawn as fzf 0.74.5 draws it on the
/// same input (checked side by side in tmux).
@MainActor
@Suite struct PickDisplayScreenTests {
    private func app(_ arguments: [String], input: String, size: Size = Size(rows: 10, columns: 40)) async throws -> HeadlessApp {
        let options = try PickOptions.parse(arguments)
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options, preloaded: LineStore(Array(input.utf8)))
        let app = HeadlessApp(root: screen, size: size)
        await app.start()
        await app.settle()
        return app
    }

    private static let hundred = (1...100).map(String.init).joined(separator: "\n") + "\n"

    @Test func theCursorKeepsThreeRowsBelowItByDefault() async throws {
        // 10 lines: prompt, info, 8 rows. Down 6 times: fzf shows 3 to 10, the cursor on 7.
        let app = try await app(["--layout=reverse"], input: Self.hundred)
        for _ in 0..<6 { await app.press(.down) }
        #expect(app.lines[2] == "3" && app.lines[9] == "10", "\(app.screen)")
    }

    @Test func scrollOffZeroScrollsOnlyAtTheEdge() async throws {
        let app = try await app(["--layout=reverse", "--scroll-off=0"], input: Self.hundred)
        for _ in 0..<8 { await app.press(.down) }
        #expect(app.lines[2] == "2" && app.lines[9] == "9", "\(app.screen)")
    }

    @Test func scrollOffIsAtMostHalfTheList() async throws {
        // 8 rows, 10 asked: 4 kept, the rows below winning as in fzf: Down once shows 1 to 8
        // (at the top there is nothing to keep above), Down 5 times 2 to 9.
        let app = try await app(["--layout=reverse", "--scroll-off", "10"], input: Self.hundred)
        for _ in 0..<5 { await app.press(.down) }
        #expect(app.lines[2] == "3" && app.lines[9] == "10", "\(app.screen)")
    }

    @Test func scrollOffKeepsRowsAboveTheCursorUpward() async throws {
        // The default layout: the best row at the bottom. The next row 6 times (Down here:
        // `lister pick` binds Up to it in this layout, the screen alone does not).
        let app = try await app(["--scroll-off=2"], input: Self.hundred)
        for _ in 0..<6 { await app.press(.down) }
        // 8 rows shown upward: 7 is the cursor, 2 rows above it: the top shows 9.
        #expect(app.lines[0] == "9" && app.lines[7] == "2", "\(app.screen)")
    }

    @Test func headerFirstPutsTheHeaderBeyondThePrompt() async throws {
        let input = "a\nb\n"
        let down = try await app(["--header", "H1\nH2", "--header-first"], input: input, size: Size(rows: 8, columns: 30))
        #expect(down.lines[5] == ">" && down.lines[6] == "H1" && down.lines[7] == "H2", "\(down.screen)")
        let reverse = try await app(["--header", "H1\nH2", "--header-first", "--reverse"], input: input, size: Size(rows: 8, columns: 30))
        #expect(reverse.lines[0] == "H1" && reverse.lines[1] == "H2" && reverse.lines[2] == ">", "\(reverse.screen)")
        #expect(reverse.lines[4] == "a", "\(reverse.screen)")
    }

    @Test func headerFirstWithInlineInfoKeepsTheCountOnThePromptLine() async throws {
        let app = try await app(["--header", "HDR", "--header-first", "--info=inline"], input: "a\nb\n", size: Size(rows: 6, columns: 30))
        #expect(app.lines[4].hasPrefix(">   < 1/2"), "\(app.screen)")
        #expect(app.lines[5] == "HDR", "\(app.screen)")
    }

    @Test func tabstopExpandsTabsToItsStops() async throws {
        let app = try await app(["--reverse", "--tabstop=4"], input: "a\tb\tc\nxx\tyy\n")
        #expect(app.lines[2] == "a   b   c" && app.lines[3] == "xx  yy", "\(app.screen)")
        let eight = try await self.app(["--reverse"], input: "a\tb\n")
        #expect(eight.lines[2] == "a       b", "\(eight.screen)")
    }

    @Test func ellipsisMarksACutRow() async throws {
        let long = "long " + String(repeating: "q", count: 60) + "\n"
        let app = try await app(["--reverse", "--ellipsis=>>"], input: long)
        #expect(app.lines[2] == "long " + String(repeating: "q", count: 33) + ">>", "\(app.screen)")
        let none = try await self.app(["--reverse", "--ellipsis", ""], input: long)
        #expect(none.lines[2] == "long " + String(repeating: "q", count: 35), "\(none.screen)")
    }

    @Test func highlightLineFillsTheSelectedRow() async throws {
        let plain = try await app(["--reverse"], input: "ab\ncd\n")
        #expect(plain.frame?[2, 0].style.attributes.contains(.reverse) == true)
        #expect(plain.frame?[2, 20].style.attributes.contains(.reverse) == false)
        let whole = try await app(["--reverse", "--highlight-line"], input: "ab\ncd\n")
        #expect(whole.frame?[2, 39].style.attributes.contains(.reverse) == true)
        #expect(whole.frame?[3, 20].style.attributes.contains(.reverse) == false)
    }

    @Test func noBoldDrawsNothingBold() async throws {
        for arguments in [["--reverse"], ["--reverse", "--color=dark"]] {
            let bold = try await app(arguments + ["-q", "a"], input: "ab\nac\n")
            let cells = (0..<4).flatMap { row in (0..<40).map { bold.frame![row, $0].style } }
            #expect(cells.contains { $0.attributes.contains(.bold) }, "\(arguments)")
            let none = try await app(arguments + ["-q", "a", "--no-bold"], input: "ab\nac\n")
            let plain = (0..<4).flatMap { row in (0..<40).map { none.frame![row, $0].style } }
            #expect(!plain.contains { $0.attributes.contains(.bold) }, "\(arguments)")
        }
    }

    @Test func badValuesAreRefusedByName() {
        #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--scroll-off=x"]) }
        #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--tabstop=0"]) }
        #expect((try? PickOptions.parse(["--tabstop"])) == nil)
    }
}
