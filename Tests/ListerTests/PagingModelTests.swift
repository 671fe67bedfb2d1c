import Lister
import Testing

/// Every paging transition of ``ListModel``, as pure values.
@Suite struct PagingModelTests {
    @Test func aFirstPageWithMoreLeavesMoreToLoad() {
        let model = pagedModel(0..<5)
        #expect(model.count == 5)
        #expect(model.isPaged)
        #expect(model.pageCount == 1)
        #expect(model.paging == .more)
        #expect(!model.isLoadInFlight)
    }

    @Test func aOneShotListIsOnePageWithNoMore() {
        let model = loadedModel(fruits)
        #expect(!model.isPaged)
        #expect(model.pageCount == 1)
        #expect(model.paging == .complete)
    }

    @Test func theNextPageLoadsOnlyWithinThePrefetchDistance() {
        var model = pagedModel(0..<10, prefetchDistance: 2)
        model.select(6)
        #expect(model.loadMoreIfNeeded(now: .zero) == [])
        model.select(7)  // 2 rows from the last loaded row
        #expect(model.loadMoreIfNeeded(now: .zero) == [.loadPage(generation: 2, page: 2)])
        #expect(model.paging == .loadingMore)
        #expect(model.loadMoreIfNeeded(now: .zero) == [])  // one page at a time
    }

    @Test func theDefaultPrefetchDistanceIsOneScreen() {
        var model = pagedModel(0..<20, prefetchDistance: nil)
        model.layout(height: 5)
        model.select(13)
        #expect(model.loadMoreIfNeeded(now: .zero) == [])
        model.select(14)
        #expect(model.loadMoreIfNeeded(now: .zero) == [.loadPage(generation: 2, page: 2)])
    }

    @Test func aPageIsAppendedAndTheSelectionStays() {
        var model = pagedModel(0..<5)
        model.select(3)
        _ = model.loadMoreIfNeeded(now: .zero)
        #expect(model.receive(page: .success(page(5..<10, next: 3)), generation: 2, now: .zero) == true)
        #expect(model.state.items.map(\.id) == Array(0..<10))
        #expect(model.selectedItem == Book(3))
        #expect(model.pageCount == 2)
        #expect(model.paging == .more)
    }

    @Test func aPageWithoutNextEndsTheList() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        model.receive(page: .success(page(5..<7, next: nil)), generation: 2, now: .zero)
        #expect(model.paging == .complete)
        #expect(model.count == 7)
        model.select(6)
        #expect(model.loadMoreIfNeeded(now: .zero) == [])
        #expect(model.loadMore(now: .zero) == [])
    }

    @Test func aFailedPageKeepsEveryRowAndRetryAsksForThatPageAgain() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        model.receive(page: .success(page(5..<10, next: 3)), generation: 2, now: .zero)
        _ = model.loadMore(now: .zero)
        model.receive(page: Result<Page<Book, Int>, ListError>.failure(ListError("HTTP 502")), generation: 3, now: .zero)
        #expect(model.paging == .failed(ListError("HTTP 502")))
        #expect(model.count == 10)
        #expect(model.loadMoreIfNeeded(now: .zero) == [])  // no automatic retry
        // `r` asks for page 3 again, not page 1.
        #expect(model.refresh(now: .zero) == [.loadPage(generation: 4, page: 3)])
        #expect(!model.isRefreshing)
        model.receive(page: .success(page(10..<12, next: nil)), generation: 4, now: .zero)
        #expect(model.count == 12)
        #expect(model.pageCount == 3)
        #expect(model.paging == .complete)
    }

    @Test func anIdAlreadyShownIsNotShownAgainAcrossOrWithinPages() {
        var model = ListModel<Book>()
        _ = model.load(now: .zero)
        let first = [Book(1), Book(2), Book(2, title: "again"), Book(3)]
        model.receive(page: .success(Page(first, next: 2)), generation: 1, now: .zero)
        #expect(model.state.items.map(\.id) == [1, 2, 3])
        #expect(model.state.items[1].title == "book 2")  // the first occurrence wins
        _ = model.loadMore(now: .zero)
        // The server shifted by one: book 3 comes again at the top of page 2.
        model.receive(page: .success(Page([Book(3, title: "shifted"), Book(4)], next: 3)), generation: 2, now: .zero)
        #expect(model.state.items.map(\.id) == [1, 2, 3, 4])
        #expect(model.state.items[2].title == "book 3")
    }

    @Test func aRefreshReplacesThePagesAndKeepsTheSelectedItem() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        model.receive(page: .success(page(5..<10, next: 3)), generation: 2, now: .zero)
        model.select(3)
        #expect(model.refresh(now: .zero) == [.startLoad(generation: 3)])
        #expect(model.isRefreshing)
        #expect(model.count == 10)  // rows stay while refreshing
        // Two new books arrive in front; book 3 moves down and stays selected.
        model.receive(page: .success(Page([Book(100), Book(101)] + books(0..<5), next: 2)), generation: 3, now: .zero)
        #expect(!model.isRefreshing)
        #expect(model.state.items.map(\.id) == [100, 101, 0, 1, 2, 3, 4])  // paging resumes from page 1
        #expect(model.pageCount == 1)
        #expect(model.paging == .more)
        #expect(model.selectedItem == Book(3))
        #expect(model.selection == 5)
    }

    @Test func aRefreshThatLosesTheSelectedItemKeepsTheNearestPosition() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        model.receive(page: .success(page(5..<10, next: 3)), generation: 2, now: .zero)
        model.select(8)
        _ = model.refresh(now: .zero)
        model.receive(page: .success(page(0..<5, next: 2)), generation: 3, now: .zero)
        #expect(model.selection == 4)
        #expect(model.selectedItem == Book(4))
    }

    @Test func aRefreshCancelsThePageInFlightAndItsResultIsDropped() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        #expect(model.refresh(now: .zero) == [.cancelLoad(generation: 2), .startLoad(generation: 3)])
        #expect(model.paging == .more)  // the old list still had more; no "Loading more…"
        #expect(model.receive(page: .success(page(5..<10, next: 3)), generation: 2, now: .zero) == false)
        #expect(model.count == 5)
    }

    @Test func aReloadDiscardsThePages() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        #expect(model.load(now: .zero) == [.cancelLoad(generation: 2), .startLoad(generation: 3)])
        #expect(model.state.isLoading)
        #expect(model.count == 0)
        #expect(model.paging == .complete)
        model.receive(page: .success(page(50..<52, next: nil)), generation: 3, now: .zero)
        #expect(model.state.items.map(\.id) == [50, 51])
        #expect(model.pageCount == 1)
    }

    @Test func loadsThatFinishOutOfOrderNeverChangeTheScreen() {
        // Page 2 is asked for, then a refresh supersedes it; the refresh answers first.
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)                // generation 2: page 2
        _ = model.refresh(now: .zero)                 // generation 3: page 1 again
        #expect(model.receive(page: .success(page(10..<15, next: 2)), generation: 3, now: .zero) == true)
        #expect(model.receive(page: .success(page(5..<10, next: 3)), generation: 2, now: .zero) == false)
        #expect(model.state.items.map(\.id) == Array(10..<15))
        #expect(model.pageCount == 1)
        // And the other way round: the superseded page answers before the refresh.
        _ = model.loadMore(now: .zero)                // generation 4
        _ = model.refresh(now: .zero)                 // generation 5
        #expect(model.receive(page: .success(page(99..<100, next: nil)), generation: 4, now: .zero) == false)
        #expect(model.paging == .more)
        #expect(model.receive(page: .success(page(20..<25, next: 2)), generation: 5, now: .zero) == true)
        #expect(model.state.items.map(\.id) == Array(20..<25))
    }

    @Test func aPageThatBringsNothingForTheTimeoutFailsAndIsCancelled() {
        var model = pagedModel(0..<5, timeout: .seconds(30))
        #expect(model.nextDeadline(after: .zero) == nil)  // idle: nothing to wait for
        _ = model.loadMore(now: .seconds(10))
        #expect(model.nextDeadline(after: .seconds(10)) == .seconds(40))
        #expect(model.timeOut(now: .seconds(39)) == [])
        #expect(model.timeOut(now: .seconds(40)) == [.cancelLoad(generation: 2)])
        #expect(model.paging == .failed(ListError("timed out after 30 s")))
        #expect(model.paging.error?.isRetryable == true)
        #expect(model.count == 5)
        #expect(model.nextDeadline(after: .seconds(40)) == nil)
        #expect(model.receive(page: .success(page(5..<10, next: nil)), generation: 2, now: .seconds(41)) == false)
        #expect(model.refresh(now: .seconds(50)) == [.loadPage(generation: 3, page: 2)])
    }

    @Test func aFirstLoadOrARefreshCanTimeOutToo() {
        var model = ListModel<Book>(timing: LoadTiming(spinnerDelay: .milliseconds(100)))
        model.timeout = .milliseconds(1500)
        _ = model.load(now: .zero)
        model.advance(to: .seconds(1))
        #expect(model.isSpinnerVisible)
        #expect(model.timeOut(now: .milliseconds(1500)) == [.cancelLoad(generation: 1)])
        #expect(model.state.error == ListError("timed out after 1.5 s"))
        #expect(!model.isSpinnerVisible)

        var refreshed = pagedModel(0..<5, timeout: .seconds(30))
        _ = refreshed.refresh(now: .zero)
        _ = refreshed.timeOut(now: .seconds(30))
        #expect(refreshed.refreshError == ListError("timed out after 30 s"))
        #expect(!refreshed.isRefreshing)
        #expect(refreshed.count == 5)
    }

    /// An API that ends with an empty page (issue 33): the list has the pages that brought
    /// rows, not one more (`page 6` and "pages 2-6 load again" for 5 pages of rows).
    @Test func anEmptyLastPageIsNotAPage() {
        var model = pagedModel(0..<5)
        _ = model.loadMore(now: .zero)
        model.receive(page: .success(page(5..<10, next: 3)), generation: 2, now: .zero)
        #expect(model.pageCount == 2)
        #expect(model.loadMore(now: .zero) == [.loadPage(generation: 3, page: 3)])
        model.receive(page: .success(page(10..<10, next: nil)), generation: 3, now: .zero)
        #expect(model.paging == .complete)
        #expect(model.count == 10)
        #expect(model.pageCount == 2)
    }

    @Test func anEmptyFirstPageWithMoreLoadsTheNext() {
        var model = ListModel<Book>()
        _ = model.load(now: .zero)
        model.receive(page: .success(page(0..<0, next: 2)), generation: 1, now: .zero)
        #expect(model.paging == .more)
        #expect(model.loadMoreIfNeeded(now: .zero) == [.loadPage(generation: 2, page: 2)])
        model.receive(page: .success(page(0..<3, next: nil)), generation: 2, now: .zero)
        #expect(model.count == 3)
    }

    @Test func pagesThatKeepBringingNothingNewStopPaging() {
        var model = pagedModel(0..<5)
        for generation in 2..<12 {
            #expect(model.loadMore(now: .zero) == [.loadPage(generation: generation, page: generation)])
            model.receive(page: .success(page(0..<5, next: generation + 1)), generation: generation, now: .zero)
        }
        #expect(model.paging == .failed(ListError("10 pages in a row brought no new items")))
    }
}

extension PagingStatus {
    /// The error of a failed page.
    var error: ListError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
