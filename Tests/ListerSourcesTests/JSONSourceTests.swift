import Foundation
import Lister
import ListerSources
import ListerTestSupport
import Testing

/// `lister json FILE` on files written to a temporary folder.
@MainActor
@Suite struct JSONSourceTests {
    private func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lister-json-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func failure(_ body: () throws -> Void) -> ListError? {
        do {
            try body()
            return nil
        } catch {
            return ListError(error)
        }
    }

    @Test func findsTheArrayByDefaultOrByPath() throws {
        let root = try file(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#)
        let only = try file(#"{"total": 2, "results": [{"name": "a"}, {"name": "b"}]}"#)
        let nested = try file(#"{"data": {"items": [{"id": "x"}], "more": []}}"#)
        defer { for path in [root, only, nested] { try? FileManager.default.removeItem(atPath: path) } }
        let format = JSONRowFormat()
        #expect(try JSONListScreen.items(of: .file(root), itemsPath: nil, format: format).map(\.id) == [.key("1"), .key("2")])
        let positional = try JSONListScreen.items(of: .file(only), itemsPath: nil, format: format)
        #expect(positional.map(\.id) == [.position(page: "", index: 0), .position(page: "", index: 1)])
        #expect(try JSONListScreen.items(of: .file(nested), itemsPath: "data.items", format: format).count == 1)
    }

    @Test func clearErrors() throws {
        let broken = try file("{\n  \"a\": [1, 2,,]\n}")
        let object = try file(#"{"name": "x", "count": 2}"#)
        let two = try file(#"{"a": [], "b": []}"#)
        defer { for path in [broken, object, two] { try? FileManager.default.removeItem(atPath: path) } }
        let format = JSONRowFormat()
        let missing = failure { _ = try JSONListScreen.items(of: .file("/nonexistent/x.json"), itemsPath: nil, format: format) }
        #expect(missing?.message == "cannot open /nonexistent/x.json: No such file or directory")
        #expect(missing?.isRetryable == false)
        let invalid = failure { _ = try JSONListScreen.items(of: .file(broken), itemsPath: nil, format: format) }
        #expect(invalid?.message == "\(broken) is not valid JSON: unexpected character ',' at line 2, column 14")
        let noArray = failure { _ = try JSONListScreen.items(of: .file(object), itemsPath: nil, format: format) }
        #expect(noArray?.message == "no array in the top-level object; give --items PATH (top-level keys: name, count)")
        let several = failure { _ = try JSONListScreen.items(of: .file(two), itemsPath: nil, format: format) }
        #expect(several?.message.hasPrefix("several arrays in the top-level object ('a', 'b')") == true)
        let wrongPath = failure { _ = try JSONListScreen.items(of: .file(object), itemsPath: "data.items", format: format) }
        #expect(wrongPath?.message == "no 'data' in the top level of the JSON; its keys: name, count")
        let notArray = failure { _ = try JSONListScreen.items(of: .file(object), itemsPath: "name", format: format) }
        #expect(notArray?.message == "'name' is a string, not an array")
    }

    @Test func browsesDrillsDownAndBack() async throws {
        let path = try file(#"""
            [{"id": 1, "name": "lister", "language": "Swift", "tags": ["tui", "swift"], "owner": {"login": "ann"}},
             {"id": 2, "name": "other", "language": "C"}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let format = JSONRowFormat(subtitle: "{language}")
        let rows = try JSONListScreen.items(of: .file(path), itemsPath: nil, format: format)
        let app = HeadlessApp(root: JSONListScreen(input: .file(path), itemsPath: nil, format: format, preloaded: rows))
        await app.start()
        await app.press(.character("p"))  // rows at full width; screens opened next keep the pane hidden
        #expect(app.lines[1] == "lister  Swift")
        #expect(app.lines[2] == "other  C")
        await app.press(.enter)  // the detail, pretty-printed
        #expect(app.lines[0].contains("lister"))
        #expect(app.lines[1] == "{")
        #expect(app.lines[2] == "  \"id\": 1,")
        #expect(app.screen.contains("Enter: browse {5 fields} as a list (2 nested)"))
        await app.press(.enter)  // its fields as a list
        #expect(app.lines[1] == "id: 1")
        #expect(app.lines[4] == "tags: [2 items]")
        await app.press(.down, .down, .down, .enter)  // tags, an array: its elements
        #expect(app.lines[1] == "tui")
        #expect(app.lines[2] == "swift")
        await app.press(.escape, .escape, .escape)
        #expect(app.lines[1] == "lister  Swift")
    }
}
