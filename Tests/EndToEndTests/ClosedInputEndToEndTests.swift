import Foundation
import Testing

/// A closed standard input (`<&-`) is no input: the next file opened would otherwise take
/// descriptor 0 and be read as the input.
@Suite struct ClosedInputEndToEndTests {
    /// The lister binary, quoted for a shell command line.
    func lister() throws -> String { "'" + (try TmuxSession.listerPath()) + "'" }

    @Test func linesWithClosedInputIsAClearError() throws {
        let session = try TmuxSession(shell: "exec \(try lister()) lines <&-", captureStderr: true)
        #expect(try session.waitForExit() == 2)
        let stderr = try session.standardError()
        #expect(stderr.contains("no input: standard input is closed"), "\(stderr)")
        #expect(!stderr.contains("Resource temporarily unavailable"))
    }

    @Test func listerWithClosedInputOnATerminalShowsTheDemo() throws {
        let session = try TmuxSession(shell: "exec \(try lister()) <&-")
        try session.waitUntil("the demo menu") { $0.hasPrefix("Demos") }
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
