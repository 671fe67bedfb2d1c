@testable import Lister
import Testing

/// The status bar's text, composed in one place for every kind of screen.
@Suite struct StatusLineTests {
    @Test func thePositionIsThePlaceAmongTheRows() {
        #expect(StatusLine(selected: 2, of: 120).position == "3/120")
        #expect(StatusLine(selected: 0, of: 0).position == "0/0")
        #expect(StatusLine(selected: nil, of: 7).position == "0/7")
        #expect(StatusLine(selected: 9, of: 10, more: true).position == "10/10+")
        #expect(StatusLine(selected: 2, ofShown: 12, total: 120).position == "3/12 of 120")
        #expect(StatusLine(selected: nil, ofShown: 12, total: 120, more: true).position == "0/12 of 120+")
    }

    @Test func whatLocatesTheSelectionAndTheMarksFollowThePosition() {
        var line = StatusLine(selected: 4, of: 50, more: true)
        line.locate("page 2")
        line.marked(0)
        #expect(line.position == "5/50+ · page 2")
        line.marked(3)
        #expect(line.position == "5/50+ · page 2 · 3 marked")
    }

    @Test func wordsAreJoinedInTheOrderTheyWereSaidAndNothingIsNotSaid() {
        var line = StatusLine(position: "Fruits")
        #expect(line.state.isEmpty)
        line.say(nil)
        line.say("")
        line.say("loading 2 sections")
        line.say("refreshing")
        #expect(line.words == ["loading 2 sections", "refreshing"])
        #expect(line.state == "loading 2 sections · refreshing")
    }

    @Test func everyLoadStateAndActivityHasItsWord() {
        let error = ListError("timed out")
        #expect(StatusLine.shownWord(isLoading: true, failed: false) == "loading")
        #expect(StatusLine.shownWord(isLoading: false, failed: true) == "error")
        #expect(StatusLine.shownWord(isLoading: false, failed: false) == nil)
        let words: [(ListActivity, String?)] = [
            (.settled, nil),
            (.refreshing, "refreshing"),
            (.refreshFailed(error), "refresh failed: timed out"),
            (.streaming, "reading… 42"),
            (.streamStopped(error), "stopped: timed out"),
            (.live, "live"),
            (.liveEnded, "feed ended"),
            (.liveStopped(error), "feed stopped: timed out"),
            (.loadingPage(3), "loading page 3"),
            (.pageFailed(3, error), "page 3 failed"),
        ]
        for (activity, word) in words {
            #expect(StatusLine.activityWord(activity, progress: "42") == word, "\(activity)")
        }
    }
}
