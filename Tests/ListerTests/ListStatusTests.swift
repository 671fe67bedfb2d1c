@testable import Lister
import Testing

/// What the status line says of a list that is not filtering, from its model alone.
@MainActor
@Suite struct ListStatusTests {
    private let fruits = (1...5).map { Fruit(id: $0, name: "fruit \($0)") }

    @Test func aSortAtTheSourceSaysSortingUntilItsRowsCome() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        var asked = 0
        let sorting = StatusLine.list(model, sortingAtSource: true, reading: { asked += 1; return "" }, live: { _, _ in })
        #expect(sorting.words == ["sorting…"])
        let loading = StatusLine.list(model, sortingAtSource: false, reading: { asked += 1; return "" }, live: { _, _ in })
        #expect(loading.words == [StatusLine.shownWord(isLoading: true, failed: false)])
        #expect(asked == 0)  // no stream: what it read is never asked
    }

    @Test func aLiveFeedAddsItsWordsAfterItsActivitys() {
        var model = loadedModel(fruits, selected: 1)
        model.activity = .live
        let line = StatusLine.list(model, sortingAtSource: false, reading: { "" }, live: { _, line in line.say("3 new ↓") })
        #expect(line.words == [StatusLine.activityWord(.live), "3 new ↓"])
        #expect(line == StatusLine.list(model, sortingAtSource: true, reading: { "" }, live: { _, line in line.say("3 new ↓") }))
    }
}
