import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// `--scrollbar[=CHAR]`: fzf's bar in the list's last column, `rows * rows / count` long,
/// placed as the rows shown are among all of them; none by default and with `--no-scrollbar`.
@MainActor
@Suite struct PickScrollbarTests {
    private func app(_ arguments: [String]) async throws -> HeadlessApp {
        let options = try PickOptions.parse(arguments + ["--layout=reverse"])
        let input = (1...40).map(String.init).joined(separator: "\n") + "\n"
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options, preloaded: LineStore(Array(input.utf8)))
        let app = HeadlessApp(root: screen, size: Size(rows: 12, columns: 20))
        await app.start()
        await app.settle()
        return app
    }

    /// The rows of the list (below the prompt and the info line) whose last column is the bar.
    private func bar(_ app: HeadlessApp, glyph: Character = "▐") -> [Int] {
        app.lines.indices.dropFirst(2).filter { app.lines[$0].count == 20 && app.lines[$0].last == glyph }
    }

    @Test func theBarShowsWhereTheRowsShownAre() async throws {
        let app = try await app(["--scrollbar=▐"])
        // 10 rows of 40: a bar of 10 * 10 / 40 = 2 lines, at the top.
        #expect(bar(app) == [2, 3], "\(app.screen)")
    }

    @Test func withoutAQueryTheListScrollsToTheSelectionAndTheBarFollows() async throws {
        // The picker's prompt is open with no query: the rows are drawn at the list's own
        // offset, which must follow the selection (it stayed at 0, the selection off screen).
        let app = try await app(["--scrollbar=▐"])
        for _ in 0..<39 { await app.press(.down) }
        #expect(app.lines[11].hasPrefix("40"), "\(app.screen)")
        #expect(bar(app) == [10, 11], "at the end, the bar at the bottom:\n\(app.screen)")
    }

    @Test func theBarMovesWithTheFirstRowShownAndGrowsUpwardWithTheList() {
        func column(offset: Int, upward: Bool) -> [Int] {
            var list = ListView(count: 40, selection: nil, scrollOffset: offset) { Text("\($0)") }
            list.scrollbar = "▐"
            list.growsUpward = upward
            var buffer = Buffer(size: Size(rows: 10, columns: 8))
            list.render(in: buffer.area, buffer: &buffer)
            return (0..<10).filter { buffer.lines[$0].hasSuffix("▐") }
        }
        #expect(column(offset: 0, upward: false) == [0, 1])
        #expect(column(offset: 15, upward: false) == [4, 5])  // (10 - 2) * 15 / 30
        #expect(column(offset: 30, upward: false) == [8, 9])  // the last page: at the bottom
        #expect(column(offset: 0, upward: true) == [8, 9])  // fzf's default layout: the first rows at the bottom
    }

    @Test func noBarByDefaultWithNoScrollbarOrWhenEverythingFits() async throws {
        #expect(bar(try await app([]), glyph: "│").isEmpty)
        #expect(bar(try await app(["--scrollbar", "--no-scrollbar"]), glyph: "│").isEmpty)
        let plain = try await app(["--scrollbar"])
        #expect(bar(plain, glyph: "│") == [2, 3], "\(plain.screen)")
        await plain.type("4")  // 4, 14, 24, 34: they fit
        #expect(bar(plain, glyph: "│").isEmpty, "\(plain.screen)")
        #expect(throws: (any Error).self) { try PickOptions.parse(["--scrollbar=ab"]) }
    }
}
