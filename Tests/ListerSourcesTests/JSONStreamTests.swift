import Foundation
import Lister
@testable import ListerSources
import TerminalCore
import Testing

/// The streaming parser of `lister json`: the same answers as the whole-document parser
/// wherever the input is split, errors at the first byte that shows them, and elements kept
/// as offsets that give back the same values.
@Suite struct JSONStreamParserTests {
    /// Documents whose elements and errors must not depend on how they arrive.
    static let documents = [
        #"[{"id": 1, "name": "a\"b\u00e9"}, 2, "three", true, false, null, -1.5e+3, [4, [5]], {}]"#,
        "\u{FEFF}[1]",
        "  [\n  {\"a\": 1},\n  {\"b\": 2}\n]\n",
        #"{"total": 2, "results": [{"name": "a"}, {"name": "b"}], "more": {"x": [1]}}"#,
        "[]",
        "[1, 2",
        "[1, 2,,]",
        "[\n  {\"a\": 1},\n  {\"b\" 2}\n]",
        "{\"é\": tru}",
        "[01]",
        "\"a\nb\"",
        "[1] x",
        "",
        "[\"\\q\"]",
        "[\"\\u12G4\"]",
        "[1.]",
        "[1e]",
        "[-]",
        "[\"unterminated",
        "{\"a\" 1}",
        "{1: 2}",
        "[tr",
        "[1 2]",
        "{\"a\": [1], \"a\": [2]}",
        "123",
        "  7  ",
        // A root object followed by what is not JSON (issue 33): said as invalid JSON at
        // its line and column, not as a root object without an array.
        #"{"a":"b"}/**/"#,
        #"{"a":1} x"#,
        #"{"a":1}}"#,
        #"{"a":1}]"#,
        "{\"a\":1}\n{}",
        #"{"a":1} 2"#,
        #"{"a": [1], "b": [2]},"#,
        #"{"a": [1]} "x""#,
        "{}\u{0}",
    ]

    /// The elements (as values) and the error of a document fed in `chunks`.
    static func stream(_ chunks: [[UInt8]], path: String? = nil) -> (values: [JSONValue], error: String?) {
        var builder = JSONDocumentBuilder(name: "doc", itemsPath: path, idField: nil)
        do {
            for chunk in chunks { try chunk.withUnsafeBufferPointer { (buffer) throws(ListError) in try builder.append(buffer) } }
            return (Array(try builder.finish()).map(\.value), nil)
        } catch {
            return (Array(builder.snapshot()).map(\.value), error.message)
        }
    }

    /// The elements and error of the whole-document parser, as `lister json` reported them before.
    static func whole(_ bytes: [UInt8], path: String? = nil) -> (values: [JSONValue], error: String?) {
        do {
            return (try JSONItemsPath.select(path, in: try JSONParser.parse(bytes)), nil)
        } catch let error as JSONSyntaxError {
            return ([], "doc is not valid JSON: \(error)")
        } catch {
            return ([], ListError(error).message)
        }
    }

    @Test(arguments: documents)
    func answersAsTheWholeDocumentParserWhereverTheInputIsSplit(_ text: String) {
        let bytes = Array(text.utf8)
        let expected = Self.whole(bytes)
        let whole = Self.stream([bytes])
        #expect(whole.error == expected.error, "\(text.debugDescription)")
        if expected.error == nil { #expect(whole.values == expected.values) }
        for split in 0...bytes.count {
            let parts = Self.stream([Array(bytes[..<split]), Array(bytes[split...])])
            #expect(parts.error == whole.error && parts.values == whole.values, "\(text.debugDescription) split at \(split)")
        }
        let byByte = Self.stream(bytes.map { [$0] })
        #expect(byByte.error == whole.error && byByte.values == whole.values, "\(text.debugDescription) byte by byte")
    }

    @Test func findsTheArrayByPathWithTheSameMessages() {
        let documents = [
            #"{"data": {"items": [{"id": "x"}, 2], "more": []}}"#,
            #"{"name": "x", "count": 2}"#,
            #"{"a": [], "b": []}"#,
            #"[[1, 2], [3]]"#,
            #"{"a": [{"b": [7, 8]}]}"#,
            #"{"data": 5}"#,
        ]
        let paths: [String?] = [nil, "data.items", "data.more", "data", "name", "count.x", "0", "1", "5", "a.0.b", "a.1", "nothing"]
        for text in documents {
            for path in paths {
                let bytes = Array(text.utf8)
                let expected = Self.whole(bytes, path: path)
                let streamed = Self.stream(bytes.map { [$0] }, path: path)
                #expect(streamed.error == expected.error, "\(text) at \(path ?? "(default)")")
                if expected.error == nil { #expect(streamed.values == expected.values, "\(text) at \(path ?? "(default)")") }
            }
        }
    }

    /// A path missing from the root object is said only once the input after the root is
    /// known to be whitespace (issue 33).
    @Test func textAfterTheRootObjectIsInvalidJSONWhateverThePath() {
        let valid = Self.stream([Array(#"{"a": 1}  "#.utf8)], path: "b")
        #expect(valid.error?.hasPrefix("no 'b' in the top level of the JSON") == true, "\(valid.error ?? "")")
        for path in [nil, "b"] as [String?] {
            let garbage = Self.stream(Array(#"{"a": 1} x"#.utf8).map { [$0] }, path: path)
            #expect(garbage.error == "doc is not valid JSON: unexpected text after the JSON value at line 1, column 10",
                    "\(path ?? "(default)"): \(garbage.error ?? "")")
        }
    }

    /// The first byte that is not JSON stops the read where it stands; the rows before it stay.
    @Test func anErrorInTheMiddleStopsAtOnceAndKeepsTheRowsBefore() {
        var builder = JSONDocumentBuilder(name: "standard input", itemsPath: nil, idField: nil)
        let first = Array("[1, 2, 3,".utf8)
        #expect(throws: Never.self) { try first.withUnsafeBufferPointer { (buffer) throws(ListError) in try builder.append(buffer) } }
        let second = Array(" 4, x".utf8) + Array(repeating: UInt8(ascii: "1"), count: 1 << 20)
        let error = #expect(throws: ListError.self) {
            try second.withUnsafeBufferPointer { (buffer) throws(ListError) in try builder.append(buffer) }
        }
        #expect(error?.message == "standard input is not valid JSON: unexpected character 'x' at line 1, column 14")
        #expect(Array(builder.snapshot()).map(\.value) == [1, 2, 3, 4].map { .number(String($0)) })
    }

    @Test func aDocumentPastItsLimitStopsThereWithItsRows() {
        var builder = JSONDocumentBuilder(name: "the body from http://h/x", itemsPath: nil, idField: nil, maxBytes: 10)
        let bytes = Array("[1,2,3,4,5,6,7,8]".utf8)
        let error = #expect(throws: ListError.self) {
            try bytes.withUnsafeBufferPointer { (buffer) throws(ListError) in try builder.append(buffer) }
        }
        #expect(error?.message == "the body from http://h/x is larger than 10 bytes: stopped reading there (raise the limit with --max-body SIZE)")
        #expect(builder.bytesRead == 10)
        #expect(builder.count == 4)  // `[1,2,3,4,5` holds 4 complete elements
    }

    @Test func sizesParseAndPrint() {
        #expect(JSONSize.parse("2G") == 2 << 30)
        #expect(JSONSize.parse("500m") == 500 << 20)
        #expect(JSONSize.parse("64KiB") == 64 << 10)
        #expect(JSONSize.parse("1024") == 1024)
        #expect(JSONSize.parse("10MB") == 10 << 20)
        #expect(JSONSize.parse("x") == nil)
        #expect(JSONSize.parse("-1M") == nil)
        #expect(JSONSize.text(2 << 30) == "2 GB")
        #expect(JSONSize.text(3 << 19) == "1.5 MB")
        #expect(JSONSize.text(12) == "12 bytes")
    }
}

/// The filter of a document's rows reads them itself, off the main actor, and searches
/// what the rows show.
@MainActor
@Suite struct JSONFilterTextTests {
    @Test func theFilterSearchesTheRowsTextParsedFromTheirBytes() throws {
        var builder = JSONDocumentBuilder(name: "doc", itemsPath: nil, idField: nil)
        let text = Array(#"[{"name": "a", "n": 1}, {"name": "b\nc", "n": 2}, {"id": 3}]"#.utf8)
        try text.withUnsafeBufferPointer { (buffer) throws(ListError) in try builder.append(buffer) }
        let rows = try builder.finish()
        let screen = JSONListScreen(source: JSONStreamSource(title: "doc", canReload: false) { _ in rows },
                                    format: JSONRowFormat(subtitle: "n"), preloaded: rows)
        let source = try #require(screen.filterSource(for: ItemList(rows)))
        var texts: [String] = []
        for row in 0..<source.count { source.withUTF8(row: row) { texts.append(String(decoding: $0, as: UTF8.self)) } }
        #expect(texts == ["a  1", "b c  2", "3"])
        #expect(texts == Array(rows).map { screen.row($0, context: RowContext(index: 0, isSelected: false)).plainText })
        // Rows in memory (an array met while drilling down) keep the usual filter.
        #expect(screen.filterSource(for: ItemList(JSONRows(Array(rows)))) == nil)
    }
}

/// A huge element is parsed once for the frames that show it, and its preview is printed
/// off the main actor.
@Suite struct JSONHugeElementTests {
    @Test func anElementIsParsedOnceForTheFramesThatAskForIt() {
        let store = JSONByteStore()
        Array(#"[{"a": 1}, 2]"#.utf8).withUnsafeBufferPointer { store.append($0) }
        let parses = Locked(0)
        let parse: ([UInt8]) -> JSONValue = { bytes in
            parses.withLock { $0 += 1 }
            return JSONRows.value(bytes)
        }
        for _ in 0..<5 { #expect(store.value(of: 1..<11, parse)["a"] == .number("1")) }
        #expect(store.value(of: 11..<12, parse) == .number("2"))
        #expect(parses.withLock { $0 } == 2)
    }

    @Test func aValueWithMuchNestedIsNotSmall() {
        let big = JSONValue.object([JSONField("name", .string("big")),
                                    JSONField("data", .array((0..<1000).map { .number(String($0)) }))])
        #expect(!big.isSmall(nodes: 200))
        #expect(JSONValue.array((0..<150).map { .number(String($0)) }).isSmall(nodes: 200))
        #expect(!JSONValue.array((0..<250).map { .number(String($0)) }).isSmall(nodes: 200))
    }
}

/// Element offsets: about a byte each, exact across chunks, overflows and blocks.
@Suite struct JSONElementIndexTests {
    @Test func spansSurviveLongDistancesAndManyBlocks() {
        var builder = JSONElementIndexBuilder()
        var expected: [Range<Int>] = []
        var position = 1
        for index in 0..<150_000 {
            // Mostly short elements, some of 300 bytes and one of 70,000.
            let length = index == 70_000 ? 70_000 : index % 97 == 0 ? 300 : 1 + index % 5
            expected.append(position..<position + length)
            builder.append(start: position, end: position + length)
            position += length + 1
        }
        let index = builder.snapshot()
        #expect(index.count == expected.count)
        #expect(index.blocks.count == 3)
        for (number, range) in expected.enumerated() where number % 7 == 0 || number > 149_990 || number % 65_536 < 3 {
            let span = index.span(of: number)
            #expect(span.lowerBound == range.lowerBound)
            #expect(span.upperBound == (number + 1 < expected.count ? expected[number + 1].lowerBound : range.upperBound))
        }
        let bytes = index.blocks.reduce(0) { $0 + $1.deltas.count + $1.bases.count * 12 + $1.overflow.count * 8 }
        #expect(bytes < 150_000 * 3 / 2)
    }

    /// A snapshot taken while reading shares the full blocks and is not changed by later elements.
    @Test func snapshotsDoNotChangeAsTheBuilderGrows() {
        var builder = JSONElementIndexBuilder()
        for index in 0..<100 { builder.append(start: index * 2, end: index * 2 + 1) }
        let early = builder.snapshot()
        for index in 100..<70_000 { builder.append(start: index * 2, end: index * 2 + 1) }
        #expect(early.count == 100)
        #expect(early.span(of: 99) == 198..<199)
        #expect(builder.snapshot().span(of: 99) == 198..<200)
        #expect(builder.snapshot().span(of: 69_999) == 139_998..<139_999)
    }
}

/// The bytes of a document that cannot be read back move to a temporary file, and rows are
/// read from it.
@Suite struct JSONByteStoreTests {
    @Test func aLargeStreamMovesToATemporaryFileAndReadsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lister-json-spill-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = JSONByteStore(spill: LineSpillPolicy(directory: directory.path, threshold: 64))
        var builder = JSONDocumentBuilder(name: "pipe", itemsPath: nil, idField: nil, maxBytes: .max, bytes: store)
        let text = "[" + (0..<200).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ", ") + "]"
        for chunk in Array(text.utf8).chunks(of: 37) {
            try chunk.withUnsafeBufferPointer { (buffer) throws(ListError) in try builder.append(buffer) }
        }
        let rows = try builder.finish()
        #expect(store.isInFile)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)  // unlinked
        #expect(rows.count == 200)
        #expect(rows[150].id == .key("150"))
        #expect(rows[199].value["name"] == .string("n199"))
    }
}

extension Array {
    fileprivate func chunks(of size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
