import Foundation
import Testing

/// `lister demo live`: posts arrive at the top while the selection stays on its post.
@Suite struct LiveDemoEndToEndTests {
    @Test func newPostsArriveAboveAndTheSelectionStays() throws {
        let session = try TmuxSession(lister: ["demo", "live", "--latency", "0"], columns: 100, rows: 12)
        defer { session.close() }
        try session.waitFor("1/5   live")
        try session.sendKeys("Down", "Down")
        try session.waitFor("3/5")
        let arrived = try session.waitFor("4/6   live · 1 new post since you opened it", timeout: .seconds(10))
        #expect(arrived.contains("just now"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
