import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// What `lister pick` places around its list, as fzf 0.74.5 does (checked in tmux): no title
/// line and no status bar, the count on an info line between the prompt and the list, the
/// `--header` and `--header-lines` between the list and the info line.
@MainActor
@Suite struct PickChromeScreenTests {
    private func app(_ arguments: [String], input: String = (1...20).map(String.init).joined(separator: "\n"),
                     size: Size = Size(rows: 8, columns: 24)) async throws -> HeadlessApp {
        let options = try PickOptions.parse(arguments)
        let lines = input.split(separator: "\n").map { Array($0.utf8) }
        let header = Array(lines.prefix(options.headerLines))
        let rest = lines.dropFirst(options.headerLines).map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options, preloaded: LineStore(Array((rest + "\n").utf8)),
                                header: PickHeader(header))
        let app = HeadlessApp(root: screen, size: size)
        await app.start()
        await app.settle()
        return app
    }

    @Test func theDefaultLayoutIsTheListTheInfoLineAndThePrompt() async throws {
        let app = try await app([])
        // fzf: "▌ 6" … "▌ 1", "  20/20 ───", ">": no "pick" title above, no status bar below.
        #expect(app.lines == ["6", "5", "4", "3", "2", "1", "1/20 " + String(repeating: "─", count: 19), ">"], "\(app.screen)")
    }

    @Test func theHeaderAndTheHeaderLinesSitBetweenTheListAndTheInfoLine() async throws {
        let bottom = try await app(["--header=TTL", "--header-lines=1"])
        // fzf: the list ("2" the best, at its bottom), the header line "1", the header, the info line, the prompt.
        #expect(Array(bottom.lines.suffix(5)) == ["2", "1", "TTL", "1/19 " + String(repeating: "─", count: 19), ">"], "\(bottom.screen)")
        let top = try await app(["--header=TTL", "--header-lines=2", "--layout=reverse"])
        // fzf --layout=reverse: the prompt, the info line, the header, the header lines, the list.
        #expect(Array(top.lines.prefix(6)) == [">", "1/18 " + String(repeating: "─", count: 19), "TTL", "1", "2", "3"], "\(top.screen)")
    }

    @Test func aHeaderOfSeveralLinesKeepsTheirOrder() async throws {
        let app = try await app(["--header=one\ntwo", "--layout=reverse"])
        #expect(Array(app.lines.prefix(5)) == [">", "1/20 " + String(repeating: "─", count: 19), "one", "two", "1"], "\(app.screen)")
    }

    @Test func theSeparatorIsFzfs() async throws {
        let none = try await app(["--no-separator"])
        #expect(Array(none.lines.suffix(2)) == ["1/20", ">"], "\(none.screen)")
        let custom = try await app(["--separator=-="])
        #expect(Array(custom.lines.suffix(2)) == ["1/20 -=-=-=-=-=-=-=-=-=-", ">"], "\(custom.screen)")
        // --info=hidden: the separator alone; without a separator no line at all.
        let hidden = try await app(["--info=hidden"])
        #expect(Array(hidden.lines.suffix(3)) == ["1", String(repeating: "─", count: 24), ">"], "\(hidden.screen)")
        let bare = try await app(["--info=hidden", "--no-separator"])
        #expect(Array(bare.lines.suffix(2)) == ["1", ">"], "\(bare.screen)")
        #expect(bare.lines.first == "7")  // the row the info line took holds a list row
    }

    @Test func theInfoLineFollowsTheQuery() async throws {
        let app = try await app([])
        await app.type("1")
        #expect(Array(app.lines.suffix(2)) == ["1/11 of 20 " + String(repeating: "─", count: 13), "> 1"], "\(app.screen)")
    }
}
