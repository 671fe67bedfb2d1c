import Lister
import ListerTestSupport
import TerminalCore
import Testing

/// The footer row of a paged list in each paging state, against literal lines.
@MainActor
@Suite struct FooterRenderingTests {
    let size = Size(rows: 5, columns: 36)

    func render(_ model: ListModel<Book>) -> [String] {
        let screen = PagedBooks(api: ScriptedEndpoint())
        var model = model
        model.layout(height: size.rows, footerRows: 1)
        var buffer = Buffer(size: size)
        screen.body(ListContext(screen: screen, model: model, now: .zero)).render(in: buffer.area, buffer: &buffer)
        return buffer.lines
    }

    @Test func moreToLoadHasNoFooter() {
        #expect(render(pagedModel(0..<2)) == ["book 0", "book 1", "", "", ""])
    }

    @Test func aPageLoadingSaysLoadingMore() {
        var model = pagedModel(0..<2)
        _ = model.loadMore(now: .zero)
        #expect(render(model) == ["book 0", "book 1", "Loading more…", "", ""])
    }

    @Test func aFailedPageShowsItsErrorAndHowToRetry() {
        var model = pagedModel(0..<2)
        _ = model.loadMore(now: .zero)
        model.receive(page: Result<Page<Book, Int>, ListError>.failure(ListError("offline")), generation: 2, now: .zero)
        #expect(render(model) == ["book 0", "book 1", "✗ offline · r to retry", "", ""])
    }

    @Test func aFailureThatRetryingCannotFixHasNoRetryHint() {
        var model = pagedModel(0..<2)
        _ = model.loadMore(now: .zero)
        model.receive(page: Result<Page<Book, Int>, ListError>.failure(ListError("HTTP 403", isRetryable: false)), generation: 2, now: .zero)
        #expect(render(model)[2] == "✗ HTTP 403")
    }

    @Test func theLastPageSaysEndOfListWithTheCount() {
        var model = pagedModel(0..<2)
        _ = model.loadMore(now: .zero)
        model.receive(page: .success(page(2..<3, next: nil)), generation: 2, now: .zero)
        #expect(render(model) == ["book 0", "book 1", "book 2", "End of list · 3 items", ""])
        var one = ListModel<Book>()
        _ = one.load(now: .zero)
        one.receive(page: .success(page(0..<1, next: nil)), generation: 1, now: .zero)
        #expect(render(one)[1] == "End of list · 1 item")
    }

    @Test func theFooterIsDimOrRedNotHighlighted() {
        var model = pagedModel(0..<2)
        _ = model.loadMore(now: .zero)
        model.receive(page: Result<Page<Book, Int>, ListError>.failure(ListError("offline")), generation: 2, now: .zero)
        let screen = PagedBooks(api: ScriptedEndpoint())
        var buffer = Buffer(size: size)
        model.layout(height: size.rows, footerRows: 1)
        screen.body(ListContext(screen: screen, model: model, now: .zero)).render(in: buffer.area, buffer: &buffer)
        #expect(buffer[2, 0].style.foreground == .red)
        #expect(!buffer[2, 0].style.attributes.contains(.reverse))
    }

    @Test func aOneShotListHasNoEndOfListRow() {
        var model = ListModel<Book>()
        _ = model.load(now: .zero)
        model.receive(.success(ItemList(books(0..<2))), generation: 1, now: .zero)
        #expect(render(model) == ["book 0", "book 1", "", "", ""])
    }
}
