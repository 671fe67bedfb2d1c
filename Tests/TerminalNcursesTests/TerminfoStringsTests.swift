import CNcurses
import Testing
import TerminalCore
@testable import TerminalNcurses

#if canImport(Glibc)
import Glibc
#endif

/// The control strings read from real terminfo entries (no screen: `setupterm` only).
/// One test, so that no other test loads a terminal description meanwhile.
@Suite struct TerminfoStringsTests {
    /// Loads `name` and reads its strings; `nil` when the terminal cannot be drawn on.
    func strings(_ name: String, colors: Bool = true) throws -> ControlStrings? {
        let fd = open("/dev/null", O_WRONLY)
        defer { close(fd) }
        try #require(cncurses_load_terminfo(name, fd) == 1, "no terminfo entry for \(name)")
        return ControlStrings.terminfo(colors: colors)
    }

    func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    @Test func entriesGiveTheStringsTheEncoderUses() throws {
        let xterm = try #require(try strings("xterm-256color"))
        #expect(text(xterm.moveCursor(0, 0)) == "\u{1B}[1;1H" && text(xterm.moveCursor(39, 119)) == "\u{1B}[40;120H")
        #expect(xterm.cornerIsSafe && xterm.colorCount == 256 && xterm.foreground != nil)
        #expect(text(xterm.setScrollRegion?(1, 38)) == "\u{1B}[2;39r")
        #expect(text(xterm.autoMarginsOff) == "\u{1B}[?7l" && text(xterm.autoMarginsOn) == "\u{1B}[?7h")

        let noColor = try #require(try strings("xterm-256color", colors: false))
        #expect(noColor.foreground == nil && noColor.background == nil && noColor.reverse != nil)

        // vt100: padding in cup, sgr0 and clear must never reach the screen.
        let vt100 = try #require(try strings("vt100"))
        for bytes in [vt100.moveCursor(3, 4), vt100.clearScreen, vt100.resetAttributes, vt100.bold ?? []] {
            #expect(!(text(bytes) ?? "").contains("$<"), "\(text(bytes) ?? "")")
        }
        #expect(vt100.foreground == nil && vt100.cornerIsSafe)

        // ansi: no xenl and no rmam, but ich: the corner is drawn by insertion.
        let ansi = try #require(try strings("ansi"))
        #expect(!ansi.cornerIsSafe && ansi.autoMarginsOff == nil)
        #expect(text(ansi.insertCharacter) == "\u{1B}[1@" || text(ansi.insertCharacter) == "\u{1B}[@")

        // xterm-direct (ncurses-term, not installed here) has 16777216 colours: RGB values
        // from 8 on, so only the eight named ones are used.
        #expect(ControlStrings.paletteSize(colors: 16_777_216) == 8)
        #expect(ControlStrings.paletteSize(colors: 256) == 256 && ControlStrings.paletteSize(colors: 8) == 8)

        // linux: ncv#18, underline and dim are not shown with a colour.
        let linux = try #require(try strings("linux"))
        #expect(linux.attributesWithoutColor == [.underline, .dim])
        #expect(xterm.attributesWithoutColor.isEmpty)

        // The shorter moves: xterm and the Linux console have them all; cud1 is a line
        // feed on both, which the encoder does not use to move down.
        for entry in [xterm, linux] {
            #expect(text(entry.moveToColumn?(119)) == "\u{1B}[120G" && text(entry.cursorForward?(12)) == "\u{1B}[12C")
            #expect(text(entry.cursorDown?(2)) == "\u{1B}[2B" && text(entry.cursorUp?(3)) == "\u{1B}[3A")
            #expect(text(entry.cursorUpOne) == "\u{1B}[A" && entry.cursorDownOne == nil && entry.carriageReturn == [0x0D])
        }
        // tmux's cuu1 is a reverse index (it scrolls at the top margin, never reached).
        let tmux = try #require(try strings("tmux-256color"))
        #expect(text(tmux.cursorUpOne) == "\u{1B}M" && text(tmux.moveToColumn?(0)) == "\u{1B}[1G")
        // vt100 has no hpa: a column move there is cuf or cup; its padding is dropped.
        #expect(vt100.moveToColumn == nil && text(vt100.cursorForward?(3)) == "\u{1B}[3C")
        #expect(text(vt100.cursorUpOne) == "\u{1B}[A")

        #expect(try strings("dumb") == nil)  // no cup: cannot draw a list

        // vt52 addresses the cursor with ESC Y and two characters: its cup is expanded by
        // tiparm, not taken for the ANSI form.
        let vt52 = try #require(try strings("vt52"))
        let expected: [UInt8] = [0x1B, UInt8(ascii: "Y"), 32 + 3, 32 + 4]
        #expect(vt52.moveCursor(3, 4) == expected)
    }

    @Test func theAnsiFormIsUsedOnlyWhereItGivesTheSameBytes() {
        let ansi = ControlStrings.ansi.moveCursor
        let expanded: (Int, Int) -> [UInt8] = { row, column in Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) }
        #expect(ControlStrings.fastest(expanded, or: ansi)(12, 34) == Array("\u{1B}[13;35H".utf8))
        // One-based only up to 99 columns: a sample shows the difference.
        let differs: (Int, Int) -> [UInt8] = { row, column in column > 99 ? [] : expanded(row, column) }
        #expect(ControlStrings.fastest(differs, or: ansi)(0, 100) == [])
        #expect(ControlStrings.fastest(expanded, or: nil)(0, 0) == Array("\u{1B}[1;1H".utf8))
    }

    @Test func terminfoPaddingIsRemoved() {
        func strip(_ text: String) -> String {
            String(decoding: ControlStrings.withoutPadding(Array(text.utf8)), as: UTF8.self)
        }
        #expect(strip("\u{1B}[?1049l$<5>") == "\u{1B}[?1049l")
        #expect(strip("a$<2*/>b$c") == "ab$c")
        #expect(strip("$<unterminated") == "$<unterminated")
        #expect(strip("\u{1B}[H\u{1B}[2J$<50>x$<not padding>") == "\u{1B}[H\u{1B}[2Jx$<not padding>")
    }
}
