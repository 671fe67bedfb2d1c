import Testing
@testable import TerminalCore

/// `Buffer.write` against the token-based layout it replaced (kept here as the reference):
/// random texts of hostile and wide characters, random room, skips and positions, over
/// random earlier contents, must give the same cells.
@Suite struct WriteReferenceTests {
    static let pieces: [String] = [
        "a", "b", "Z", " ", "~", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\r", "\n", "\r\n",
        "é", "e\u{301}", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}\u{309}", "\u{301}",
        "日", "本", "語", "ｱ", "😀", "👍🏽", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "🇯🇵", "1\u{FE0F}\u{20E3}",
        "\u{85}", "\u{9B}", "\u{202E}", "\u{2028}", "\u{200D}", "\u{FE0F}", "\u{E000}", "\u{10FFFD}",
        "\u{FFFD}", "…", "─", "●", "\u{0378}", "가", "\u{1100}\u{1161}\u{11A8}",
    ]

    @Test func matchesTheReferenceOnRandomTexts() {
        var random = SplitMix64(seed: 6)
        for trial in 0..<6000 {
            let columns = Int(random.next(upTo: 14)) + 1
            var text = ""
            for _ in 0..<random.next(upTo: 12) { text += Self.pieces[Int(random.next(upTo: UInt64(Self.pieces.count)))] }
            var background = ""
            for _ in 0..<random.next(upTo: 10) { background += Self.pieces[Int(random.next(upTo: 24)) + 16] }
            var base = Buffer(size: Size(rows: 2, columns: columns))
            base.write(background, at: Point(row: 1, column: 0))
            let column = Int(random.next(upTo: UInt64(columns + 2))) - 1
            let maxWidth: Int? = random.next(upTo: 3) == 0 ? nil : Int(random.next(upTo: UInt64(columns + 2)))
            let skip = random.next(upTo: 3) == 0 ? Int(random.next(upTo: 5)) : 0
            let style = Style(foreground: random.next(upTo: 2) == 0 ? .red : .default, attributes: .bold)

            var actual = base, expected = base
            let point = Point(row: 1, column: column)
            let written = actual.write(text, at: point, maxWidth: maxWidth, style: style, skipColumns: skip)
            let expectedWritten = ReferenceLayout.write(text, into: &expected, at: point, maxWidth: maxWidth,
                                                        style: style, skipColumns: skip)
            let context = "trial \(trial): \(text.unicodeScalars.map { String($0.value, radix: 16) }) columns \(columns) at \(column) max \(String(describing: maxWidth)) skip \(skip)"
            #expect(written == expectedWritten, "\(context)")
            #expect(actual == expected, "\(context)\n\(actual.line(1))\n\(expected.line(1))")
            if actual != expected { return }
        }
    }
}

/// The layout `Buffer.write` used before cells held glyphs: a `String` per token.
enum ReferenceLayout {
    struct Token {
        var text: String
        var width: Int
    }

    static func write(_ text: String, into buffer: inout Buffer, at point: Point, maxWidth: Int?,
                      style: Style, skipColumns: Int) -> Int {
        guard point.row >= 0, point.row < buffer.size.rows, point.column < buffer.size.columns else { return 0 }
        let limit = min(maxWidth ?? Int.max, buffer.size.columns - point.column)
        guard limit > 0 else { return 0 }
        var column = point.column
        for token in layout(text, limit: limit, skipColumns: skipColumns) where token.width > 0 {
            if token.width > 255 {  // the old code trapped here; the new one draws U+FFFD
                buffer.set(Cell("\u{FFFD}", width: 1, style: style), row: point.row, column: column)
                column += 1
                continue
            }
            buffer.set(Cell(token.text, width: UInt8(token.width), style: style), row: point.row, column: column)
            column += token.width
        }
        return column - point.column
    }

    static func layout(_ text: some StringProtocol, limit: Int, skipColumns: Int) -> [Token] {
        var tokens: [Token] = []
        var total = 0
        var position = 0
        var overflow = false
        func emit(_ token: Token) -> Bool {
            defer { position += token.width }
            if position < skipColumns {
                let visible = position + token.width - skipColumns
                if visible > 0 { return emitVisible(Token(text: String(repeating: " ", count: visible), width: visible)) }
                return true
            }
            return emitVisible(token)
        }
        func emitVisible(_ token: Token) -> Bool {
            if total + token.width > limit { overflow = true; return false }
            tokens.append(token)
            total += token.width
            return true
        }
        scan: for character in text {
            if character == "\t" {
                let spaces = 8 - position % 8
                for _ in 0..<spaces where !emit(Token(text: " ", width: 1)) { break scan }
            } else if let visible = Sanitizer.replacement(for: character) {
                for scalar in visible.unicodeScalars where !emit(Token(text: String(scalar), width: 1)) { break scan }
            } else {
                let width = DisplayWidth.of(character)
                if width == 0 { continue }
                if !emit(Token(text: DisplayWidth.drawable(character), width: width)) { break scan }
            }
        }
        guard overflow else { return tokens }
        while total > limit - 1, let last = tokens.popLast() { total -= last.width }
        tokens.append(Token(text: "…", width: 1))
        return tokens
    }
}

extension SplitMix64 {
    /// A number below `bound` by remainder (the trials' numbers depend on it), 0 for 0.
    mutating func next(upTo bound: UInt64) -> UInt64 { bound == 0 ? 0 : next() % bound }
}
