import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

/// `lister demo books`, `sections` and the menu, headless.
@MainActor
@Suite struct BooksDemoTests {
    let instant = DemoOptions(latency: .zero)

    @Test func theEmbeddedBooksDecode() throws {
        let books = try BookData.books()
        #expect(books.count >= 300)
        #expect(Set(books.map(\.id)).count == books.count)  // identities are unique
        #expect(try BookData.genres().count >= 5)
        #expect(books.map(\.year) == books.map(\.year).sorted())  // oldest first
    }

    @Test func theLibraryComesInPagesOf25UntilAShortOne() async throws {
        let pages = BooksScreen(options: instant).pages
        var request: LimitOffset? = pages.first
        var sizes: [Int] = []
        while let current = request {
            let page = try await pages.fetch(current)
            sizes.append(page.items.count)
            request = page.next
        }
        let total = try BookData.books().count
        #expect(sizes.reduce(0, +) == total)
        #expect(sizes.dropLast().allSatisfy { $0 == 25 })
        #expect(sizes.last == total % 25)
    }

    @Test func failPageFailsThatPageOnceThenSucceeds() async throws {
        let pages = BooksScreen(options: DemoOptions(latency: .zero, failPage: 2)).pages
        let second = LimitOffset(limit: 25, offset: 25)
        #expect(try await pages.fetch(pages.first).items.count == 25)
        await #expect(throws: ListError("simulated failure of page 2 (--fail-page 2)")) { try await pages.fetch(second) }
        #expect(try await pages.fetch(second).items.count == 25)
    }

    @Test func scrollingToTheEndOfTheBooksSaysHowManyThereAre() async throws {
        let total = try BookData.books().count
        let app = HeadlessApp(root: BooksScreen(options: instant), size: Size(rows: 12, columns: 60))
        await app.start()
        #expect(app.lines[1].hasPrefix("The Iliad  Homer, 750 BC"))
        for _ in 0..<30 where !app.screen.contains("End of list") {
            await app.press(.end)
        }
        #expect(app.lines[10] == "End of list · \(total) items")
        #expect(app.lines[11].hasPrefix("\(total)/\(total) · page \((total + 24) / 25)"))
    }

    @Test func aFailedPageShowsItsErrorAndRRecoversWithoutLosingRows() async {
        let app = HeadlessApp(root: BooksScreen(options: DemoOptions(latency: .zero, failPage: 2)), size: Size(rows: 12, columns: 70))
        await app.start()
        await app.press(.end)  // row 25 asks for page 2, which fails
        #expect(app.lines[10] == "✗ simulated failure of page 2 (--fail-page 2) · r to retry")
        #expect(app.lines[11].hasPrefix("25/25+ · page 1"))
        await app.press(.character("r"))
        #expect(app.lines[11].hasPrefix("25/50+ · page 2"))
        await app.press(.character("g"))
        #expect(app.lines[1].hasPrefix("The Iliad"))
    }

    @Test func theSectionsDemoLoadsEachGenreOnItsOwn() async throws {
        let genres = try BookData.genres()
        let app = HeadlessApp(root: BookSectionsScreen(options: DemoOptions(latency: .zero, failPage: 2)), size: Size(rows: 30, columns: 70))
        await app.start()
        #expect(app.lines[0] == "Books by genre")
        #expect(app.lines[1] == genres[0])
        #expect(app.screen.contains("✗ simulated failure of section 2 (--fail-page 2) · r to retry"))
        await app.press(.character("G"))
        #expect(app.lines[29].contains(genres.last ?? "?"))
        await app.press(.character("g"))
        // Down from the first genre's books to the failed second genre's row, then retry it.
        let firstGenreCount = try BookData.books().filter { $0.genre == genres[0] }.count
        for _ in 0..<firstGenreCount { await app.press(.down) }
        #expect(app.lines[29].hasPrefix(genres[1]))
        await app.press(.character("r"))
        #expect(!app.screen.contains("simulated failure"))
        #expect(app.lines[29].hasPrefix("1/"))
    }

    @Test func theMenuOpensEachDemoAndComesBack() async {
        let app = HeadlessApp(root: DemoMenuScreen(options: instant), size: Size(rows: 8, columns: 70))
        await app.start()
        #expect(app.terminal.framesPresented == 1)  // a static list: shown at once, nothing loads
        #expect(app.lines[0] == "Demos")
        #expect(app.lines[1].hasPrefix("feed"))
        #expect(app.lines[2].hasPrefix("books"))
        #expect(app.lines[3].hasPrefix("sections"))
        #expect(app.lines[4].hasPrefix("live"))
        #expect(app.lines[7].hasPrefix("1/4") && !app.lines[7].contains("loading"))
        await app.press(.down, .enter)
        #expect(app.lines[0] == "Demos › Books")
        #expect(app.lines[1].hasPrefix("The Iliad"))
        await app.press(.escape)
        #expect(app.lines[0] == "Demos")
        await app.press(.down, .enter)
        #expect(app.lines[0] == "Demos › Books by genre")
        await app.press(.escape, .escape)
        #expect(app.outcome?.exitStatus == 0)
    }
}
