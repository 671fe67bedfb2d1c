import ArgumentParser
import Testing

@testable import ListerCommands

/// `lister sqlite DATABASE TABLE --sort COLUMN[:asc|:desc]`: what parses, and the usage
/// errors (status 2) of what does not.
@Suite struct SqliteSortOptionTests {
    @Test func aColumnWithOrWithoutADirection() throws {
        #expect(try SqliteCommand.parse(["/etc/hostname", "t", "--sort", "c01"]).columnSort == ColumnSortOption(column: "c01", ascending: true))
        #expect(try SqliteCommand.parse(["/etc/hostname", "t", "--sort", "c01:desc"]).columnSort == ColumnSortOption(column: "c01", ascending: false))
        #expect(try SqliteCommand.parse(["/etc/hostname", "t", "--sort", "c01:ASC"]).columnSort == ColumnSortOption(column: "c01", ascending: true))
        // The direction follows the last colon: a name with a colon in it keeps it.
        #expect(try SqliteCommand.parse(["/etc/hostname", "t", "--sort", "a:b:desc"]).columnSort == ColumnSortOption(column: "a:b", ascending: false))
        #expect(try SqliteCommand.parse(["/etc/hostname", "t"]).columnSort == nil)
    }

    /// The message of the usage error `arguments` make, or nil when they parse.
    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try SqliteCommand.parse(arguments)
            return nil
        } catch {
            return SqliteCommand.message(for: error)
        }
    }

    @Test func aBadDirectionAMissingNameOrNoTableAreUsageErrors() {
        #expect(usageError(["/etc/hostname", "t", "--sort", "c01:up"])
            == "--sort takes COLUMN, COLUMN:asc or COLUMN:desc, not 'c01:up': 'up' is no direction"
            + " (a column whose name has a ':' is written with its direction, as in 'c01:up:asc')")
        #expect(usageError(["/etc/hostname", "t", "--sort", ":desc"])
            == "--sort takes COLUMN, COLUMN:asc or COLUMN:desc, not ':desc': the column's name is missing")
        #expect(usageError(["/etc/hostname", "--sort", "c01"])
            == "--sort sorts the rows of a table: give one, as in 'lister sqlite /etc/hostname TABLE --sort c01'")
    }
}
