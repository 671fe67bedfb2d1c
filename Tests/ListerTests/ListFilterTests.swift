@testable import Lister
import TerminalCore
import Testing

/// A list's filter as a value, without a host: what it tells its engine when the rows
/// change, where it puts the selection among the matches, its moves, scroll and status, and
/// what its line does with keys and commands. Runs are carried out at once, as a host does
/// for small lists.
@MainActor
@Suite struct ListFilterTests {
    /// The filter over `rows`, with its line open and its engine's runs done at once.
    struct Filtered {
        var rows: [String]
        var filter = ListFilter()
        var revision = 0
        var replacedRevision = 0

        init(_ rows: [String]) {
            self.rows = rows
            filter.isEditing = true
            revision = 1
            replacedRevision = 1
            settle(filter.rowsChanged(count: rows.count, revision: revision, replacedRevision: replacedRevision))
        }

        mutating func settle(_ action: FilterAction?) {
            var action = action ?? .none
            while case .start(let run) = action {
                action = filter.engine.receive(run.perform(over: FilterStrings(rows)))
            }
        }

        mutating func query(_ text: String) {
            filter.text = text
            settle(filter.engine.setQuery(FilterQuery(text)))
        }

        /// Rows added after the last ones (a page, a stream's report).
        mutating func append(_ more: [String]) -> FilterAction? {
            rows += more
            revision += 1
            return filter.rowsChanged(count: rows.count, revision: revision, replacedRevision: replacedRevision)
        }

        /// Rows in place of the old ones (a reload).
        mutating func replace(with new: [String]) -> FilterAction? {
            rows = new
            revision += 1
            replacedRevision = revision
            return filter.rowsChanged(count: rows.count, revision: revision, replacedRevision: replacedRevision)
        }

        var matchedRows: [Int]? { filter.engine.matches.map(Array.init) }
    }

    static let fruit = ["apple", "banana", "cherry", "apricot", "grape"]

    @Test func appendedRowsKeepTheMatchesShownWhileReplacedRowsMatchNothingUntilSearched() {
        var appended = Filtered(Self.fruit)
        appended.query("ap")
        #expect(appended.matchedRows == [0, 3, 4])
        let more = appended.append(["papaya"])
        #expect(appended.matchedRows == [0, 3, 4])  // the new row is searched alone
        appended.settle(more)
        #expect(appended.matchedRows == [0, 3, 4, 5])

        var replaced = Filtered(Self.fruit)
        replaced.query("ap")
        let reload = replaced.replace(with: ["papaya", "kiwi", "lime", "mango", "fig", "date"])  // more rows, yet new ones
        #expect(replaced.matchedRows == [])  // the old matches are not shown on new rows
        replaced.settle(reload)
        #expect(replaced.matchedRows == [0])
    }

    @Test func fewerRowsAreAReplacementEvenWhenTheModelSaysAppended() {
        var filtered = Filtered(Self.fruit)
        filtered.query("ap")
        filtered.rows = ["apple"]
        filtered.revision += 1  // not replaced, by the revisions: yet fewer rows
        let action = filtered.filter.rowsChanged(count: 1, revision: filtered.revision,
                                                 replacedRevision: filtered.replacedRevision)
        #expect(filtered.matchedRows == [])
        filtered.settle(action)
        #expect(filtered.matchedRows == [0])
    }

    @Test func rowsAlreadySeenOrAClosedFilterAskNothing() {
        var filtered = Filtered(Self.fruit)
        let action = filtered.filter.rowsChanged(count: 5, revision: filtered.revision, replacedRevision: 1)
        #expect(action == nil)
        filtered.filter.isEditing = false  // closed, no query kept
        let appended = filtered.append(["fig"])
        #expect(appended == nil)
    }

    @Test func aSelectionFilteredOutGoesToTheNearestMatchAfterIt() {
        var filtered = Filtered(Self.fruit)
        filtered.query("ap")
        let selected = filtered.filter.selectionAmongMatches(selection: 1, isPrompt: false)
        #expect(selected == 3)
        let selected2 = filtered.filter.selectionAmongMatches(selection: 3, isPrompt: false)
        #expect(selected2 == nil)  // a match stays
        filtered.query("a")
        let selected3 = filtered.filter.selectionAmongMatches(selection: 2, isPrompt: false)
        #expect(selected3 == 3)
        filtered.query("apple")
        let selected4 = filtered.filter.selectionAmongMatches(selection: 3, isPrompt: false)
        #expect(selected4 == 0)  // none after: the last
        filtered.query("zzz")
        let selected5 = filtered.filter.selectionAmongMatches(selection: 0, isPrompt: false)
        #expect(selected5 == nil)  // nothing shown
        #expect(!filtered.filter.shows(row: 0))
    }

    @Test func aPromptEntersANewQuerysMatchesAtTheCursorsPlaceOnce() {
        var filtered = Filtered(Self.fruit)
        filtered.filter.queryWillChange(selection: 1, isPrompt: true)  // the second row shown
        filtered.query("a")  // every row but "cherry": 0, 1, 3, 4
        #expect(filtered.filter.cursor == 1)
        let selected = filtered.filter.selectionAmongMatches(selection: 1, isPrompt: true)
        #expect(selected == 1)
        // The same query's matches again: the selection stays where the user moved it.
        let selected2 = filtered.filter.selectionAmongMatches(selection: 4, isPrompt: true)
        #expect(selected2 == nil)
        filtered.filter.queryWillChange(selection: 4, isPrompt: true)  // fourth match
        filtered.query("ap")  // 0, 3, 4: fewer than four, so the last
        let selected3 = filtered.filter.selectionAmongMatches(selection: 4, isPrompt: true)
        #expect(selected3 == 4)
        filtered.filter.queryWillChange(selection: 3, isPrompt: true)
        filtered.query("")  // emptied: the same place among all the rows
        let selected4 = filtered.filter.selectionAmongMatches(selection: 3, isPrompt: true)
        #expect(selected4 == 1)
    }

    @Test func aReloadsRowsEnterAtTheCursorsPlace() {
        var filtered = Filtered(Self.fruit)
        filtered.filter.reloadStarts(selection: 3)
        #expect(filtered.filter.reloadCursor == .waiting && filtered.filter.cursor == 3)
        // The user moves before the rows come (`reload-sync`): the new place counts.
        filtered.filter.noteCursorBeforeReloadedRows(selection: 4, rowCount: 5, revision: filtered.revision)
        #expect(filtered.filter.cursor == 4)
        filtered.settle(filtered.replace(with: ["kiwi", "lime", "mango"]))
        #expect(filtered.filter.reloadCursor == .placing)
        let selected = filtered.filter.selectionAmongMatches(selection: 0, isPrompt: true)
        #expect(selected == 2)  // clamped to the last
        #expect(filtered.filter.reloadCursor == .none)
    }

    @Test func aReloadPlacesTheCursorAmongTheMatchesOfAKeptQuery() {
        var filtered = Filtered(Self.fruit)
        filtered.query("ap")  // 0, 3, 4
        filtered.filter.reloadStarts(selection: 3)
        #expect(filtered.filter.cursor == 1)  // its place among the matches
        filtered.settle(filtered.replace(with: ["grape", "apricot", "papaya"]))
        let selected = filtered.filter.selectionAmongMatches(selection: 0, isPrompt: true)
        #expect(selected == 1)
    }

    @Test func movesGoOverTheMatchesOnly() {
        var filtered = Filtered(Self.fruit)
        let pages: (Int, Int, Bool) -> Int = { _, _, _ in 2 }
        #expect(filtered.filter.move(.down, from: 0, pageRows: pages) == nil)  // not filtering
        filtered.query("ap")  // 0, 3, 4
        #expect(filtered.filter.move(.down, from: 0, pageRows: pages) == .select(3))
        #expect(filtered.filter.move(.down, from: 1, pageRows: pages) == .select(4))  // from the nearest, 3
        #expect(filtered.filter.move(.pageDown, from: 0, pageRows: pages) == .select(4))
        #expect(filtered.filter.move(.filter, from: 0, pageRows: pages) == nil)  // not a move
        filtered.query("zzz")
        #expect(filtered.filter.move(.down, from: 0, pageRows: pages) == .nothingShown)
    }

    @Test func theLastMatchAsksForTheNextPage() {
        var filtered = Filtered(Self.fruit)
        filtered.query("ap")  // 0, 3, 4
        let atLastMatch = filtered.filter.scroll(keeping: 3, visibleIn: 10, footerRows: 0, rowLayout: .singleLine)
        #expect(!atLastMatch)
        let atLastMatch2 = filtered.filter.scroll(keeping: 4, visibleIn: 10, footerRows: 0, rowLayout: .singleLine)
        #expect(atLastMatch2)
        let atLastMatch3 = filtered.filter.scroll(keeping: 4, visibleIn: 2, footerRows: 0, rowLayout: .singleLine)
        #expect(atLastMatch3)
        #expect(filtered.filter.scrollOffset == 1)  // the selected match in view
        filtered.query("zzz")
        let atLastMatch4 = filtered.filter.scroll(keeping: 0, visibleIn: 2, footerRows: 0, rowLayout: .singleLine)
        #expect(atLastMatch4)
        #expect(filtered.filter.scrollOffset == 0)
    }

    @Test func theStatusCountsTheMatchesAndSaysARunInFlight() throws {
        var filtered = Filtered(Self.fruit)
        #expect(filtered.filter.status(selection: 0, total: 5, more: false) == nil)
        filtered.query("ap")
        let line = try #require(filtered.filter.status(selection: 3, total: 5, more: false))
        #expect(line == StatusLine(selected: 1, ofShown: 3, total: 5))
        _ = filtered.filter.engine.setQuery(FilterQuery("apr"))  // its run not carried out
        let running = try #require(filtered.filter.status(selection: 3, total: 5, more: false))
        #expect(running.words.contains("filtering…"))
    }

    @Test func aPromptsLineChoosesOnItsAcceptKeysAndLeavesEnterAndEscToTheKeyTable() {
        var filter = ListFilter()
        var prompt = FilterPrompt(query: "ap", acceptKeys: [.control("y")])
        prompt.history = ["old"]
        let opened = filter.open(prompt)
        #expect(opened)
        let opened2 = filter.open(prompt)
        #expect(!opened2)  // open already
        #expect(filter.text == "ap")
        let key = filter.take(.control("y"), prompt: prompt)
        #expect(key == .chosen)
        let key2 = filter.take(.enter, prompt: prompt)
        #expect(key2 == .passed)
        let key3 = filter.take(.escape, prompt: prompt)
        #expect(key3 == .passed)
        let key4 = filter.take(.character("r"), prompt: prompt)
        #expect(key4 == .queryChanged)
        #expect(filter.text == "apr")
        let walked = filter.walkHistory(previous: true)
        #expect(walked == .queryChanged)
        #expect(filter.text == "old")
        filter.text = ""
        let key5 = filter.take(.backspace, prompt: prompt)
        #expect(key5 == .backwardEOF)  // fzf's backward-eof event; the line stays open
        #expect(filter.isEditing)
        let edit = filter.perform(.deleteCharEOF, isPrompt: true)
        #expect(edit == .interrupt)
    }

    @Test func aListsLineClosesOnEnterAndEmptyBackspace() {
        var filter = ListFilter()
        filter.isEditing = true
        let key = filter.take(.character("a"), prompt: nil)
        #expect(key == .queryChanged)
        let key2 = filter.take(.enter, prompt: nil)
        #expect(key2 == .handled(changed: true))  // kept
        #expect(!filter.isEditing && filter.text == "a")
        filter.clear()
        #expect(filter.text.isEmpty && !filter.isActive)
        filter.isEditing = true
        let edit = filter.perform(.deleteCharEOF, isPrompt: false)
        #expect(edit == .handled(changed: false))
        let key3 = filter.take(.backspace, prompt: nil)
        #expect(key3 == .queryChanged)  // closes it
        #expect(!filter.isEditing)
    }

    @Test func textPutByACommandFiltersOnlyWhenItChangesTheQuery() {
        var filter = ListFilter()
        let put = filter.put(.insertText("x"))
        #expect(put == .handled(changed: false))  // the line is closed
        filter.isEditing = true
        let put2 = filter.put(.insertText("ab"))
        #expect(put2 == .queryChanged)
        let put3 = filter.put(.setQuery("ab"))
        #expect(put3 == .handled(changed: true))  // the cursor only
        let put4 = filter.put(.setQuery("abc"))
        #expect(put4 == .queryChanged)
        #expect(filter.text == "abc")
    }
}

/// The rows a prompt's `--cycle` and its marks of every row shown go over.
@MainActor
@Suite struct ListFilterShownRowsTests {
    @Test func theRowsShownAreTheMatchesWhileFiltering() {
        var filtered = ListFilterTests.Filtered(ListFilterTests.fruit)
        #expect(Array(filtered.filter.rowsShown(count: 5)) == [0, 1, 2, 3, 4])
        filtered.query("ap")
        #expect(Array(filtered.filter.rowsShown(count: 5)) == [0, 3, 4])
    }

    @Test func cyclingWrapsAtTheEndsOfTheRowsShownOnly() {
        var filtered = ListFilterTests.Filtered(ListFilterTests.fruit)
        #expect(filtered.filter.cycle(.down, from: 4, count: 5) == 0)
        #expect(filtered.filter.cycle(.up, from: 0, count: 5) == 4)
        #expect(filtered.filter.cycle(.down, from: 3, count: 5) == nil)  // not at an end: an ordinary move
        #expect(filtered.filter.cycle(.pageDown, from: 4, count: 5) == nil)
        #expect(filtered.filter.cycle(.down, from: 0, count: 1) == nil)  // one row: nowhere to go
        filtered.query("ap")  // 0, 3, 4
        #expect(filtered.filter.cycle(.down, from: 4, count: 5) == 0)
        #expect(filtered.filter.cycle(.up, from: 0, count: 5) == 4)
        #expect(filtered.filter.cycle(.down, from: 3, count: 5) == nil)
    }
}
