import Testing
import TerminalCore
@testable import TerminalNcurses

/// The pure pieces of the ncurses backend: key decoding, options, error messages.
/// Key codes are written as the X/Open numbers so the table is checked independently.
@Suite struct KeyDecodingTests {
    private let keyCodeYes: Int32 = 0o400
    private let ok: Int32 = 0

    @Test(arguments: [
        (Int32(0o403), Key.up), (0o402, .down), (0o404, .left), (0o405, .right),
        (0o406, .home), (0o550, .end), (0o552, .home), (0o601, .end),
        (0o523, .pageUp), (0o522, .pageDown), (0o527, .enter), (0o407, .backspace),
        (0o512, .delete), (0o513, .insert), (0o541, .backTab), (0o534, .home), (0o540, .pageDown),
        (0o627, .control("z")),  // KEY_SUSPEND: the Linux console's Ctrl-Z
    ])
    func cursesKeyCodes(code: Int32, key: Key) {
        #expect(KeyDecoding.decode(keyCode: code) == .key(key))
        #expect(KeyDecoding.decode(status: keyCodeYes, value: UInt32(code)) == .key(key))
    }

    @Test func functionKeys() {
        #expect(KeyDecoding.decode(keyCode: 0o410 + 1) == .key(.function(1)))
        #expect(KeyDecoding.decode(keyCode: 0o410 + 5) == .key(.function(5)))
        #expect(KeyDecoding.decode(keyCode: 0o410 + 12) == .key(.function(12)))
        #expect(KeyDecoding.decode(keyCode: 0o410) == .ignored)  // F0 is not a key
    }

    @Test func resizeAndUnknownCodes() {
        #expect(KeyDecoding.decode(keyCode: 0o632) == .resize)
        #expect(KeyDecoding.decode(keyCode: 0o631) == .mouse)  // KEY_MOUSE: read with getmouse
        #expect(KeyDecoding.decode(keyCode: 0o777) == .ignored)
    }

    @Test func mouseReports() {
        #expect(KeyDecoding.decodeMouse(buttons: KeyDecoding.mouseMasks.press, row: 3, column: 7) == MouseEvent(.press, row: 3, column: 7))
        #expect(KeyDecoding.decodeMouse(buttons: KeyDecoding.mouseMasks.wheelUp, row: 0, column: 0)?.kind == .wheelUp)
        #expect(KeyDecoding.decodeMouse(buttons: KeyDecoding.mouseMasks.wheelDown, row: 0, column: 0)?.kind == .wheelDown)
        #expect(KeyDecoding.decodeMouse(buttons: KeyDecoding.mouseMasks.release, row: 0, column: 0) == nil)
    }

    @Test func charactersInRawMode() {
        #expect(KeyDecoding.decode(status: ok, value: 3) == .key(.control("c")))
        #expect(KeyDecoding.decode(status: ok, value: 26) == .key(.control("z")))
        #expect(KeyDecoding.decode(status: ok, value: 12) == .key(.control("l")))
        #expect(KeyDecoding.decode(status: ok, value: 27) == .key(.escape))
        #expect(KeyDecoding.decode(status: ok, value: 13) == .key(.enter))
        #expect(KeyDecoding.decode(status: ok, value: 10) == .key(.control("j")))  // Ctrl-J is not Enter (nonl)
        #expect(KeyDecoding.decode(status: ok, value: 127) == .key(.backspace))
        #expect(KeyDecoding.decode(status: ok, value: 9) == .key(.tab))
        #expect(KeyDecoding.decode(status: ok, value: 0x71) == .key(.character("q")))
        #expect(KeyDecoding.decode(status: ok, value: 0x65E5) == .key(.character("日")))
        #expect(KeyDecoding.decode(status: ok, value: 0x1F600) == .key(.character("😀")))
        #expect(KeyDecoding.decode(status: ok, value: 0x9B) == .ignored)  // C1 control
    }

    @Test func fallbackSequencesAreEscapeSequencesForKnownKeys() {
        let sequences = KeyDecoding.fallbackSequences.map(\.sequence)
        #expect(Set(sequences).count == sequences.count)
        for (sequence, code) in KeyDecoding.fallbackSequences {
            #expect(sequence.hasPrefix("\u{1B}"))
            guard case .key = KeyDecoding.decode(keyCode: code) else {
                Issue.record("\(sequence.debugDescription) maps to an undecoded code \(code)")
                continue
            }
        }
        let home = KeyDecoding.fallbackSequences.first { $0.sequence == "\u{1B}[1~" }
        #expect(home.map { KeyDecoding.decode(keyCode: $0.keyCode) } == .key(.home))
        let end = KeyDecoding.fallbackSequences.first { $0.sequence == "\u{1B}[4~" }
        #expect(end.map { KeyDecoding.decode(keyCode: $0.keyCode) } == .key(.end))
        let f5 = KeyDecoding.fallbackSequences.first { $0.sequence == "\u{1B}[15~" }
        #expect(f5.map { KeyDecoding.decode(keyCode: $0.keyCode) } == .key(.function(5)))
    }
}

@Suite struct TerminalOptionsTests {
    @Test func escapeDelayComesFromTheEnvironment() {
        #expect(TerminalOptions(environment: [:]).escapeDelayMilliseconds == 25)
        #expect(TerminalOptions(environment: ["ESCDELAY": "100"]).escapeDelayMilliseconds == 100)
        #expect(TerminalOptions(environment: ["ESCDELAY": "soon"]).escapeDelayMilliseconds == 25)
        #expect(TerminalOptions(environment: ["ESCDELAY": "-5"]).escapeDelayMilliseconds == 0)
        #expect(TerminalOptions(escapeDelayMilliseconds: 7, environment: ["ESCDELAY": "100"]).escapeDelayMilliseconds == 7)
    }

    @Test func noColorTurnsColoursOff() {
        #expect(TerminalOptions(environment: [:]).colorEnabled)
        #expect(!TerminalOptions(environment: ["NO_COLOR": "1"]).colorEnabled)
        #expect(!TerminalOptions(environment: ["NO_COLOR": "0"]).colorEnabled)  // any value
        #expect(!TerminalOptions(environment: ["NO_COLOR": ""]).colorEnabled)   // set, even empty
        #expect(TerminalOptions(colorEnabled: true, environment: ["NO_COLOR": "1"]).colorEnabled)
        #expect(!TerminalOptions(environment: [:]).mouse)
    }

    @Test func errorMessagesAreForPeople() {
        #expect(NcursesTerminalError.noTerminal(reason: "no controlling terminal").description
            == "cannot open /dev/tty: no controlling terminal")
        #expect(NcursesTerminalError.unknownTerminalType("xyz").description == "unknown terminal type 'xyz' (TERM)")
        #expect(NcursesTerminalError.unknownTerminalType(nil).description.contains("TERM is not set"))
        #expect(NcursesTerminalError.alreadyOpen.exitStatus == 2)
    }
}
