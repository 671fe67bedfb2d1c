import Lister
import Testing

@Suite struct ListModelTests {
    @Test func loadStartsTheFirstGeneration() {
        var model = ListModel<Fruit>()
        let result1 = model.load(now: .zero)
        #expect(result1 == [.startLoad(generation: 1)])
        #expect(model.state.isLoading)
        #expect(model.isLoadInFlight)
    }

    @Test func successWithItemsIsLoadedAndWithoutIsEmpty() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        let result2 = model.receive(.success(ItemList(fruits)), generation: 1, now: .zero)
        #expect(result2)
        #expect(model.state.items.map(\.name) == fruits.map(\.name))
        _ = model.load(now: .zero)
        model.receive(.success([]), generation: 2, now: .zero)
        guard case .empty = model.state else { Issue.record("expected empty, got \(model.state)"); return }
    }

    @Test func failureIsAnError() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(.failure(ListError("offline")), generation: 1, now: .zero)
        #expect(model.state.error == ListError("offline"))
        #expect(!model.isLoadInFlight)
    }

    @Test func aStaleResultIsDropped() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        let result3 = model.load(now: .zero)
        #expect(result3 == [.cancelLoad(generation: 1), .startLoad(generation: 2)])
        let result4 = model.receive(.success(ItemList(fruits)), generation: 1, now: .zero)
        #expect(!result4)
        #expect(model.state.isLoading)
        let result5 = model.receive(.success([fruits[0]]), generation: 2, now: .zero)
        #expect(result5)
        #expect(model.count == 1)
    }

    @Test func aResultAfterCancelIsDropped() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        let result6 = model.cancel()
        #expect(result6 == [.cancelLoad(generation: 1)])
        let result7 = model.receive(.success(ItemList(fruits)), generation: 1, now: .zero)
        #expect(!result7)
    }

    @Test func refreshKeepsRowsAndSelectionByIdentity() {
        var model = loadedModel(fruits, selected: 3)  // damson
        let result8 = model.refresh(now: .zero)
        #expect(result8 == [.startLoad(generation: 2)])
        #expect(model.isRefreshing)
        #expect(model.count == fruits.count)  // rows stay while refreshing
        // Two new items arrive in front: damson moves down, and stays selected.
        let newer = [Fruit(id: 100, name: "apricot"), Fruit(id: 101, name: "avocado")] + fruits
        model.receive(.success(ItemList(newer)), generation: 2, now: .zero)
        #expect(!model.isRefreshing)
        #expect(model.selectedItem?.name == "damson")
        #expect(model.selection == 5)
    }

    @Test func refreshKeepsTheNearestPositionWhenTheItemIsGone() {
        var model = loadedModel(fruits, selected: 6)  // grape, the last
        _ = model.refresh(now: .zero)
        model.receive(.success(ItemList(Array(fruits.prefix(3)))), generation: 2, now: .zero)
        #expect(model.selection == 2)
        #expect(model.selectedItem?.name == "cherry")
    }

    @Test func aFailedRefreshKeepsTheRows() {
        var model = loadedModel(fruits, selected: 2)
        _ = model.refresh(now: .zero)
        model.receive(.failure(ListError("timed out")), generation: 2, now: .zero)
        #expect(model.count == fruits.count)
        #expect(model.refreshError == ListError("timed out"))
        #expect(model.selectedItem?.name == "cherry")
    }

    @Test func reloadDiscardsTheRows() {
        var model = loadedModel(fruits)
        let result9 = model.load(now: .zero)
        #expect(result9 == [.startLoad(generation: 2)])
        #expect(model.count == 0)
        #expect(model.state.isLoading)
    }

    @Test func refreshWithNothingShownLoadsWithTheSpinner() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(.failure(ListError("offline")), generation: 1, now: .zero)
        let result10 = model.refresh(now: .zero)
        #expect(result10 == [.startLoad(generation: 2)])
        #expect(model.state.isLoading)
        #expect(!model.isRefreshing)
    }

    @Test func spinnerAppearsOnlyAfterItsDelay() {
        var model = ListModel<Fruit>(timing: LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(300)))
        _ = model.load(now: .zero)
        #expect(model.nextDeadline(after: .zero) == .milliseconds(100))
        let result11 = model.advance(to: .milliseconds(99))
        #expect(!result11)
        #expect(!model.isSpinnerVisible)
        let result12 = model.advance(to: .milliseconds(100))
        #expect(result12)
        #expect(model.isSpinnerVisible)
    }

    @Test func aFastLoadNeverShowsTheSpinner() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(.success(ItemList(fruits)), generation: 1, now: .milliseconds(50))
        #expect(!model.isSpinnerVisible)
        #expect(model.nextDeadline(after: .milliseconds(50)) == nil)
    }

    @Test func theSpinnerStaysForItsMinimum() {
        var model = ListModel<Fruit>(timing: LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(300), frameInterval: .milliseconds(80)))
        _ = model.load(now: .zero)
        model.advance(to: .milliseconds(100))
        // The result arrives 20 ms after the spinner appeared: it is held.
        let result13 = model.receive(.success(ItemList(fruits)), generation: 1, now: .milliseconds(120))
        #expect(result13)
        #expect(model.state.isLoading)
        #expect(model.nextDeadline(after: .milliseconds(120)) == .milliseconds(180))  // next frame
        model.advance(to: .milliseconds(399))
        #expect(model.state.isLoading)
        model.advance(to: .milliseconds(400))
        #expect(model.count == fruits.count)
        #expect(model.nextDeadline(after: .milliseconds(400)) == nil)
    }

    /// Hosts skip advancing a settled model on every key, so `isSettled` must be false
    /// whenever time could change something: a spinner due or showing, a held result, a
    /// timeout; and true once nothing is.
    @Test func aModelIsSettledExactlyWhenNothingIsDue() {
        var model = ListModel<Fruit>(timing: LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(300)))
        #expect(model.isSettled)
        _ = model.load(now: .zero)
        #expect(!model.isSettled)  // the spinner is due
        model.advance(to: .milliseconds(100))
        model.receive(.success(ItemList(fruits)), generation: 1, now: .milliseconds(120))
        #expect(model.state.isLoading)
        #expect(!model.isSettled)  // the result is held behind the spinner
        model.advance(to: .milliseconds(400))
        #expect(model.count == fruits.count)
        #expect(model.isSettled)
        #expect(model.nextDeadline(after: .milliseconds(400)) == nil)

        _ = model.refresh(now: .milliseconds(500))
        #expect(model.isSettled)  // behind the rows: no spinner, no timeout
        #expect(model.nextDeadline(after: .milliseconds(500)) == nil)
        model.timeout = .seconds(30)
        _ = model.refresh(now: .milliseconds(600))
        #expect(!model.isSettled)  // this one can time out
        #expect(model.nextDeadline(after: .milliseconds(600)) == .milliseconds(30_600))
        _ = model.timeOut(now: .milliseconds(30_600))
        #expect(model.refreshError != nil)
        #expect(model.isSettled)
    }

    @Test func spinnerFramesTurnWithTime() {
        var model = ListModel<Fruit>(timing: LoadTiming(spinnerDelay: .zero, frameInterval: .milliseconds(80)))
        _ = model.load(now: .zero)
        model.advance(to: .zero)
        #expect(model.spinnerFrame(at: .milliseconds(79)) == 0)
        #expect(model.spinnerFrame(at: .milliseconds(160)) == 2)
        #expect(model.nextDeadline(after: .milliseconds(160)) == .milliseconds(240))
    }

    @Test func selectionIsClampedAndScrollFollowsIt() {
        var model = loadedModel(fruits)
        model.move(by: -5)
        #expect(model.selection == 0)
        model.move(by: 100)
        #expect(model.selection == fruits.count - 1)
        model.layout(height: 3)
        #expect(model.scrollOffset == 4)
        model.select(0)
        model.layout(height: 3)
        #expect(model.scrollOffset == 0)
    }

    @Test func initialItemsShowAtOnce() {
        let model = ListModel<Fruit>(items: ItemList(Array(fruits.prefix(2))))
        #expect(model.count == 2)
        #expect(!model.isLoadInFlight)
    }
}
