@_spi(Testing) @testable import Lister
import ListerTestSupport
import Testing

/// The loads of a list's rows on their own: the whole list, or a paged screen's pages,
/// each from the page the model last accepted.
@MainActor
@Suite struct ListLoadsTests {
    @Test func aOneShotListLoadsWholeAndHasNoNextPage() {
        let probe = LoadsProbe<ListHost<FruitScreen>.Message>()
        let loads = ListLoads(screen: FruitScreen(loader: ScriptedLoader()))
        #expect(!loads.isPaged)
        loads.startList(generation: 3, screen: FruitScreen(loader: ScriptedLoader()), loads: probe.loads)
        #expect(probe.cancelled(.list, generation: 3) == false)
        #expect(!loads.startNextPage(generation: 4, loads: probe.loads))
    }

    @Test func aPagedListAsksForThePageTheLastAcceptedOneNames() {
        let probe = LoadsProbe<ListHost<PagedBooks>.Message>()
        let screen = PagedBooks(api: ScriptedEndpoint())
        var loads = ListLoads(screen: screen)
        #expect(loads.isPaged)
        #expect(!loads.startNextPage(generation: 1, loads: probe.loads))  // nothing accepted yet
        let next = NextPage(screen.pages, request: LimitOffset(limit: 5, offset: 5))
        loads.accepted(.failure(ListError("down")))
        #expect(!loads.startNextPage(generation: 1, loads: probe.loads))
        loads.accepted(.success(Page(books(0..<5), next: next)))
        #expect(loads.startNextPage(generation: 2, loads: probe.loads))
        #expect(probe.cancelled(.list, generation: 2) == false)
        loads.accepted(.success(Page(books(5..<8), next: nil)))  // the last page
        #expect(!loads.startNextPage(generation: 3, loads: probe.loads))
    }
}
