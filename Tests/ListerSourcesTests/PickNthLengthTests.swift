import Lister
import ListerSources
import Testing

/// `--nth` narrows what is searched, not what is measured: fzf's `length` tiebreak counts
/// the row as shown (its `--with-nth` fields, without escape sequences with `--ansi`).
@Suite struct PickNthLengthTests {
    private func ranked(_ input: String, _ arguments: [String], query: String) throws -> [String] {
        let options = try PickOptions.parse(arguments)
        let lines = LineStore(Array(input.utf8))
        let text = PickText(lines: lines, fields: options.fields, ansi: options.ansi)
        return options.ranking(of: query).rankNow(text).map { String(decoding: lines[Int($0)].bytes, as: UTF8.self) }
    }

    @Test func theLengthOfTheWholeRowBreaksTies() throws {
        let input = "1:hell\n123:hello\n12345:he\n1234567:h\n"
        // Every line scores the same (`h` starts the field); the lines' lengths decide.
        let expected = ["1:hell", "12345:he", "123:hello", "1234567:h"]
        #expect(try ranked(input, ["-n2", "-d:"], query: "h") == expected)
        #expect(try ranked(input, ["-d:"], query: "h") == expected)
        #expect(try ranked(input, ["-n2", "-d:", "--tiebreak=index"], query: "h") == ["1:hell", "123:hello", "12345:he", "1234567:h"])
    }

    @Test func theRowIsMeasuredAsShown() throws {
        // Shown (`--with-nth 2..`): `h:1111` is longer than `he:1`, though its line and its
        // field searched (`-n1`) are shorter.
        #expect(try ranked("z:h:1111\nzzzzzzzzzz:he:1\n", ["-d:", "--with-nth", "2..", "-n1"], query: "h")
            == ["zzzzzzzzzz:he:1", "z:h:1111"])
        // Escape sequences are not counted: `1:hello` is shorter than `123456:he`.
        #expect(try ranked("123456:he\n\u{1B}[31m1\u{1B}[0m:hello\n", ["--ansi", "-d:", "-n2"], query: "h")
            == ["\u{1B}[31m1\u{1B}[0m:hello", "123456:he"])
    }
}
