import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// A row wider than the picker, cut as fzf 0.74.5 cuts it (checked in tmux on the same
/// lines): `··` where text was cut, and a row whose match lies past the right edge shifted
/// so that the match shows, `--hscroll-off` columns before the end (at most half the room).
@MainActor
@Suite struct PickHScrollScreenTests {
    private static let long = String(repeating: "a", count: 54) + "XYZ" + String(repeating: "b", count: 31)
    private static let input = [long, "short XYZ", "XYZ " + String(repeating: "c", count: 64)].joined(separator: "\n") + "\n"

    private func rows(_ arguments: [String], query: String = "XYZ") async throws -> [String] {
        let options = try PickOptions.parse(arguments + ["--layout=reverse"])
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options,
                                preloaded: LineStore(Array(Self.input.utf8)))
        let app = HeadlessApp(root: screen, size: Size(rows: 6, columns: 40))
        await app.start()
        await app.settle()
        await app.type(query)
        return Array(app.lines.dropFirst(2).prefix(3))
    }

    @Test func aMatchPastTheEdgeIsShiftedIntoView() async throws {
        let rows = try await rows([])
        // The match ends at column 57; 10 more columns shown, then `··`: 33 of the line after `··`.
        #expect(rows.contains("··" + String(repeating: "a", count: 23) + "XYZ" + String(repeating: "b", count: 10) + "··"), "\(rows)")
        // A match inside the room: the row is cut at its end, as fzf's `··`.
        #expect(rows.contains("XYZ " + String(repeating: "c", count: 34) + "··"), "\(rows)")
        #expect(rows.contains("short XYZ"), "\(rows)")
    }

    @Test func theOffsetIsAtMostHalfTheRoom() async throws {
        let three = try await rows(["--hscroll-off", "3"])
        #expect(three.contains("··" + String(repeating: "a", count: 30) + "XYZbbb··"), "\(three)")
        // 20 asked, 40 / 2 - 2 = 18 kept, as fzf.
        let twenty = try await rows(["--hscroll-off=20"])
        #expect(twenty.contains("··" + String(repeating: "a", count: 15) + "XYZ" + String(repeating: "b", count: 18) + "··"), "\(twenty)")
    }

    @Test func aMatchAtTheEndNeedsNoRightCut() async throws {
        let options = try PickOptions.parse(["--layout=reverse"])
        let line = String(repeating: "a", count: 54) + "XYZ"
        let screen = PickScreen(lines: LinesScreen(input: .standardInput), options: options, preloaded: LineStore(Array((line + "\n").utf8)))
        let app = HeadlessApp(root: screen, size: Size(rows: 4, columns: 40))
        await app.start()
        await app.settle()
        await app.type("XYZ")
        #expect(app.lines[2] == "··" + String(repeating: "a", count: 35) + "XYZ", "\(app.screen)")
    }

    @Test func noHScrollCutsEveryRowAtItsEnd() async throws {
        let rows = try await rows(["--no-hscroll"])
        #expect(rows.contains(String(repeating: "a", count: 38) + "··"), "\(rows)")
    }

    @Test func keepRightShowsTheEndOfARowWithoutAMatch() async throws {
        let rows = try await rows(["--keep-right"], query: "")
        #expect(rows.contains("··" + String(repeating: "c", count: 38)), "\(rows)")
        #expect(rows.contains("··aaaaXYZ" + String(repeating: "b", count: 31)), "\(rows)")
    }

    @Test func aBadOffsetIsRefusedByName() {
        #expect(throws: (any Error).self) { try PickOptions.parse(["--hscroll-off", "x"]) }
    }
}

/// ``HScrollRow`` cutting wide characters: never half of one on either side.
@MainActor
@Suite struct HScrollRowTests {
    @Test func aWideCharacterCutOnEitherSideBecomesABlank() {
        // 20 wide characters (40 columns), the match at the end, in 12 columns.
        let text = Text(String(repeating: "日", count: 19) + "X")
        var buffer = Buffer(size: Size(rows: 1, columns: 12))
        HScrollRow(text, query: FilterQuery("X"), offset: 0).render(in: buffer.area, buffer: &buffer)
        let line = buffer.lines[0]
        #expect(DisplayWidth.of(line) <= 12)
        #expect(line.hasPrefix("··") && line.hasSuffix("日X"), "\(line)")
        var start = Buffer(size: Size(rows: 1, columns: 7))
        HScrollRow(text, query: nil, offset: 10).render(in: start.area, buffer: &start)
        #expect(start.lines[0] == "日日 ··", "\(start.lines[0])")  // 5 columns of text: the third 日 does not fit
    }
}
