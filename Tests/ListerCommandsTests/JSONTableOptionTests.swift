import ArgumentParser
import ListerSources
import Testing

@testable import ListerCommands

/// When `lister json` shows a table: the options, then the first rows read.
@Suite struct JSONTableOptionTests {
    static let shared = JSONRows(JSONItem.elements([
        .object([JSONField("a", .number("1")), JSONField("b", .number("2"))]),
        .object([JSONField("a", .number("3"))]),
    ], idField: nil))
    static let mixed = JSONRows(JSONItem.elements([
        .object([JSONField("type", .string("x")), JSONField("p", .number("1"))]),
        .object([JSONField("type", .string("y")), JSONField("q", .number("1")), JSONField("r", .null)]),
    ], idField: nil))

    func command(_ arguments: [String]) throws -> JSONCommand {
        try JSONCommand.parse(arguments + ["data.json"])
    }

    @Test func objectsSharingTheirKeysAreATableUnlessLinesAreAskedFor() throws {
        #expect(try command([]).showsTable(firstRows: Self.shared))
        #expect(try !command([]).showsTable(firstRows: Self.mixed))
        #expect(try !command([]).showsTable(firstRows: nil))  // nothing read yet
        #expect(try !command(["--no-table"]).showsTable(firstRows: Self.shared))
        #expect(try !command(["--title", "a"]).showsTable(firstRows: Self.shared))
        #expect(try !command(["--subtitle", "b"]).showsTable(firstRows: Self.shared))
    }

    /// A paged API's first page is waited for only when the options leave the choice open.
    @Test func optionsThatDecideAloneNeedNoRows() throws {
        #expect(try !command([]).decidesTableAlone)
        for options in [["--table"], ["--no-table"], ["--columns", "a"], ["--title", "a"], ["--subtitle", "b"]] {
            #expect(try command(options).decidesTableAlone, "\(options)")
        }
    }

    @Test func tableAndColumnsForceATable() throws {
        #expect(try command(["--table"]).showsTable(firstRows: Self.mixed))
        #expect(try command(["--table", "--title", "a"]).showsTable(firstRows: nil))
        let columns = try command(["--columns", "b,a.x"])
        #expect(columns.showsTable(firstRows: nil))
        #expect(columns.namedColumns?.map(\.path) == [["b"], ["a", "x"]])
    }

    /// The message of the usage error `arguments` make, or nil when they parse.
    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try JSONCommand.parse(arguments)
            return nil
        } catch {
            return JSONCommand.message(for: error)
        }
    }

    /// A paged API is a table too (its first page gives the columns).
    @Test func columnsWithNoTableAreAUsageErrorButPagingIsNot() {
        #expect(usageError(["--columns", "a", "--no-table", "data.json"]) == "--columns shows a table: it does not go with --no-table")
        #expect(usageError(["--table", "--link-next", "https://example.com/items"]) == nil)
        #expect(usageError(["--columns", "a,b", "--page-param", "page", "https://example.com/items"]) == nil)
        #expect(usageError(["--columns", "a,,b", "data.json"])?.contains("column 2 is empty") == true)
        #expect(usageError(["--table", "https://example.com/items"]) == nil)
    }
}
