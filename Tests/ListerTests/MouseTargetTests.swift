@testable import Lister
import TerminalCore
import Testing

/// Where a mouse event goes, from the regions the last frame drew, on its own.
@MainActor
@Suite struct MouseTargetTests {
    /// A header line on row 1, the list on rows 2-9 (columns 0-29), a preview beside it.
    private func regions() -> RegionMap {
        let regions = RegionMap()
        regions.body = Rect(row: 1, column: 0, rows: 9, columns: 50)
        regions.record(.tableHeader, Rect(row: 1, column: 2, rows: 1, columns: 28))
        regions.record(.list, Rect(row: 2, column: 0, rows: 8, columns: 30))
        regions.record(.preview, Rect(row: 2, column: 30, rows: 8, columns: 20))
        return regions
    }

    private func target(_ kind: MouseEvent.Kind, row: Int, column: Int, regions: RegionMap? = nil,
                        events: [PromptEvent: Command] = [:], upward: Bool = false) -> MouseTarget {
        MouseTarget.of(MouseEvent(kind, row: row, column: column), regions: regions ?? self.regions(), events: events,
                       listGrowsUpward: upward)
    }

    @Test func aClickGoesToTheListsLineOrTheHeadersColumn() {
        #expect(target(.press, row: 5, column: 3) == .list(line: 3))
        #expect(target(.press, row: 1, column: 7) == .tableHeader(x: 5))
        #expect(target(.press, row: 5, column: 40) == .none)  // the preview takes no clicks
        #expect(target(.press, row: 0, column: 3) == .none)  // outside the body
        let noList = RegionMap()
        noList.body = Rect(row: 1, column: 0, rows: 9, columns: 50)
        #expect(target(.press, row: 4, column: 40, regions: noList) == .list(line: 3))  // a body without a list
    }

    @Test func theWheelMovesTheListOrScrollsThePaneUnlessBound() {
        #expect(target(.wheelDown, row: 5, column: 3) == .perform(.down, times: 3))
        #expect(target(.wheelUp, row: 5, column: 3, upward: true) == .perform(.down, times: 3))  // drawn bottom-up
        #expect(target(.wheelDown, row: 5, column: 40) == .perform(.previewDown, times: 3))
        #expect(target(.wheelUp, row: 5, column: 3, events: [.scrollUp: .top]) == .perform(.top, times: 1))
    }
}
