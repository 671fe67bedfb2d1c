import Foundation
import Lister
@_spi(Testing) import Lister
@testable import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// `lister json` as a table: which arrays are tables, the columns of the first objects,
/// `--columns` paths, cells of every kind of value, and sorting mixed types.
@Suite struct JSONTableShapeTests {
    static func parse(_ text: String) throws -> [JSONValue] {
        try JSONParser.parse(Array(text.utf8)).elements ?? []
    }

    @Test func objectsWithTheSameOrMostlyTheSameKeysShareThem() throws {
        #expect(JSONTableShape.sharesKeys(try Self.parse(#"[{"a":1,"b":2},{"b":3,"a":4}]"#)))
        // Ragged: one key missing, one added; still a table.
        #expect(JSONTableShape.sharesKeys(try Self.parse(#"[{"a":1,"b":2,"c":3},{"a":1,"b":2},{"a":1,"b":2,"c":3,"d":4}]"#)))
        #expect(JSONTableShape.sharesKeys(try Self.parse(#"[{"only":1}]"#)))
    }

    @Test func differentKindsScalarsAndEmptyArraysDoNotShareKeys() throws {
        #expect(!JSONTableShape.sharesKeys(try Self.parse(#"[{"type":"a","x":1,"y":2},{"type":"b","p":1,"q":2}]"#)))
        #expect(!JSONTableShape.sharesKeys(try Self.parse(#"[1,2,3]"#)))
        #expect(!JSONTableShape.sharesKeys(try Self.parse(#"[{"a":1},"text"]"#)))
        #expect(!JSONTableShape.sharesKeys(try Self.parse(#"[{},{}]"#)))
        #expect(!JSONTableShape.sharesKeys(try Self.parse(#"[]"#)))
    }

    @Test func columnsAreTheKeysOfTheFirstHundredObjectsInTheOrderMet() throws {
        var objects = (0..<100).map { index in
            JSONValue.object(index == 50 ? [JSONField("b", .number("1")), JSONField("late", .null)] : [JSONField("a", .number("\(index)")), JSONField("b", .null)])
        }
        objects.append(.object([JSONField("after", .number("1"))]))  // the 101st: not a column
        let shape = JSONTableShape(objects)
        #expect(shape.columns.map(\.title) == ["a", "b", "late"])
        #expect(shape.sampled == 100)
        #expect(JSONTableShape([.number("1"), .string("x")]).columns.map(\.title) == ["value"])
        // Objects mixed with other values: those show in a first column of their own.
        let mixed = JSONTableShape([.number("1"), .object([JSONField("a", .number("2"))])])
        #expect(mixed.columns.map(\.title) == ["value", "a"])
        #expect(mixed.columns[0].value(in: .number("1")) == .number("1"))
        #expect(mixed.columns[0].value(in: .object([JSONField("a", .number("2"))])) == nil)
        // A key holding a dot is one key, not a path.
        let dotted = JSONTableShape([.object([JSONField("a.b", .number("1"))])])
        #expect(dotted.columns[0].value(in: .object([JSONField("a.b", .number("1"))])) == .number("1"))
    }

    @Test func columnsParsePathsInOrder() throws {
        let columns = try JSONColumn.parse("name, owner.login,tags.0")
        #expect(columns.map(\.title) == ["name", "owner.login", "tags.0"])
        #expect(columns.map(\.path) == [["name"], ["owner", "login"], ["tags", "0"]])
        let element = try JSONParser.parse(Array(#"{"name":"n","owner":{"login":"ada"},"tags":["x","y"]}"#.utf8))
        #expect(columns.map { $0.value(in: element) } == [.string("n"), .string("ada"), .string("x")])
        #expect(JSONColumn(path: ["owner", "nope"]).value(in: element) == nil)
        #expect(JSONColumn(path: ["name", "deeper"]).value(in: element) == nil)
    }

    @Test(arguments: [
        ("", "at least one column"),
        (" , ", "at least one column"),
        ("a,,b", "column 2 is empty"),
        ("a,", "column 2 is empty"),
        ("a..b", "'a..b' has an empty step"),
        (".a", "'.a' has an empty step"),
        ("a,b.c,a", "'a' is named twice"),
    ])
    func badColumnListsNameTheBadPart(_ list: String, _ message: String) {
        #expect {
            _ = try JSONColumn.parse(list)
        } throws: { error in
            (error as? JSONColumnsError)?.description.contains(message) == true
        }
    }

    @Test func cellsShowEveryKindOfValueOnOneLine() {
        #expect(JSONCell.text(nil).plainText == "")
        #expect(JSONCell.text(.null).plainText == "null")
        #expect(JSONCell.text(.number("1.50")).plainText == "1.50")
        #expect(JSONCell.text(.string("two\nlines")).plainText == "two↵lines")
        let nested = JSONValue.object([JSONField("login", .string("ada")), JSONField("ids", .array([.number("1"), .number("2")]))])
        #expect(JSONCell.text(nested).plainText == #"{"login":"ada","ids":[1,2]}"#)
        let huge = JSONValue.array((0..<10_000).map { .number(String($0)) })
        let cut = JSONCell.compact(huge, limit: 20)
        #expect(cut == "[0,1,2,3,4,5,6,7,8,9…")
        #expect(JSONCell.text(huge).plainText.count <= JSONCell.compactLimit + 1)
    }

    @Test func mixedTypesSortNumbersThenTextThenNullAndMissingLast() throws {
        let values: [JSONValue?] = [.string("pear"), nil, .number("10"), .null, .string("Apple"), .number("2.5"), .bool(true),
                                    .object([JSONField("a", .number("1"))]), .number("-3"), .string("")]
        let order = try TableSorting.permutation(count: values.count, ascending: true) { JSONCell.tableValue(values[$0]) }
        // -3 2.5 10, then Apple pear true {"a":1} (by bytes, letters folded), then null, missing, "".
        #expect(order == [8, 5, 2, 4, 0, 6, 7, 1, 3, 9])
        let descending = try TableSorting.permutation(count: values.count, ascending: false) { JSONCell.tableValue(values[$0]) }
        #expect(descending == [7, 6, 0, 4, 2, 5, 8, 1, 3, 9])  // texts, then numbers, the empty ones still last
    }
}

/// The table drawn: a header of the keys, cells aligned, ragged objects with empty cells,
/// a huge column cut, `--columns` order, rows read from a file as they come.
@MainActor
@Suite struct JSONTableScreenTests {
    static let people = #"""
        [{"id": 1, "name": "Ada", "age": 36, "owner": {"login": "a"}},
         {"id": 2, "name": "Bob", "owner": null},
         {"id": 10, "name": "Cyd", "age": null, "owner": {"login": "c"}, "extra": true}]
        """#

    static func screen(_ text: String, columns: [JSONColumn]? = nil) throws -> JSONTableScreen {
        let items = JSONItem.elements(try JSONParser.parse(Array(text.utf8)).elements ?? [], idField: nil)
        return JSONTableScreen(list: JSONListScreen(title: "people", items: items, format: JSONRowFormat()), columns: columns)
    }

    @Test func aHeaderOfTheKeysAndRaggedObjectsWithEmptyCells() async throws {
        let app = HeadlessApp(root: try Self.screen(Self.people), size: Size(rows: 10, columns: 80))
        await app.start()
        await app.press(.character("p"))  // the preview pane hidden: the table at full width
        #expect(app.lines[1] == "id  name   age  owner          extra")
        #expect(app.lines[2] == " 1  Ada     36  {\"login\":\"a\"}")
        #expect(app.lines[3] == " 2  Bob         null")
        #expect(app.lines[4] == "10  Cyd   null  {\"login\":\"c\"}  true")
        await app.press(.down, .enter)  // Enter still shows the element
        #expect(app.screen.contains("\"name\": \"Bob\""))
    }

    @Test func columnsPickAndOrderByPathAndAPathNoneHasIsEmptyAndSaid() async throws {
        let columns = try JSONColumn.parse("owner.login,name,nope")
        let app = HeadlessApp(root: try Self.screen(Self.people, columns: columns), size: Size(rows: 10, columns: 80))
        await app.start()
        await app.press(.character("p"))  // the preview pane hidden: the table at full width
        #expect(app.lines[1] == "owner.login  name  nope")
        #expect(app.lines[2] == "a            Ada")
        #expect(app.lines[3] == "             Bob")
        #expect(app.screen.contains("no 'nope' in the first 3 rows"))
    }

    @Test func aHugeColumnIsCutAndTheOthersStayInView() async throws {
        let huge = String(repeating: "x", count: 5_000)
        let text = "[" + (0..<3).map { #"{"big": "\#(huge)", "n": \#($0), "tail": "end"}"# }.joined(separator: ",") + "]"
        let app = HeadlessApp(root: try Self.screen(text), size: Size(rows: 8, columns: 60))
        await app.start()
        await app.press(.character("p"))  // the preview pane hidden: the table at full width
        #expect(app.lines[1].hasSuffix("n  tail"))
        #expect(app.lines[2].hasPrefix("xxxx") && app.lines[2].contains("…"))
        #expect(app.lines[2].hasSuffix("0  end"))
    }

    @Test func sortingAMixedColumnPutsNumbersFirstAndNullLastQuietly() async throws {
        let text = #"[{"k":"b","v":"text"},{"k":"a","v":5},{"k":"c","v":null},{"k":"d"},{"k":"e","v":-1}]"#
        let app = HeadlessApp(root: try Self.screen(text), size: Size(rows: 10, columns: 40))
        await app.start()
        await app.press(.character("p"))  // the preview pane hidden: the table at full width
        await app.press(.character("s"), .character("s"))  // by k, then by v
        #expect(app.lines[1].contains("v ▲"))
        #expect(app.lines[2...6].map { String($0.prefix(1)) } == ["e", "a", "b", "c", "d"])
        #expect(!app.screen.lowercased().contains("error") && !app.screen.contains("⚠"))
    }

    @Test func theFilterSearchesTheCells() async throws {
        let app = HeadlessApp(root: try Self.screen(Self.people), size: Size(rows: 10, columns: 80))
        await app.start()
        await app.press(.character("p"))  // the preview pane hidden: the table at full width
        await app.press(.character("/"))
        await app.type("login\":\"c")
        #expect(app.lines[1].hasPrefix("id  name"))
        #expect(app.lines[2].hasPrefix("10  Cyd"))
        #expect(!app.screen.contains("Ada"))
    }

    @Test func theFilterReadsSortedRowsOffTheMainActorToo() throws {
        let screen = try Self.screen(Self.people)
        // Rows in another order (as a sort shows them) are no document's rows: the filter
        // still reads their cells itself, rather than having every text made first.
        let base = screen.initialItems!
        let sorted = ItemList<JSONItem>(count: base.count) { base[base.count - 1 - $0] }
        let source = try #require(screen.filterSource(for: sorted))
        var text = ""
        source.withUTF8(row: 0) { text = String(decoding: $0, as: UTF8.self) }
        #expect(text == #"10  Cyd  null  {"login":"c"}  true"#)
    }

    @Test func aFileReadAsAStreamGetsItsColumnsFromItsFirstRows() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lister-json-table-\(UUID().uuidString).json")
        try Data(Self.people.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let list = JSONListScreen(source: JSONInput.file(file.path).source(itemsPath: nil, idField: nil), format: JSONRowFormat())
        let app = HeadlessApp(root: JSONTableScreen(list: list), size: Size(rows: 10, columns: 80))
        await app.start()
        await app.press(.character("p"))  // the preview pane hidden: the table at full width
        #expect(app.lines[1] == "id  name   age  owner          extra")
        #expect(app.lines[3] == " 2  Bob         null")
    }
}
