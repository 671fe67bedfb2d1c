@_spi(Testing) @testable import Lister
import ListerTestSupport
import Testing

/// The work on a live list's feed, done by ``LiveHostState`` on the model the host lends
/// (LiveHostState+Feed.swift), without a host.
@MainActor
@Suite struct LiveFeedWorkTests {
    private let probe = LoadsProbe<LiveMessage>()
    private let fruits = (1...5).map { Fruit(id: $0, name: "fruit \($0)") }

    private func live(followsEnd: Bool = false) -> LiveHostState<Fruit> {
        LiveHostState(feed: LiveFeed<Fruit>(read: { _, _ in }, followsEnd: followsEnd, frameInterval: .zero))
    }

    @Test func theFeedStartsOnceTheListHasLoadedAndStopsWithItsTaskCancelled() {
        var live = live(followsEnd: true)
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        live.startIfDue(model: &model, loads: probe.loads)
        #expect(probe.cancelled(.feed, generation: 1) == nil && model.activity != .live)  // still loading
        model.receive(.success(ItemList(fruits)), generation: model.generation, now: .zero)
        live.startIfDue(model: &model, loads: probe.loads)
        #expect(probe.cancelled(.feed, generation: 1) == false)
        #expect(model.activity == .live && model.selection == 4)  // follows its end: opens on the last row
        live.stop(model: &model, loads: probe.loads)
        #expect(probe.cancelled(.feed, generation: 1) == true)
        #expect(model.activity == .settled && live.inbox == nil)
    }

    @Test func changesApplyWhenDueAndDropTheMarksOfRemovedRows() {
        var live = live()
        var model = loadedModel(fruits)
        var marks = ListMarks<Int>()
        _ = marks.toggle(2, limit: nil)
        live.start(model: &model, loads: probe.loads)
        _ = live.inbox?.put(.remove(2))
        let stale = live.take(.arrived, generation: live.generation - 1, now: .zero, model: &model, marks: &marks)
        #expect(!stale && model.count == 5)  // an older start's message changes nothing
        #expect(live.take(.arrived, generation: live.generation, now: .zero, model: &model, marks: &marks))
        #expect(model.count == 4 && marks.isEmpty)
    }

    @Test func anEndedFeedSaysSoAndRefreshStartsItAgain() {
        var live = live()
        var model = loadedModel(fruits)
        var marks = ListMarks<Int>()
        live.start(model: &model, loads: probe.loads)
        let generation = live.generation
        #expect(live.take(.ended(nil), generation: generation, now: .zero, model: &model, marks: &marks))
        #expect(model.activity == .liveEnded && live.inbox == nil)
        #expect(!live.restart(on: .reload, canReload: true, model: &model, loads: probe.loads))
        #expect(live.restart(on: .refresh, canReload: true, model: &model, loads: probe.loads))
        #expect(model.activity == .live && probe.cancelled(.feed, generation: live.generation) == false)
    }
}
