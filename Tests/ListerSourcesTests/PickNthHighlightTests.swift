import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// With `--nth`, the characters highlighted are those the matcher found in the searched
/// fields, as fzf 0.74.5 marks them (checked in tmux: `abc abc` with `--nth 2` and the query
/// `abc` has its second word marked only).
@MainActor
@Suite struct PickNthHighlightTests {
    private func app(_ arguments: [String], input: String) async throws -> HeadlessApp {
        let options = try PickOptions.parse(arguments + ["--layout=reverse", "--color=hl:2,hl+:3"])
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options, preloaded: LineStore(Array(input.utf8)))
        let app = HeadlessApp(root: screen, size: Size(rows: 6, columns: 30))
        await app.start()
        await app.settle()
        return app
    }

    /// The columns of row `row` drawn in a match's colour (2, or 3 on the selected row).
    private func marked(_ app: HeadlessApp, row: Int) -> [Int] {
        guard let frame = app.frame else { return [] }
        return (0..<30).filter { [.indexed(2), .indexed(3)].contains(frame[row, $0].style.foreground) }
    }

    @Test func onlyTheMatchInTheSearchedFieldIsMarked() async throws {
        let app = try await app(["--nth", "2"], input: "abc abc\nxab abc\n")
        await app.type("abc")
        #expect(app.lines[2] == "abc abc" && app.lines[3] == "xab abc", "\(app.screen)")
        #expect(marked(app, row: 2) == [4, 5, 6])
        #expect(marked(app, row: 3) == [4, 5, 6])
    }

    @Test func termsAreMarkedInTheFieldsWhereTheyMatched() async throws {
        // Field 1 is searched for each term first: "b" there, "x" in field 3.
        let app = try await app(["--nth", "1,3", "-d", ","], input: "ab,xb,bx\n")
        await app.type("b x")
        #expect(app.lines[2] == "ab,xb,bx", "\(app.screen)")
        #expect(marked(app, row: 2) == [1, 7])
    }

    @Test func withoutFieldsTheBestMatchIsMarkedAsBefore() async throws {
        let app = try await app([], input: "xab abc\n")
        await app.type("abc")
        #expect(marked(app, row: 2) == [4, 5, 6])
    }
}
