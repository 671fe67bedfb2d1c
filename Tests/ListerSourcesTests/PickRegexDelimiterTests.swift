import Testing
@testable import ListerSources

/// When `-d` is a regular expression, and how its fields are cut from bytes (invalid UTF-8
/// included), as fzf 0.74.5 cuts them.
@Suite struct PickRegexDelimiterTests {
    private func fields(_ delimiter: String, _ line: [UInt8]) -> [[UInt8]] {
        var fields = PickFields()
        fields.setDelimiter(delimiter)
        return line.withUnsafeBufferPointer { buffer in fields.fields(buffer).map { Array(buffer[$0]) } }
    }

    private func fields(_ delimiter: String, _ line: String) -> [String] {
        fields(delimiter, Array(line.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func whichValuesAreRegularExpressions() {
        func isRegex(_ value: String) -> Bool {
            var fields = PickFields()
            fields.setDelimiter(value)
            return fields.delimiterRegex != nil
        }
        #expect(isRegex("[,:]") && isRegex("\\s+") && isRegex(", *") && isRegex(".."))
        #expect(!isRegex(".") && !isRegex("|") && !isRegex("::") && !isRegex("a(") && !isRegex(""))
        var tab = PickFields()
        tab.setDelimiter("\\t")
        #expect(tab.delimiter == "\t" && tab.delimiterRegex == nil)
    }

    @Test func fieldsEndAtEachMatchAndALineEndingInOneHasNoEmptyField() {
        #expect(fields("[,:]", "a:b,c") == ["a:", "b,", "c"])
        #expect(fields("[,:]", "a:b,") == ["a:", "b,"])
        #expect(fields(", *", "a, b,c,  d") == ["a, ", "b,", "c,  ", "d"])
        #expect(fields("[,:]", "") == [])
        #expect(fields(",", "a,b,") == ["a,", "b,", ""])  // the literal delimiter keeps it, as fzf
    }

    @Test func anEmptyMatchRightAfterAMatchIsSkipped() {
        #expect(fields("a|", "a|b") == ["a", "|", "b"])
    }

    @Test func invalidUTF8IsCutAtTheBytesAsRead() {
        // 0xFF and a truncated sequence each stand for U+FFFD while matching, but the
        // fields are the line's own bytes.
        #expect(fields("[,:]", [0x61, 0xFF, 0x2C, 0xE2, 0x82, 0x3A, 0x63]) == [[0x61, 0xFF, 0x2C], [0xE2, 0x82, 0x3A], [0x63]])
        #expect(fields("\\W+", [0x61, 0xFF, 0xFF, 0x62]) == [[0x61, 0xFF, 0xFF], [0x62]])
    }

    @Test func theLastDelimiterRemovedIsTheLastMatchReachingTheEnd() throws {
        func printed(_ arguments: [String], _ line: String) throws -> String {
            String(decoding: try PickOptions.parse(arguments).printed(Array(line.utf8), index: 0), as: UTF8.self)
        }
        #expect(try printed(["-d", ", *", "--accept-nth", "2,3"], "a, b,c,  d") == "b,c")
        #expect(try printed(["-d", "\\s+", "--accept-nth", "{2}|{1}"], "a  b\t c") == "b|a")
        #expect(try printed(["-d", "..", "--accept-nth", "2"], "a..b") == "")
    }
}
