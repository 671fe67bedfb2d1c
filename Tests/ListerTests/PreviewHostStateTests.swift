@testable import Lister
import ListerTestSupport
import Testing

/// The preview pane's scroll and toggle, held by its own value rather than the list's host.
@MainActor
@Suite struct PreviewHostStateTests {
    /// The runtime schedules the pane's loads (none here: nothing is drawn).
    private let app = HeadlessApp(root: FruitScreen(loader: ScriptedLoader()))

    private func state() -> PreviewHostState {
        let contents = ContentRegistry(screen: 1, timing: LoadTiming(), scheduler: app.runtime)
        var state = PreviewHostState(contents: contents, preference: PreviewPreference(), placement: .right())
        state.height = 4
        return state
    }

    @Test func scrollingStopsAtTheLastPageAndForgetsAnotherKey() {
        var state = state()
        let text = PreviewText(lines: (1...10).map { Text("line \($0)") })
        let key = ContentKey("a")
        var moved = state.scroll(.previewDown, key: key, text: text)
        #expect(moved && state.offset(for: key) == 1)
        moved = state.scroll(.previewPageDown, key: key, text: text)
        #expect(moved && state.offset(for: key) == 5)
        moved = state.scroll(.previewBottom, key: key, text: text)
        #expect(moved && state.offset(for: key) == 6)  // 10 lines in 4: the last line on the pane's last row
        moved = state.scroll(.previewDown, key: key, text: text)
        #expect(!moved && state.offset(for: key) == 6)
        #expect(state.offset(for: ContentKey("b")) == 0)
        state.keepScroll(onlyFor: ContentKey("b"))
        #expect(state.offset(for: key) == 0)  // left and come back: from the top
    }

    @Test func aPaneFollowsAndOpensAtItsStartUntilTheUserScrollsIt() {
        var state = state()
        let key = ContentKey("a")
        let start = PreviewStart(line: 3)
        #expect(state.look(for: key, follows: true, start: start)
                == .init(offset: 0, follows: true, start: start))
        _ = state.scroll(.previewDown, key: key, text: PreviewText(lines: (1...10).map { Text("line \($0)") }),
                         opensAt: start)
        let scrolled = state.look(for: key, follows: true, start: start)
        #expect(scrolled.offset > 0 && !scrolled.follows && scrolled.start == nil)
        // Another key's preview is not the one scrolled: it follows and opens at its start.
        #expect(state.look(for: ContentKey("b"), follows: true, start: start)
                == .init(offset: 0, follows: true, start: start))
    }

    @Test func aToggleIsRememberedForTheScreensOpenedNext() {
        var state = state()
        #expect(state.isShown)
        state.toggle()
        #expect(!state.isShown && state.preference.isShown == false)
    }
}
