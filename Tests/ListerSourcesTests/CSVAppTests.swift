@_spi(Testing) import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// `lister csv` as a screen: sorted rows still filter through the records' bytes.
@MainActor
@Suite struct CSVAppTests {
    static let planets = "name,size\nbeta,20\nalpha,3\ngamma,100\ndelta,7\n"

    /// The names of the rows shown, top to bottom.
    func names(_ app: HeadlessApp) -> [String] {
        app.lines.dropFirst(2).compactMap { line in
            let name = line.split(separator: " ").first.map(String.init) ?? ""
            return ["alpha", "beta", "gamma", "delta"].contains(name) ? name : nil
        }
    }

    /// After a sort, `/` reads the records where they are (the compact source, in the
    /// sorted order), not strings built from the cells: a query across the delimiter
    /// (`ta,`) matches the records as read, and the matches keep the sorted order.
    @Test func aSortedTableFiltersThroughTheRecordsInTheSortedOrder() async throws {
        let scratch = try DirSqlScratch()
        let path = try scratch.file("planets.csv", Array(Self.planets.utf8))
        let app = HeadlessApp(root: CSVScreen(input: .file(path)), size: Size(rows: 12, columns: 40))
        await app.start()
        await app.settle()
        #expect(names(app) == ["beta", "alpha", "gamma", "delta"])
        await app.press(.character("S"))  // by name, descending
        #expect(names(app) == ["gamma", "delta", "beta", "alpha"])
        await app.press(.character("/"))
        await app.type("ta,")
        #expect(names(app) == ["delta", "beta"])
        #expect(app.runtime.filterSourceDescription?.contains("PermutedFilterableText") == true)
        await app.press(.escape)  // the filter closes
        #expect(names(app) == ["gamma", "delta", "beta", "alpha"])
        await app.press(.character("s"))  // by size, ascending: 3, 7, 20, 100
        #expect(names(app) == ["alpha", "delta", "beta", "gamma"])
        await app.press(.character("/"))
        await app.type("a,")
        #expect(names(app) == ["alpha", "delta", "beta", "gamma"])
        await app.press(.backspace, .backspace)
        await app.type("ta,")
        #expect(names(app) == ["delta", "beta"])
        #expect(app.runtime.filterSourceDescription?.contains("PermutedFilterableText") == true)
    }

    /// Unsorted, the filter reads the table itself.
    @Test func anUnsortedTableFiltersTheTableItself() async throws {
        let scratch = try DirSqlScratch()
        let path = try scratch.file("planets.csv", Array(Self.planets.utf8))
        let app = HeadlessApp(root: CSVScreen(input: .file(path)), size: Size(rows: 12, columns: 40))
        await app.start()
        await app.settle()
        await app.press(.character("/"))
        await app.type("ta,")
        #expect(names(app) == ["beta", "delta"])
        #expect(app.runtime.filterSourceDescription == "CSVTable")
    }
}
