/// The values a ``TmuxSession`` reports.
extension TmuxSession {
    /// A failure of the harness or a wait that timed out; carries the last screen seen.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var screen: String?

        init(_ message: String, screen: String? = nil) {
            self.message = message
            self.screen = screen
        }

        var description: String {
            guard let screen else { return message }
            let framed = screen.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "|\($0)" }
                .joined(separator: "\n")
            return "\(message)\nlast screen:\n\(framed)"
        }
    }

    /// The terminal modes tmux tracks for the pane (`display -p` format flags).
    struct TerminalState: Equatable, CustomStringConvertible {
        /// `#{alternate_on}`: the alternate screen is active.
        var alternateScreen: Bool
        /// `#{cursor_flag}`: the cursor is visible.
        var cursorVisible: Bool
        /// `#{keypad_cursor_flag}`: cursor keys are in application mode (`smkx`).
        var applicationCursorKeys: Bool
        /// `#{keypad_flag}`: the keypad is in application mode (`smkx`).
        var applicationKeypad: Bool
        /// `#{mouse_any_flag}`: some mouse reporting is on.
        var mouseReporting: Bool

        /// The state of a fresh terminal, and of one a program restored on the way out.
        static let restored = TerminalState(
            alternateScreen: false, cursorVisible: true,
            applicationCursorKeys: false, applicationKeypad: false, mouseReporting: false
        )

        /// The `display -p` format that ``init(parsing:)`` reads.
        static let format = "#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag}"

        init(
            alternateScreen: Bool, cursorVisible: Bool,
            applicationCursorKeys: Bool, applicationKeypad: Bool, mouseReporting: Bool
        ) {
            self.alternateScreen = alternateScreen
            self.cursorVisible = cursorVisible
            self.applicationCursorKeys = applicationCursorKeys
            self.applicationKeypad = applicationKeypad
            self.mouseReporting = mouseReporting
        }

        /// Reads the output of `display -p` with ``format``.
        init(parsing text: String) throws {
            let flags = text.split(whereSeparator: \.isWhitespace).map { $0 == "1" }
            guard flags.count == 5 else { throw Failure("unexpected display output \(text.debugDescription)") }
            self.init(
                alternateScreen: flags[0], cursorVisible: flags[1],
                applicationCursorKeys: flags[2], applicationKeypad: flags[3], mouseReporting: flags[4]
            )
        }

        var description: String {
            func flag(_ value: Bool) -> String { value ? "1" : "0" }
            return "alternate_on=\(flag(alternateScreen)) cursor_flag=\(flag(cursorVisible)) "
                + "keypad_cursor_flag=\(flag(applicationCursorKeys)) keypad_flag=\(flag(applicationKeypad)) "
                + "mouse_any_flag=\(flag(mouseReporting))"
        }
    }
}
