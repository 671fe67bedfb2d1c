import Testing
@testable import ListerSources

/// The text `--nth` searches, and `{n}`/`{0}` in `--accept-nth` and `--with-nth` templates,
/// as fzf 0.74.5 has them (each case checked by running fzf).
@Suite struct PickFieldsTests {
    private func searched(_ arguments: [String], _ line: String) throws -> String {
        let fields = try PickOptions.parse(arguments).fields
        var output: [UInt8] = []
        Array(line.utf8).withUnsafeBufferPointer { fields.searched(fields.nth ?? [], of: $0, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func theLastSearchedFieldLosesItsDelimiter() throws {
        #expect(try searched(["-d,", "-n2"], "foo,bar,baz") == "bar")
        #expect(try searched(["-d,", "-n1..2"], "foo,bar,baz") == "foo,bar")
        #expect(try searched(["-d,", "-n-1"], "foo,bar,baz,") == "")
        #expect(try searched(["-d::", "-n2"], "a::b::c") == "b")
        #expect(try searched(["-d,", "-n2"], "foo,bar ,baz") == "bar ")
    }

    @Test func awkStyleFieldsLoseTheBlanksBeforeTheFirstWordOnly() throws {
        #expect(try searched(["-n1"], "  x  y") == "x  ")
        #expect(try searched(["-n2"], "  x  y ") == "y ")
        #expect(try searched(["-n2,1"], "  x  y") == "yx  ")
    }

    @Test func aSingleRangeOfEveryFieldIsTheWholeLine() throws {
        #expect(try PickOptions.parse(["--nth", "1.."]).fields.nth == nil)
        #expect(try PickOptions.parse(["--nth", ".."]).fields.nth == nil)
        #expect(try PickOptions.parse(["--nth", "1..,2"]).fields.nth?.count == 2)
        #expect(try PickOptions.parse(["--nth", "2.."]).fields.nth?.count == 1)
    }

    @Test func indexAndZeroPlaceholders() throws {
        func printed(_ arguments: [String], _ line: String, index: Int) throws -> String {
            String(decoding: try PickOptions.parse(arguments).printed(Array(line.utf8), index: index), as: UTF8.self)
        }
        #expect(try printed(["--accept-nth", "{n}"], "a b", index: 7) == "7")
        #expect(try printed(["--accept-nth", "[{n}] {1} {0}"], "x a", index: 2) == "[2] x")
        #expect(try printed(["--accept-nth", "{1,0}{0..}{..0}{00}{-0}|"], "x a", index: 0) == "|")
        #expect(try printed(["--accept-nth", "{1}  {n} "], "x a", index: 0) == "x  0")
        #expect(try printed(["-d,", "--accept-nth", "{1},,"], "x,a,", index: 0) == "x,")
        #expect(try printed(["-d,", "--accept-nth", "{1} "], "x,a,", index: 0) == "x ")
        // Not placeholders: kept as text, so a template of only these is an error.
        #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--accept-nth", "{+n}"]) }
        #expect(throws: PickOptions.Failure.self) { try PickOptions.parse(["--accept-nth", "{N}"]) }
        #expect(try printed(["--accept-nth", "{1}{+n}{q}"], "x a", index: 0) == "x{+n}{q}")
    }

    @Test func withNthFillsTheIndexOfTheRow() throws {
        let options = try PickOptions.parse(["--with-nth", "{n}:{1}"])
        var output: [UInt8] = []
        guard let withNth = options.fields.withNth else { Issue.record("no --with-nth"); return }
        Array("a b".utf8).withUnsafeBufferPointer { options.fields.render(withNth, of: $0, index: 4, accepted: false, into: &output) }
        #expect(String(decoding: output, as: UTF8.self) == "4:a")
    }
}
