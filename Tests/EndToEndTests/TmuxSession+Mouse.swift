import Foundation

/// Mouse reports as a terminal sends them, one at a time: a press and its release in
/// separate writes, as a hand on a real mouse makes them (``TmuxSession/click(column:row:)``
/// sends both at once).
extension TmuxSession {
    /// A mouse button or wheel report of xterm's first encoding (`ESC [ M`, then the
    /// button, the column and the row, each plus 32); `column` and `row` count from 0.
    enum MouseReport {
        /// The left button goes down.
        case press
        /// A button goes up (this encoding does not say which).
        case release
        /// The wheel turns towards the top.
        case wheelUp
        /// The wheel turns towards the bottom.
        case wheelDown

        var button: UInt8 {
            switch self {
            case .press: 0
            case .release: 3
            case .wheelUp: 64
            case .wheelDown: 65
            }
        }
    }

    /// The most a column or a row can be: `send-keys -l` sends a character above 127 as
    /// UTF-8, two bytes where the report has one.
    static let mouseReportLimit = 93

    /// Sends one mouse report at `column`, `row` (from 0, at most ``mouseReportLimit``), in a
    /// write of its own.
    func mouse(_ report: MouseReport, column: Int, row: Int) throws {
        precondition((0...Self.mouseReportLimit).contains(column) && (0...Self.mouseReportLimit).contains(row),
                     "a mouse report through tmux reaches column and row \(Self.mouseReportLimit)")
        let bytes = [32 + report.button, UInt8(33 + column), UInt8(33 + row)]
        var text = "\u{1B}[M" + String(bytes.map { Character(Unicode.Scalar($0)) })
        // tmux reads an argument's last `;` as the end of its command (row or column 26):
        // `\;` is a literal one.
        if text.hasSuffix(";") { text.insert("\\", at: text.index(before: text.endIndex)) }
        try type(text)
    }
}
