import Foundation
@testable import Lister
import ListerTestSupport
import Testing

/// The screen protocols read as what a screen is: each declares its items, how they load,
/// how a row (or the content) is drawn, Enter and its own keys; what most screens keep as it
/// is lives in a `…Options` protocol that the screen protocol refines (docs/DECISIONS.md).
@Suite struct ScreenSurfaceTests {
    static let screens = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Lister/Screens")

    /// The names a protocol's own body declares (`associatedtype`, `func`, `var`), read from
    /// its source file, as a reader meets them: those before its first `// MARK:` (what a
    /// screen is), and those after it (rarely changed).
    static func requirements(of name: String, in file: String) throws -> (main: [String], rare: [String]) {
        let source = try String(contentsOf: screens.appendingPathComponent(file), encoding: .utf8)
        guard let start = source.range(of: "public protocol \(name):") else { return ([], []) }
        var main: [String] = [], rare: [String] = [], inRare = false
        for line in source[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("}") { break }
            if line.hasPrefix("    // MARK:") { inRare = true }
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") && $0 != "nonisolated" }
            guard line.hasPrefix("    ") && !line.hasPrefix("     "), let kind = words.first,
                ["associatedtype", "func", "var"].contains(kind), words.count > 1
            else { continue }
            let declared = String(words[1].prefix { $0.isLetter || $0.isNumber })
            if inRare { rare.append(declared) } else { main.append(declared) }
        }
        return (main, rare)
    }

    @Test func listScreenDeclaresWhatAScreenIsAndTheOptionsTheRest() throws {
        let own = try Self.requirements(of: "ListScreen", in: "ListScreen.swift")
        #expect(own.main.sorted() == [
            "Footer", "Item", "Items", "Row", "actions", "body", "footer", "load", "open", "preview",
            "previewPlacement", "progressNote", "row", "statusNote",
        ])
        #expect(own.rare.sorted() == [
            "continuesInitialItems", "drillIn", "filterSource", "filterText", "initialItems", "isSelectable", "load",
        ])
        // A screen's own commands are a refinement of their own, adopted by the screens that bind them.
        let commands = try Self.requirements(of: "CommandHandlingScreen", in: "CommandHandlingScreen.swift")
        #expect(commands.main.sorted() == ["change", "perform", "terminalCommand"])
        let options = try Self.requirements(of: "ListScreenOptions", in: "ListScreenOptions.swift")
        #expect(Set(["pickMode", "timeout", "canReload", "filterPrompt", "rowHeight", "emptyMessage"])
            .isSubset(of: Set(options.main + options.rare)))
    }

    @Test func detailAndSectionedScreensAreSplitTheSameWay() throws {
        let detail = try Self.requirements(of: "DetailScreen", in: "DetailScreen.swift")
        #expect(detail.main.sorted() == ["Value", "actions", "content", "load", "open"])
        let sectioned = try Self.requirements(of: "SectionedListScreen", in: "SectionedListScreen.swift")
        #expect(sectioned.main.sorted() == ["Item", "Row", "actions", "open", "row", "sections"])
        let sectionOptions = try Self.requirements(of: "SectionedListScreenOptions", in: "SectionedListScreen.swift")
        #expect(sectionOptions.main.sorted() == ["pickMode", "rowHeight", "sectionHeader", "timeout"])
    }

    // The options are requirements of the screen (a screen's own value wins over the
    // default), read through the options protocol.

    @MainActor func options<S: ListScreenOptions>(_ screen: S) -> (PickMode, Duration?, Bool) {
        (screen.pickMode, screen.timeout, screen.canReload)
    }

    @MainActor @Test func aScreensOwnOptionsWinOverTheDefaults() {
        #expect(options(Plain()) == (.none, nil, true))
        #expect(options(Picker()) == (.single, .seconds(5), false))
        #expect(options(Paged()).1 == .seconds(30))
        // Rows of `Text`: the filter searches the row's text, not the item's description.
        #expect(Plain().filterText(Thing(id: 1)) == "thing 1")
    }

    @MainActor @Test func detailAndSectionOptionsHaveTheirDefaults() {
        #expect(Detail().canReload && Detail().placeholder(width: 10).isEmpty)
        #expect(Shelf().timeout == .seconds(30) && Shelf().pickMode == .none)
    }
}

private struct Thing: Identifiable, Sendable {
    let id: Int
}

private struct Plain: ListScreen {
    let title = "Plain"
    nonisolated func load() async throws -> [Thing] { [] }
    func row(_ thing: Thing, context: RowContext) -> Text { Text("thing \(thing.id)") }
}

private struct Picker: ListScreen {
    let title = "Picker"
    var pickMode: PickMode { .single }
    var timeout: Duration? { .seconds(5) }
    var canReload: Bool { false }
    nonisolated func load() async throws -> [Thing] { [] }
    func row(_ thing: Thing, context: RowContext) -> Text { Text("thing \(thing.id)") }
}

private struct Paged: PagedListScreen {
    let title = "Paged"
    let pages = PaginatedRepository(.limitOffset(limit: 10)) { _ in [Thing]() }
    func row(_ thing: Thing, context: RowContext) -> Text { Text("thing \(thing.id)") }
}

private struct Detail: DetailScreen {
    let title = "Detail"
    nonisolated func load() async throws -> Int { 1 }
    func content(_ value: Int, width: Int) -> [Text] { [Text("\(value)")] }
}

private struct Shelf: SectionedListScreen {
    let title = "Shelf"
    var sections: [ListSection<Thing>] { [] }
    func row(_ thing: Thing, context: RowContext) -> Text { Text("thing \(thing.id)") }
}

/// The runtime asks a screen what it is (`_screenKind`, `_pagedKind`, …) instead of casting
/// it, which costs a scan of every conformance record the first time a cast fails. Each
/// refinement must answer for itself, also when a screen adopts two at once.
@MainActor
@Suite struct ScreenRefinementTests {
    /// A table that pages: two refinements of `ListScreen` at once.
    struct PagedTable: TableScreen, PagedListScreen {
        typealias Item = Record
        let title = "Paged table"
        let pages: PaginatedRepository<Record, LimitOffset>
        var columns: [TableColumn<Record>] { [TableColumn("Name") { $0.name }] }
    }

    @Test func eachRefinementAnswersForItself() {
        let plain = RecordTable(records: [])
        #expect(plain.asList != nil && plain.asSectioned == nil && plain.asDetail == nil && plain.asSplit == nil)
        #expect(plain.asTable != nil && plain.asPaged == nil && plain.asGrouped == nil && plain.asLive == nil)
        #expect(plain.asCommandHandling == nil)
        let both = PagedTable(pages: PaginatedRepository(first: LimitOffset(limit: 5, offset: 0)) { _ in Page([], next: nil) })
        #expect(both.asTable != nil && both.asPaged != nil && both.asGrouped == nil)
        let live = LiveFruits(feed: ScriptedFeed())
        #expect(live.asLive != nil && live.asTable == nil)
        let grouped = ShelvedBooks(loader: ScriptedLoader())
        #expect(grouped.asGrouped != nil && grouped.asPaged == nil)
        let article = ArticleScreen(loader: ScriptedLoader())
        #expect(article.asDetail != nil && article.asList == nil && article.asSectioned == nil)
        let split = SplitScreen("Two", panes: [plain, article])
        #expect(split.asSplit != nil && split.asList == nil)
        #expect(Commanded().asCommandHandling != nil && Commanded().asList != nil)
    }

    /// A list and a sectioned list at once: shown as the sectioned one, as before the
    /// kinds were answers (Swift needs the pair's own answer, or finds two).
    @Test func aScreenOfTwoKindsIsShownAsTheFirstOfSectionedListDetail() {
        let both = ListAndSections()
        #expect(both.asSectioned != nil && both.asList == nil)
    }
}

/// A list screen that runs its own commands.
private struct Commanded: CommandHandlingScreen {
    let title = "Commanded"
    nonisolated func load() async throws -> [Thing] { [] }
    func row(_ thing: Thing, context: RowContext) -> Text { Text("thing \(thing.id)") }
}

/// A type that is a list screen and a sectioned one.
private struct ListAndSections: ListScreen, SectionedListScreen {
    let title = "Both"
    var sections: [ListSection<Thing>] { [] }
    var pickMode: PickMode { .none }
    var timeout: Duration? { nil }
    var rowHeight: RowHeight { .uniform(1) }
    var actions: [ScreenAction<Self>] { [] }
    nonisolated func load() async throws -> [Thing] { [] }
    func row(_ thing: Thing, context: RowContext) -> Text { Text("thing \(thing.id)") }
    func open(_ thing: Thing) -> OpenResult { .nothing }
    func filterText(_ thing: Thing) -> String { "thing \(thing.id)" }
}
