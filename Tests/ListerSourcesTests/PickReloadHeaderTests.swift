import Lister
import Testing
@testable import ListerSources

/// The header of `--header-lines` after reloads goes to the reload issued last, whichever
/// load runs first: the turn is taken when the reload is issued, not when its load starts.
@Suite struct PickReloadHeaderTests {
    private func header(_ shared: PickHeader) -> [String] {
        shared.lines.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aSupersededReloadThatRunsLastLeavesTheNewerHeader() async throws {
        let shared = PickHeader([Array("old".utf8)])
        let first = shared.beginReading()  // reload 1, superseded by reload 2
        let second = shared.beginReading()
        _ = try await PickReload.lines(of: "printf 'second\\nb\\n'", separator: UInt8(ascii: "\n"),
                                       header: (shared, count: 1, reader: second), progress: .ignored)
        #expect(header(shared) == ["second"])
        // Reload 1's load starts only now (a detached task's start is not ordered).
        _ = try await PickReload.lines(of: "printf 'first\\na\\n'", separator: UInt8(ascii: "\n"),
                                       header: (shared, count: 1, reader: first), progress: .ignored)
        #expect(header(shared) == ["second"])
    }
}
