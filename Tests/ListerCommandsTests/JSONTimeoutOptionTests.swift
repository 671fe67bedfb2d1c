import ArgumentParser
import Testing

@testable import ListerCommands

/// `lister json --timeout`: seconds from 1 to a day; anything else is a usage error, never
/// a crash when the transfer turns it into milliseconds.
@Suite struct JSONTimeoutOptionTests {
    @Test(arguments: ["inf", "1e300", "86401", "0.5", "nan"])
    func outOfRangeIsAUsageError(_ value: String) {
        #expect(throws: (any Error).self) { try JSONCommand.parse(["--timeout", value, "data.json"]) }
    }

    @Test(arguments: ["1", "30", "86400"])
    func aSecondToADayIsTaken(_ value: String) throws {
        #expect(try JSONCommand.parse(["--timeout", value, "data.json"]).timeout == Double(value))
    }
}
