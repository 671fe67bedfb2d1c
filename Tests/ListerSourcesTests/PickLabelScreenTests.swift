import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// fzf's `--border-label-pos`, `--preview-label`, `--preview-label-pos` and `--min-height`,
/// drawn and sized as fzf 0.74.5 does on the same input (checked side by side in tmux).
@MainActor
@Suite struct PickLabelScreenTests {
    private func app(_ arguments: [String], size: Size = Size(rows: 8, columns: 40)) async throws -> HeadlessApp {
        let options = try PickOptions.parse(arguments)
        var lines = LinesScreen(input: .standardInput)
        lines.previewCommand = options.preview
        lines.previewWindow = options.previewWindow
        let screen = PickScreen(lines: lines, options: options, preloaded: LineStore(Array("a1\na2\na3\n".utf8)))
        let app = HeadlessApp(root: screen, size: size)
        await app.start()
        await app.settle()
        return app
    }

    @Test func theBorderLabelGoesWhereItsPositionSays() async throws {
        let centred = try await app(["--border", "--border-label=LAB"])
        #expect(centred.lines[0] == "╭" + String(repeating: "─", count: 17) + "LAB" + String(repeating: "─", count: 18) + "╮", "\(centred.screen)")
        let left = try await app(["--border", "--border-label=LAB", "--border-label-pos=3"])
        #expect(left.lines[0].hasPrefix("╭─LAB──"), "\(left.screen)")
        let first = try await app(["--border", "--border-label=LAB", "--border-label-pos", "1"])
        #expect(first.lines[0].hasPrefix("LAB──"), "\(first.screen)")
        let right = try await app(["--border", "--border-label=LAB", "--border-label-pos=-3:bottom"])
        #expect(right.lines[7].hasSuffix("──LAB─╯") && right.lines[0] == "╭" + String(repeating: "─", count: 38) + "╮", "\(right.screen)")
        let last = try await app(["--border", "--border-label=LAB", "--border-label-pos=-1"])
        #expect(last.lines[0].hasSuffix("─LAB"), "\(last.screen)")
    }

    @Test func aLabelAskedOnAMissingLineFollowsFzf() async throws {
        // A top-only border has no bottom line: fzf draws no label; a bottom-only border
        // takes a top label on its bottom line.
        let top = try await app(["--border=top", "--border-label=LAB", "--border-label-pos=2:bottom"])
        #expect(!top.screen.contains("LAB"), "\(top.screen)")
        let bottom = try await app(["--border=bottom", "--border-label=LAB", "--border-label-pos=4"])
        #expect(bottom.lines[7].hasPrefix("───LAB──"), "\(bottom.screen)")
    }

    @Test func thePreviewLabelIsOnThePanesBorder() async throws {
        let app = try await app(["--preview", "true", "--preview-label=PV", "--preview-label-pos=2"])
        #expect(app.lines[0].hasSuffix("╭PV" + String(repeating: "─", count: 16) + "╮"), "\(app.screen)")
        let bottom = try await self.app(["--preview", "true", "--preview-window=up,border-bottom", "--preview-label=PV",
                                         "--preview-label-pos=2:bottom"])
        #expect(bottom.screen.contains("─PV───"), "\(bottom.screen)")
    }

    @Test func noUnicodeDrawsBordersDividersAndTheSeparatorInASCII() async throws {
        let arguments = ["--border", "--border-label=L", "--preview", "true", "--scrollbar", "--no-unicode"]
        let ascii = try await app(arguments)
        #expect(ascii.lines[0] == "+" + String(repeating: "-", count: 18) + "L" + String(repeating: "-", count: 19) + "+", "\(ascii.screen)")
        #expect(ascii.lines[1].hasPrefix("|") && ascii.lines[1].hasSuffix("|"), "\(ascii.screen)")
        #expect(ascii.lines[1].contains("+-----"), "the preview's box: \(ascii.screen)")
        #expect(ascii.lines[5].contains("1/3 ---"), "the separator: \(ascii.screen)")
        let asciiScreen = ascii.screen
        #expect(asciiScreen.unicodeScalars.allSatisfy { $0.isASCII }, "\(asciiScreen)")
        let divider = try await app(["--preview", "true", "--preview-window=border-line", "--no-unicode"])
        #expect(divider.lines[0].contains("|"), "\(divider.screen)")
        let dividerScreen = divider.screen
        #expect(dividerScreen.unicodeScalars.allSatisfy { $0.isASCII }, "\(dividerScreen)")
        let unicode = try await app(arguments + ["--unicode"])
        #expect(unicode.lines[0].hasPrefix("╭"), "\(unicode.screen)")
    }

    @Test func badPositionsAreRefusedByName() {
        for bad in ["x", "2:middle", ":bottom"] {
            #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--border-label-pos=" + bad]) }
            #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--preview-label-pos=" + bad]) }
        }
        #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--min-height=x"]) }
    }

    @Test func minHeightSetsTheFewestRowsOfAPercentage() throws {
        #expect(try PickOptions.parse(["--height=10%", "--min-height=4"]).height?.rows(onScreenOf: 30) == 4)
        #expect(try PickOptions.parse(["--min-height", "20", "--height=10%"]).height?.rows(onScreenOf: 30) == 20)
        // 5+: five rows of the list, the prompt and the info line (and a border's two lines).
        #expect(try PickOptions.parse(["--height=10%", "--min-height=5+"]).height?.rows(onScreenOf: 30) == 7)
        #expect(try PickOptions.parse(["--height=10%", "--min-height=5+", "--border", "--info=inline"]).height?.rows(onScreenOf: 30) == 8)
        // Never more than the screen; a height in rows ignores it, as fzf's.
        #expect(try PickOptions.parse(["--height=10%", "--min-height=50"]).height?.rows(onScreenOf: 30) == 30)
        #expect(try PickOptions.parse(["--height=3", "--min-height=50"]).height?.rows(onScreenOf: 30) == 3)
        // Without it, a percentage keeps 10 rows at least, as before.
        #expect(try PickOptions.parse(["--height=10%"]).height?.rows(onScreenOf: 30) == 10)
    }
}
