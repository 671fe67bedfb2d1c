import Foundation
import Lister
import Testing

/// The built-in paging strategies, and one written outside the framework.
@Suite struct StrategyTests {
    @Test func limitOffsetAsksForTheNextOffsetUntilAPageIsShort() async throws {
        let strategy = PagingStrategy<Book, LimitOffset, [Book]>.limitOffset(limit: 3)
        #expect(strategy.first == LimitOffset(limit: 3, offset: 0))
        let full = strategy.page(LimitOffset(limit: 3, offset: 3), books(3..<6))
        #expect(full.next == LimitOffset(limit: 3, offset: 6))
        let short = strategy.page(LimitOffset(limit: 3, offset: 6), books(6..<8))
        #expect(short.next == nil)
        #expect(short.items == books(6..<8))
    }

    @Test func limitOffsetCountsAPageBeforeRepeatsAreDropped() {
        // Three items of which two repeat: still a full page, so the list goes on.
        let strategy = PagingStrategy<Book, LimitOffset, [Book]>.limitOffset(limit: 3)
        let page = strategy.page(strategy.first, [Book(1), Book(1), Book(1)])
        #expect(page.next == LimitOffset(limit: 3, offset: 3))
    }

    @Test func pageNumberWithoutATotalEndsOnAShortPage() {
        let strategy = PagingStrategy<Book, PageNumber, [Book]>.pageNumber(size: 2)
        #expect(strategy.first == PageNumber(number: 1, size: 2))
        #expect(strategy.page(strategy.first, books(0..<2)).next == PageNumber(number: 2, size: 2))
        #expect(strategy.page(PageNumber(number: 2, size: 2), books(2..<3)).next == nil)
        #expect(strategy.page(PageNumber(number: 2, size: 2), []).next == nil)
    }

    @Test func pageNumberWithATotalEndsWhenThePagesCoverIt() {
        let strategy = PagingStrategy<Book, PageNumber, CountedPage<Book>>.pageNumber(size: 2, firstPage: 0)
        #expect(strategy.first == PageNumber(number: 0, size: 2))
        #expect(strategy.page(strategy.first, CountedPage(books(0..<2), total: 5)).next == PageNumber(number: 1, size: 2))
        #expect(strategy.page(PageNumber(number: 1, size: 2), CountedPage(books(2..<4), total: 5)).next == PageNumber(number: 2, size: 2))
        #expect(strategy.page(PageNumber(number: 2, size: 2), CountedPage(books(4..<5), total: 5)).next == nil)
        // A total of exactly two pages ends without asking for an empty third.
        #expect(strategy.page(PageNumber(number: 1, size: 2), CountedPage(books(2..<4), total: 4)).next == nil)
        // A wrong total cannot loop: an empty page ends the list.
        #expect(strategy.page(PageNumber(number: 7, size: 2), CountedPage([], total: 100)).next == nil)
    }

    @Test func cursorFollowsTheCursorOfEachPageUntilThereIsNone() {
        let strategy = PagingStrategy<Book, String?, CursorPage<Book, String>>.cursor()
        #expect(strategy.first == nil)
        let middle = strategy.page(nil, CursorPage(books(0..<2), next: "b2"))
        #expect(middle.next == .some("b2"))
        #expect(strategy.page("b2", CursorPage(books(2..<3), next: nil)).next == nil)
    }

    @Test func aRepositoryFromAStrategyFetchesPagesInTheAPIsTerms() async throws {
        let all = books(0..<7)
        let repository = PaginatedRepository(.pageNumber(size: 3)) { (request: PageNumber) in
            CountedPage(Array(all.dropFirst((request.number - 1) * request.size).prefix(request.size)), total: all.count)
        }
        var request: PageNumber? = repository.first
        var seen: [Int] = []
        while let current = request {
            let page = try await repository.fetch(current)
            seen += page.items.map(\.id)
            request = page.next
        }
        #expect(seen == Array(0..<7))
    }

    @Test func aStrategyWrittenOutsideTheFramework() async throws {
        // Days, newest first: each response names the day before, until the first day.
        struct Day: Sendable { var events: [Book]; var previous: Int? }
        let byDay = PagingStrategy<Book, Int, Day>(first: 3) { _, day in Page(day.events, next: day.previous) }
        let repository = PaginatedRepository(byDay) { day in
            Day(events: [Book(day)], previous: day > 1 ? day - 1 : nil)
        }
        let first = try await repository.fetch(repository.first)
        #expect(first.items == [Book(3)])
        #expect(first.next == 2)
        #expect(try await repository.fetch(1).next == nil)
    }

    @Test func aOneShotRepositoryIsOnePage() async throws {
        let repository = PaginatedRepository(ListRepository { books(0..<4) })
        let page = try await repository.fetch(repository.first)
        #expect(page.items.count == 4)
        #expect(!page.hasMore)
    }
}
