import Testing
import TerminalCore
@testable import TerminalNcurses

/// Alt keys: Esc and the key read right after it (within the Esc delay) are one Alt key;
/// an Esc with nothing after it is a lone Esc.
@Suite struct EscapeCombinerTests {
    /// Feeds `inputs` as one burst of reads, then the read that finds nothing.
    private func burst(_ inputs: [CursesInput]) -> [CursesInput] {
        var combiner = EscapeCombiner()
        return inputs.flatMap { combiner.feed($0) } + combiner.flush()
    }

    @Test func escapeThenAKeyIsThatKeyWithAlt() {
        #expect(burst([.key(.escape), .key(.character("b"))]) == [.key(.alt(.character("b")))])
        #expect(burst([.key(.escape), .key(.backspace)]) == [.key(.alt(.backspace))])
        #expect(burst([.key(.escape), .key(.enter)]) == [.key(.alt(.enter))])
    }

    @Test func aLoneEscapeIsEscape() {
        #expect(burst([.key(.escape)]) == [.key(.escape)])
        #expect(burst([.key(.escape), .key(.escape)]) == [.key(.escape), .key(.escape)])
    }

    @Test func keysBeforeAndAfterAnAltKeyAreThemselves() {
        #expect(burst([.key(.character("a")), .key(.escape), .key(.character("f")), .key(.character("c"))])
            == [.key(.character("a")), .key(.alt(.character("f"))), .key(.character("c"))])
    }

    @Test func anEscapeBeforeAResizeIsAlone() {
        #expect(burst([.key(.escape), .resize]) == [.key(.escape), .resize])
    }

    @Test func anUnknownControlSequenceIsSwallowedWhole() {
        let ctrlUp: [CursesInput] = "[1;5A".map { .key(.character($0)) }
        #expect(burst([.key(.escape)] + ctrlUp + [.key(.character("x"))]) == [.key(.character("x"))])
        let ss3: [CursesInput] = "Ox".map { .key(.character($0)) }
        #expect(burst([.key(.escape)] + ss3) == [])
    }

    @Test func altBracketAloneIsAltBracket() {
        #expect(burst([.key(.escape), .key(.character("["))]) == [.key(.alt(.character("[")))])
    }

    @Test func altArrowsHaveTheirOwnCodes() {
        #expect(KeyDecoding.decode(keyCode: KeyDecoding.altUpCode) == .key(.alt(.up)))
        #expect(KeyDecoding.decode(keyCode: KeyDecoding.altDownCode) == .key(.alt(.down)))
        #expect(KeyDecoding.altArrowSequences.map(\.sequence) == ["\u{1B}[1;3A", "\u{1B}[1;3B", "\u{1B}[1;3D", "\u{1B}[1;3C"])
    }
}
