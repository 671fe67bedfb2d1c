import Lister
import Testing

/// The model's side of streams: rows reported while the load goes on.
@Suite struct StreamingModelTests {
    private func items(_ count: Int) -> ItemList<Fruit> {
        ItemList((0..<count).map { Fruit(id: $0, name: "fruit \($0)") })
    }

    @Test func reportedRowsShowWhileTheLoadGoesOn() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        let step1 = model.receive(progress: items(3), generation: 1, now: .milliseconds(5))
        #expect(step1)
        #expect(model.count == 3)
        #expect(model.isStreaming)
        #expect(model.isLoadInFlight)
        let step2 = model.receive(.success(items(5)), generation: 1, now: .milliseconds(9))
        #expect(step2)
        #expect(model.count == 5)
        #expect(!model.isStreaming)
        #expect(!model.isLoadInFlight)
    }

    @Test func theSelectionAndScrollStayWhileRowsAreAppended() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(progress: items(50), generation: 1, now: .zero)
        model.select(30)
        model.layout(height: 10)
        let scroll = model.scrollOffset
        let revision = model.replacedRevision
        model.receive(progress: items(5000), generation: 1, now: .milliseconds(30))
        model.layout(height: 10)
        #expect(model.selection == 30)
        #expect(model.scrollOffset == scroll)
        #expect(model.replacedRevision == revision)  // appended: a filter looks at new rows only
        model.receive(.success(items(6000)), generation: 1, now: .milliseconds(60))
        #expect(model.selection == 30)
        #expect(model.replacedRevision == revision)
    }

    /// The final rows replace the last report's even when they are as many: a report may
    /// show the start of a row still being read, and the result that row whole.
    @Test func theFinalRowsReplaceAReportOfTheSameCount() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(progress: ItemList([Fruit(id: 0, name: "a"), Fruit(id: 1, name: "the start of b")]), generation: 1, now: .zero)
        model.select(1)
        model.receive(.success(ItemList([Fruit(id: 0, name: "a"), Fruit(id: 1, name: "the start of b, and its end")])),
                      generation: 1, now: .milliseconds(9))
        #expect(model.state.items[1].name == "the start of b, and its end")
        #expect(model.selection == 1)
    }

    /// A stream whose later rows are fewer than those shown (a file cut short while it was
    /// read) replaces them; the selection stays among them. It trapped on the range of
    /// "appended" rows.
    @Test func fewerRowsThanShownReplaceThem() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(progress: items(5), generation: 1, now: .zero)
        model.select(4)
        let revision = model.replacedRevision
        model.receive(progress: items(3), generation: 1, now: .milliseconds(5))
        #expect(model.count == 3)
        #expect(model.selection == 2)
        #expect(model.replacedRevision != revision)  // a filter looks at every row again
        model.receive(.success(items(2)), generation: 1, now: .milliseconds(9))
        #expect(model.count == 2)
        #expect(model.selection == 1)
    }

    @Test func theFirstRowsEndTheSpinner() {
        var model = ListModel<Fruit>(timing: LoadTiming(spinnerDelay: .milliseconds(100), spinnerMinimum: .milliseconds(500)))
        _ = model.load(now: .zero)
        model.advance(to: .milliseconds(150))
        #expect(model.isSpinnerVisible)
        model.receive(progress: items(2), generation: 1, now: .milliseconds(160))
        #expect(!model.isSpinnerVisible)  // rows show at once: no spinner minimum for a stream
        #expect(model.nextDeadline(after: .milliseconds(160)) == nil)
    }

    @Test func anEmptyReportKeepsTheSpinner() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        let step3 = model.receive(progress: items(0), generation: 1, now: .milliseconds(10))
        #expect(step3)
        #expect(model.state.isLoading)
        #expect(!model.isStreaming)
        #expect(model.nextDeadline(after: .milliseconds(10)) != nil)  // the spinner is still due
    }

    @Test func eachReportStartsTheTimeoutAgain() {
        var model = ListModel<Fruit>()
        model.timeout = .seconds(1)
        _ = model.load(now: .zero)
        model.receive(progress: items(1), generation: 1, now: .milliseconds(900))
        let step4 = model.timeOut(now: .milliseconds(1500))
        #expect(step4.isEmpty)  // 600 ms since the last rows
        model.receive(progress: items(2), generation: 1, now: .milliseconds(1800))
        let step5 = model.timeOut(now: .milliseconds(2700))
        #expect(step5.isEmpty)
        let step6 = model.timeOut(now: .milliseconds(2800))
        #expect(step6 == [.cancelLoad(generation: 1)])
        // A stream that times out keeps the rows it brought, and says why it stopped.
        #expect(model.count == 2)
        #expect(model.streamError == ListError("timed out after 1 s"))
        #expect(!model.isStreaming)
    }

    @Test func aStreamThatFailsKeepsItsRows() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(progress: items(4), generation: 1, now: .zero)
        model.receive(.failure(ListError("cannot read standard input: I/O error")), generation: 1, now: .zero)
        #expect(model.count == 4)
        #expect(model.streamError?.message == "cannot read standard input: I/O error")
        // The next load forgets it.
        _ = model.load(now: .zero)
        #expect(model.streamError == nil)
    }

    @Test func staleReportsAreDropped() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(progress: items(3), generation: 1, now: .zero)
        _ = model.load(now: .zero)  // reload: generation 2
        let step7 = model.receive(progress: items(9), generation: 1, now: .zero)
        #expect(!step7)
        #expect(model.state.isLoading)
        model.receive(.success(items(2)), generation: 2, now: .zero)
        // A report after the result of its own load is dropped too.
        let step8 = model.receive(progress: items(1), generation: 2, now: .zero)
        #expect(!step8)
        #expect(model.count == 2)
        _ = model.cancel()
        let step9 = model.receive(progress: items(1), generation: 3, now: .zero)
        #expect(!step9)
    }

    /// Initial items that are the start of the stream (`lister lines FILE`'s first
    /// screenful): the stream's reports grow them at once, with no spinner and no refresh
    /// hiding the rows that come.
    @Test func aStreamContinuesTheInitialItems() {
        var model = ListModel<Fruit>(items: items(3), timing: LoadTiming(spinnerDelay: .milliseconds(100)))
        model.select(2)
        let effects = model.continueStream(now: .zero)
        #expect(effects == [.startLoad(generation: 1)])
        #expect(model.isStreaming)
        #expect(!model.isRefreshing)
        model.advance(to: .milliseconds(150))
        #expect(!model.isSpinnerVisible)
        let shown = model.receive(progress: items(40), generation: 1, now: .milliseconds(160))
        #expect(shown)
        #expect(model.count == 40)  // shown while the load goes on, unlike a refresh's report
        #expect(model.selection == 2)
        model.receive(.success(items(90)), generation: 1, now: .milliseconds(170))
        #expect(model.count == 90)
        #expect(!model.isStreaming)
        #expect(model.selection == 2)
    }

    @Test func aStreamThatContinuesNothingIsALoad() {
        var model = ListModel<Fruit>()
        let effects = model.continueStream(now: .zero)
        #expect(effects == [.startLoad(generation: 1)])
        #expect(model.state.isLoading)
    }

    @Test func aRefreshKeepsItsRowsUntilItEnds() {
        var model = loadedModel(fruits, selected: 2)
        _ = model.refresh(now: .zero)
        let step10 = model.receive(progress: items(1), generation: 2, now: .zero)
        #expect(step10)  // accepted, not shown
        #expect(model.count == fruits.count)
        #expect(!model.isStreaming)
        #expect(model.isRefreshing)
        model.receive(.success(ItemList(fruits.reversed())), generation: 2, now: .zero)
        #expect(model.selectedItem?.name == "cherry")  // kept by identity, as any refresh
    }

    @Test func aRefreshDuringAStreamStopsIt() {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(progress: items(3), generation: 1, now: .zero)
        let step11 = model.refresh(now: .zero)
        #expect(step11 == [.cancelLoad(generation: 1), .startLoad(generation: 2)])
        #expect(!model.isStreaming)
        #expect(model.isRefreshing)
        #expect(model.count == 3)
    }
}


/// A reload of a stream keeps the selected item even when it comes in a later report.
@Suite struct StreamingSelectionTests {
    private func items(_ count: Int) -> ItemList<Fruit> {
        ItemList((0..<count).map { Fruit(id: $0, name: "fruit \($0)") })
    }

    /// A model showing 1,000 rows with row 700 selected, reloading as a stream.
    private func reloading() -> ListModel<Fruit> {
        var model = ListModel<Fruit>()
        _ = model.load(now: .zero)
        model.receive(.success(items(1000)), generation: 1, now: .zero)
        model.select(700)
        _ = model.load(now: .seconds(1))
        return model
    }

    @Test func theSelectedItemIsSelectedAgainWhenALaterReportBringsIt() {
        var model = reloading()
        model.receive(progress: items(100), generation: 2, now: .seconds(1))
        #expect(model.selection == 99)  // not there yet: the nearest row meanwhile
        model.receive(progress: items(500), generation: 2, now: .seconds(1))
        #expect(model.selection == 99)
        model.receive(progress: items(800), generation: 2, now: .seconds(1))
        #expect(model.selectedItem?.id == 700)
        model.receive(.success(items(1000)), generation: 2, now: .seconds(1))
        #expect(model.selectedItem?.id == 700)
    }

    @Test func movingBeforeItArrivesKeepsTheUsersChoice() {
        var model = reloading()
        model.receive(progress: items(100), generation: 2, now: .seconds(1))
        model.select(10)
        model.receive(.success(items(1000)), generation: 2, now: .seconds(1))
        #expect(model.selectedItem?.id == 10)
    }

    @Test func anItemThatNeverComesLeavesTheSelectionWhereItIs() {
        var model = reloading()
        model.receive(progress: items(100), generation: 2, now: .seconds(1))
        model.receive(.success(items(300)), generation: 2, now: .seconds(1))
        #expect(model.selection == 99)
        model.receive(progress: items(300), generation: 2, now: .seconds(1))  // stale: dropped
        #expect(model.selection == 99)
    }
}
