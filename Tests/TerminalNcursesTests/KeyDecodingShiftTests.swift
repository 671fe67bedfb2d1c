import CNcurses
import TerminalCore
@testable import TerminalNcurses
import Testing

/// Shift-Left/Right and Ctrl-Delete, keys fzf's `--bind` names: decoded from curses' codes,
/// with sequences for terminals whose entry lacks them.
@Suite struct KeyDecodingShiftTests {
    @Test func shiftArrowsAndControlDeleteAreKeys() {
        #expect(KeyDecoding.decode(keyCode: KEY_SLEFT) == .key(.shiftLeft))
        #expect(KeyDecoding.decode(keyCode: KEY_SRIGHT) == .key(.shiftRight))
        #expect(KeyDecoding.decode(keyCode: KeyDecoding.controlDeleteCode) == .key(.controlDelete))
        #expect(KeyDecoding.controlDeleteSequence.sequence == "\u{1B}[3;5~")
        let fallbacks = KeyDecoding.fallbackSequences
        #expect(fallbacks.contains { $0.sequence == "\u{1B}[1;2D" && $0.keyCode == KEY_SLEFT })
        #expect(fallbacks.contains { $0.sequence == "\u{1B}[1;2C" && $0.keyCode == KEY_SRIGHT })
    }
}
