import Lister
import Testing

@Suite struct FilterEngineTests {
    let rows = filterCorpus(count: 1000, seed: 11)

    /// Carries out `action` at once, the way the runtime would off the main actor, and
    /// hands the result back; repeats for follow-up runs.
    func settle(_ engine: inout FilterEngine, _ action: FilterAction, rows: [String]) {
        var action = action
        while let run = action.run {
            action = engine.receive(run.perform(over: FilterStrings(rows)))
        }
    }

    func expectMatches(_ engine: FilterEngine, _ query: String, rows: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(engine.isUpToDate, sourceLocation: sourceLocation)
        #expect(engine.matches.map(Array.init) == referenceRows(FilterQuery(query), rows), sourceLocation: sourceLocation)
    }

    @Test func anUnfilteredListShowsEveryRow() {
        let engine = FilterEngine(rowCount: 5)
        #expect(!engine.isFiltering)
        #expect(engine.isUpToDate)
        #expect(engine.matches == nil)
        #expect(engine.visibleCount == 5)
        #expect(engine.row(atVisible: 3) == 3)
        #expect(engine.visiblePosition(ofRow: 4) == 4)
        #expect(engine.visiblePosition(ofRow: 5) == nil)
    }

    @Test func aQueryStartsARunWhoseResultIsShown() throws {
        var engine = FilterEngine(rowCount: rows.count)
        let action = engine.setQuery(FilterQuery("lorem"))
        let run = try #require(action.run)
        #expect(run.workload == rows.count)
        #expect(engine.running?.id == run.id)
        #expect(!engine.isUpToDate)
        #expect(engine.matches == nil)  // the list stays as it was until the result
        settle(&engine, engine.receive(run.perform(over: FilterStrings(rows))), rows: rows)
        #expect(engine.running == nil)
        expectMatches(engine, "lorem", rows: rows)
        let matches = try #require(engine.matches)
        #expect(engine.visibleCount == matches.count)
        #expect(engine.row(atVisible: 1) == matches[1])
        #expect(engine.visiblePosition(ofRow: matches[1]) == 1)
    }

    @Test func typingMoreSearchesOnlyThePreviousMatches() throws {
        var engine = FilterEngine(rowCount: rows.count)
        var previous: FilterMatches?
        for text in ["i", "it", "ite", "item", "item 0", "item 00"] {
            let run = try #require(engine.setQuery(FilterQuery(text)).run)
            if let previous { #expect(run.workload == previous.count, "\(text)") }
            settle(&engine, .start(run), rows: rows)
            expectMatches(engine, text, rows: rows)
            previous = engine.matches
        }
    }

    @Test func aNewerQueryReplacesTheRunInFlightAndItsLateResultIsDropped() throws {
        var engine = FilterEngine(rowCount: rows.count)
        let first = try #require(engine.setQuery(FilterQuery("o")).run)
        let second = try #require(engine.setQuery(FilterQuery("sit")).run)
        #expect(first.id != second.id)
        let late = engine.receive(first.perform(over: FilterStrings(rows)))
        #expect(late.run == nil)
        #expect(engine.matches == nil)
        #expect(engine.running?.id == second.id)
        settle(&engine, engine.receive(second.perform(over: FilterStrings(rows))), rows: rows)
        expectMatches(engine, "sit", rows: rows)
    }

    @Test func backspacingReusesEarlierMatchesAtOnce() {
        var engine = FilterEngine(rowCount: rows.count)
        settle(&engine, engine.setQuery(FilterQuery("ip")), rows: rows)
        let earlier = engine.matches
        settle(&engine, engine.setQuery(FilterQuery("ips")), rows: rows)
        let pending = engine.setQuery(FilterQuery("ipsu"))  // in flight when Backspace comes
        #expect(pending.run != nil)
        guard case .cancel = engine.setQuery(FilterQuery("ips")) else { Issue.record("expected cancel"); return }
        expectMatches(engine, "ips", rows: rows)
        guard case .none = engine.setQuery(FilterQuery("ip")) else { Issue.record("expected none"); return }
        #expect(engine.matches == earlier)
    }

    @Test func clearingTheQueryCancelsAndShowsEveryRow() {
        var engine = FilterEngine(rowCount: rows.count)
        _ = engine.setQuery(FilterQuery("lorem"))
        guard case .cancel = engine.setQuery(FilterQuery("   ")) else { Issue.record("expected cancel"); return }
        #expect(engine.running == nil)
        #expect(engine.matches == nil)
        #expect(engine.visibleCount == rows.count)
        guard case .none = engine.setQuery(.empty) else { Issue.record("expected none"); return }
    }

    @Test func appendedRowsAreFilteredAloneWhenIdle() throws {
        var engine = FilterEngine(rowCount: 300)
        let shown = Array(rows.prefix(300))
        settle(&engine, engine.setQuery(FilterQuery("am")), rows: shown)
        let run = try #require(engine.rowsAppended(count: 450).run)
        #expect(run.workload == 150)
        #expect(!engine.isUpToDate)
        settle(&engine, .start(run), rows: Array(rows.prefix(450)))
        expectMatches(engine, "am", rows: Array(rows.prefix(450)))
    }

    @Test func rowsAppendedDuringARunAreFilteredAfterIt() throws {
        var engine = FilterEngine(rowCount: 300)
        let run = try #require(engine.setQuery(FilterQuery("am")).run)
        #expect(engine.rowsAppended(count: 600).run == nil)
        #expect(engine.rowsAppended(count: 1000).run == nil)
        let next = try #require(engine.receive(run.perform(over: FilterStrings(rows))).run)
        #expect(next.workload == 700)
        settle(&engine, .start(next), rows: rows)
        expectMatches(engine, "am", rows: rows)
    }

    @Test func rowsAppendedToAnUnfilteredListNeedNoRun() {
        var engine = FilterEngine(rowCount: 3)
        #expect(engine.rowsAppended(count: 10).run == nil)
        #expect(engine.visibleCount == 10)
    }

    @Test func replacedRowsAreSearchedAgainFromScratch() throws {
        var engine = FilterEngine(rowCount: 500)
        settle(&engine, engine.setQuery(FilterQuery("sit")), rows: Array(rows.prefix(500)))
        settle(&engine, engine.setQuery(FilterQuery("sit a")), rows: Array(rows.prefix(500)))
        let reloaded = Array(rows.suffix(800))
        let run = try #require(engine.rowsReplaced(count: 800).run)
        #expect(run.workload == 800)
        #expect(engine.visibleCount == 0)
        settle(&engine, .start(run), rows: reloaded)
        expectMatches(engine, "sit a", rows: reloaded)
        // Earlier results were for the old rows: a broader query searches everything.
        #expect(engine.setQuery(FilterQuery("sit")).run?.workload == 800)
    }

    @Test func aRunStoppedFromOutsideIsResumed() throws {
        var engine = FilterEngine(rowCount: rows.count)
        let run = try #require(engine.setQuery(FilterQuery("dolor")).run)
        engine.runStopped(id: run.id + 1)
        #expect(engine.running?.id == run.id)
        engine.runStopped(id: run.id)
        #expect(engine.running == nil)
        let again = try #require(engine.resume().run)
        #expect(again.id != run.id)
        #expect(engine.resume().run == nil)  // one run at a time
        settle(&engine, .start(again), rows: rows)
        expectMatches(engine, "dolor", rows: rows)
        #expect(engine.resume().run == nil)
    }

    @Test func theSelectionFindsItsRowOrTheNearestOne() {
        var engine = FilterEngine(rowCount: 6)
        let texts = ["a", "b", "ab", "c", "ba", "d"]
        settle(&engine, engine.setQuery(FilterQuery("a")), rows: texts)
        #expect(engine.matches.map(Array.init) == [0, 2, 4])
        #expect(engine.visiblePosition(ofRow: 2) == 1)
        #expect(engine.visiblePosition(ofRow: 3) == nil)
        #expect(engine.visiblePosition(nearestRow: 3) == 2)
        #expect(engine.visiblePosition(nearestRow: 5) == 2)
        #expect(engine.visiblePosition(nearestRow: 0) == 0)
        settle(&engine, engine.setQuery(FilterQuery("zzz")), rows: texts)
        #expect(engine.visiblePosition(nearestRow: 3) == nil)
    }
}
