import Lister
import ListerSources
import Testing

@MainActor
@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsKeyOrderAndNumbersAsWritten() throws {
        let value = try parse(#"{"z": 1.50, "a": [true, null, -2e3], "m": "x\"y\u00e9\ud83d\ude00"}"#)
        #expect(value.fields?.map(\.key) == ["z", "a", "m"])
        #expect(value["z"] == .number("1.50"))
        #expect(value["a"] == .array([.bool(true), .null, .number("-2e3")]))
        #expect(value["m"] == .string("x\"yé😀"))
    }

    @Test func reportsLineAndColumn() {
        let error = syntaxError("[\n  {\"a\": 1},\n  {\"b\" 2}\n]")
        #expect(error == JSONSyntaxError(reason: "expected ':' after the key", line: 3, column: 8))
        #expect(error?.description == "expected ':' after the key at line 3, column 8")
        #expect(syntaxError("[1, 2")?.line == 1)
        #expect(syntaxError("[1, 2")?.column == 6)
        #expect(syntaxError("{\"é\": tru}")?.column == 7)  // columns count characters, not bytes
        #expect(syntaxError("")?.reason == "empty input: no JSON value")
        #expect(syntaxError("[1] x")?.reason == "unexpected text after the JSON value")
        #expect(syntaxError("[01]") != nil)
        #expect(syntaxError("\"a\nb\"") != nil)
    }

    @Test func pathsReachKeysAndPositions() throws {
        let value = try parse(#"{"data": {"items": [{"name": "a"}, {"name": "b"}]}}"#)
        #expect(value.value(at: "data.items.1.name") == .string("b"))
        #expect(value.value(at: "data.nothing") == nil)
        #expect(value.value(at: "") == value)
    }

    @Test func prettyPrintsWithStyles() throws {
        let lines = JSONPrinter.lines(try parse(#"{"name": "lister", "stars": 42, "ok": true, "tags": [], "owner": {"id": null}}"#))
        #expect(lines.map(\.plainText) == [
            "{",
            "  \"name\": \"lister\",",
            "  \"stars\": 42,",
            "  \"ok\": true,",
            "  \"tags\": [],",
            "  \"owner\": {",
            "    \"id\": null",
            "  }",
            "}",
        ])
        let spans = lines[1].spans.filter { !$0.text.trimmingCharacters(in: " :,") .isEmpty }
        #expect(spans.map(\.style) == [JSONStyle.key, JSONStyle.string])
        #expect(lines[2].spans.contains { $0.style == JSONStyle.number })
        #expect(lines[3].spans.contains { $0.style == JSONStyle.literal })
    }

    @Test func templatesAndDefaultTitles() throws {
        let repo = try parse(#"{"id": 7, "name": "lister", "language": "Swift", "owner": {"login": "ann"}}"#)
        #expect(JSONTemplate("{name} ({language})").render(repo) == "lister (Swift)")
        #expect(JSONTemplate("owner.login").render(repo) == "ann")
        #expect(JSONTemplate("{name} by {owner.login}{missing}").render(repo) == "lister by ann")
        #expect(JSONRowFormat().titleText(repo) == "lister")
        #expect(JSONRowFormat().titleText(try parse(#"{"n": 1, "x": "first", "y": "second"}"#)) == "first")
        #expect(JSONRowFormat().titleText(try parse(#"{"id": 3}"#)) == "3")
        #expect(JSONRowFormat().titleText(.string("plain")) == "plain")
        let format = JSONRowFormat(title: "{name}", subtitle: "language")
        #expect(format.row(JSONItem(id: .key("7"), value: repo)).plainText == "lister  Swift")
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

/// The start of a document still being read: undecided over whitespace, accepted at a byte
/// that begins a value, refused at once otherwise (so endless input that is not JSON is
/// not read to its end).
@Suite struct JSONStartTests {
    @Test func whitespaceIsUndecidedAndAValueStartIsAccepted() throws {
        #expect(try JSONParser.checkStart([]) == false)
        #expect(try JSONParser.checkStart(Array(" \n\t\r ".utf8)) == false)
        #expect(try JSONParser.checkStart(Array("  [".utf8)) == true)
        #expect(try JSONParser.checkStart([0xEF, 0xBB, 0xBF] + Array("\n{".utf8)) == true)
        for start in ["\"", "-1", "7", "true", "false", "null"] {
            #expect(try JSONParser.checkStart(Array(start.utf8)) == true, "\(start)")
        }
    }

    @Test func aByteThatCannotBeginJSONIsRefusedWhereItStands() {
        #expect(throws: JSONSyntaxError(reason: "unexpected character 0x00", line: 1, column: 1)) {
            try JSONParser.checkStart([0, 0, 0])
        }
        #expect(throws: JSONSyntaxError(reason: "unexpected character 'x'", line: 3, column: 3)) {
            try JSONParser.checkStart(Array("\n\n  x".utf8))
        }
    }
}
