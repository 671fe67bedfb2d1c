import Testing
import TerminalCore

@Suite struct ControlStringsTests {
    @Test func csiWritesBothNumbersInDecimal() {
        for first in [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 65_535] {
            for second in [0, 7, 10, 120, 4_096] {
                #expect(ControlStrings.csi(first, second, final: UInt8(ascii: "H")) == Array("\u{1B}[\(first);\(second)H".utf8))
            }
        }
        #expect(ControlStrings.ansi.moveCursor(39, 119) == Array("\u{1B}[40;120H".utf8))
        #expect(ControlStrings.ansi.setScrollRegion?(1, 38) == Array("\u{1B}[2;39r".utf8))
    }
}
