import Lister
import Testing

/// Every transition of ``ListModel/activity``: what runs behind the rows, or how it ended,
/// is one value, and each load replaces it.
@Suite struct ListActivityTests {
    let failure = ListError("connection reset")

    private func fruitItems(_ count: Int) -> ItemList<Fruit> {
        ItemList((0..<count).map { Fruit(id: $0, name: "fruit \($0)") })
    }

    @Test func aFirstLoadIsTheStateNotAnActivity() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        #expect(model.state.isLoading)
        #expect(model.activity == .settled)
        model.receive(.failure(failure), generation: 1, now: .zero)
        #expect(model.state.error == failure)
        #expect(model.activity == .settled)  // the error is the state: nothing is shown behind it
    }

    @Test func refreshRunsBehindTheRowsThenSettlesOrFails() {
        var model = loadedModel(fruits)
        _ = model.refresh(now: .zero)
        #expect(model.activity == .refreshing)
        #expect(model.isRefreshing && model.refreshError == nil)
        model.receive(.failure(failure), generation: 2, now: .zero)
        #expect(model.activity == .refreshFailed(failure))
        #expect(!model.isRefreshing && model.refreshError == failure)
        #expect(model.count == fruits.count)  // the rows stay
        _ = model.refresh(now: .zero)  // a new refresh replaces the failure
        #expect(model.activity == .refreshing)
        model.receive(.success(ItemList(fruits)), generation: 3, now: .zero)
        #expect(model.activity == .settled)
    }

    @Test func aStreamGrowsTheRowsThenSettlesOrStops() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(progress: fruitItems(3), generation: 1, now: .zero)
        #expect(model.activity == .streaming)
        model.receive(.failure(failure), generation: 1, now: .zero)
        #expect(model.activity == .streamStopped(failure))
        #expect(model.count == 3 && model.streamError == failure && !model.isStreaming)
        _ = model.load(now: .zero)  // a reload starts over
        #expect(model.activity == .settled)
        model.receive(progress: fruitItems(2), generation: 2, now: .zero)
        model.receive(.success(fruitItems(4)), generation: 2, now: .zero)
        #expect(model.activity == .settled)
        #expect(model.count == 4)
    }

    @Test func aPageLoadsFailsAndIsAskedForAgainByRefresh() {
        var model = pagedModel(0..<5)
        #expect(model.activity == .settled && model.paging == .more)
        _ = model.loadMore(now: .zero)
        #expect(model.activity == .loadingPage(2))
        #expect(model.paging == .loadingMore)
        model.receive(page: Result<Page<Book, Int>, ListError>.failure(failure), generation: 2, now: .zero)
        #expect(model.activity == .pageFailed(2, failure))
        #expect(model.paging == .failed(failure))
        #expect(model.refresh(now: .zero) == [.loadPage(generation: 3, page: 2)])  // not page 1
        #expect(model.activity == .loadingPage(2))
        model.receive(page: .success(page(5..<8, next: nil)), generation: 3, now: .zero)
        #expect(model.activity == .settled)
        #expect(model.paging == .complete)
    }

    @Test func cancellingStopsWhatIsInFlightAndKeepsAFailureShown() {
        var paged = pagedModel(0..<5)
        _ = paged.loadMore(now: .zero)
        _ = paged.cancel()
        #expect(paged.activity == .settled)
        #expect(paged.paging == .more)  // the page stopped before its answer: still more to load

        var refreshed = loadedModel(fruits)
        _ = refreshed.refresh(now: .zero)
        refreshed.receive(.failure(failure), generation: 2, now: .zero)
        _ = refreshed.cancel()
        #expect(refreshed.activity == .refreshFailed(failure))
    }

    @Test func aRefreshOverAPagedListReplacesItsPagingState() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        _ = model.refresh(now: .zero)  // cancels the page, refreshes page 1 behind the rows
        #expect(model.activity == .refreshing)
        #expect(model.paging == .more)
        model.receive(page: .success(page(0..<5, next: nil)), generation: 3, now: .zero)
        #expect(model.activity == .settled && model.paging == .complete)
    }

    @Test func aTimedOutPageFailsAsThatPage() {
        var model = pagedModel(0..<5, timeout: .seconds(30))
        _ = model.loadMore(now: .zero)
        #expect(model.timeOut(now: .seconds(31)) == [.cancelLoad(generation: 2)])
        guard case .pageFailed(2, let error) = model.activity else {
            Issue.record("expected page 2 to fail, got \(model.activity)")
            return
        }
        #expect(error.message.contains("timed out"))
    }

    @Test func pagesThatBringNothingNewFailTheNextPage() {
        var model = pagedModel(0..<5)
        for generation in 2...11 {
            _ = model.loadMore(now: .zero)
            model.receive(page: .success(page(0..<5, next: generation + 1)), generation: generation, now: .zero)
        }
        guard case .pageFailed(let next, let error) = model.activity else {
            Issue.record("expected a failed page, got \(model.activity)")
            return
        }
        #expect(next == model.pageCount + 1)
        #expect(error.message == "10 pages in a row brought no new items")
    }
}
