import Foundation
import Lister
import ListerSources
import ListerTestSupport
import TerminalCore
import Testing

@MainActor
@Suite struct DirAppTests {
    func tree() throws -> DirSqlScratch {
        let scratch = try DirSqlScratch()
        try scratch.folder("docs")
        try scratch.file("docs/guide.md", text: "# Guide\nRead me.\n")
        try scratch.file("readme.txt", text: "Hello from the readme\nsecond line\n")
        try scratch.file(".env", text: "SECRET=1\n")
        try scratch.link("dangling", to: "missing-target")
        return scratch
    }

    @Test func rowsShowNameSizeTimeAndKindDirectoriesFirst() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path))
        await app.start()
        await app.press(.character("p"))  // rows at full width; screens opened next keep the pane hidden
        #expect(app.lines[1].hasPrefix("Name ") && app.lines[1].hasSuffix("Size  Modified          Kind"))
        #expect(app.lines[2].hasPrefix("docs/ ") && app.lines[2].hasSuffix("  dir"))
        #expect(app.lines[2].contains("    -  "))  // a directory has no size, right-aligned
        #expect(app.lines[3].hasPrefix("dangling -> missing-target (broken link)  "))
        #expect(app.lines[3].hasSuffix("  broken link"))
        #expect(app.lines[4].hasPrefix("readme.txt "))
        #expect(app.lines[4].contains("   34  "))  // 34 bytes, under the end of "Size"
        #expect(app.lines[4].distance(of: "34") + 2 == app.lines[1].distance(of: "Size") + 4)
        #expect(!app.screen.contains(".env"))
    }

    @Test func sortingBySizeThenTheOtherWayKeepsTheSelection() async throws {
        let scratch = try tree()
        try scratch.file("big.bin", text: String(repeating: "x", count: 5000))
        let app = HeadlessApp(root: DirScreen(directory: scratch.path))
        await app.start()
        await app.press(.character("p"), .end)  // readme.txt, the last
        await app.press(.character("s"), .character("s"))  // by size: directories (no size) last
        #expect(app.lines[1].contains("Size ▲"))
        #expect(app.lines[2].hasPrefix("dangling") && app.lines[3].hasPrefix("readme.txt") && app.lines[4].hasPrefix("big.bin"))
        #expect(app.lines[5].hasPrefix("docs/"))
        #expect(app.screen.contains("2/4"))  // still on readme.txt
        await app.press(.character("S"))
        #expect(app.lines[1].contains("Size ▼"))
        #expect(app.lines[2].hasPrefix("big.bin") && app.lines[5].hasPrefix("docs/"))
        #expect(app.screen.contains("2/4"))
    }

    @Test func enterOpensADirectoryAndEscComesBack() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path))
        await app.start()
        await app.press(.character("p"))  // rows at full width; screens opened next keep the pane hidden
        await app.press(.enter)
        #expect(app.lines[0].contains("docs/"))
        #expect(app.lines[2].hasPrefix("guide.md "))
        await app.press(.enter)  // the preview of guide.md
        #expect(app.screen.contains("# Guide"))
        #expect(app.screen.contains("Read me."))
        await app.press(.escape, .escape)
        #expect(app.lines[2].hasPrefix("docs/ "))
        #expect(app.outcome == nil)
        await app.press(.character("q"))
        #expect(app.outcome?.exitStatus == 0)
    }

    @Test func dotTogglesHiddenFilesKeepingTheSelection() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path))
        await app.start()
        await app.press(.down, .down)  // readme.txt
        await app.press(.character("."))
        #expect(app.screen.contains(".env"))
        #expect(app.screen.contains("4/4"))  // still on readme.txt, now after .env
        await app.press(.character("."))
        #expect(!app.screen.contains(".env"))
        await app.press(.character("?"))
        #expect(app.screen.contains("Show or hide hidden files"))
    }

    @Test func pickChoosesAFileAndStillOpensDirectories() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path, picks: true))
        await app.start()
        await app.press(.character("p"))  // rows at full width; screens opened next keep the pane hidden
        await app.press(.enter)  // docs/ opens
        #expect(app.outcome == nil)
        #expect(app.lines[2].hasPrefix("guide.md "))
        await app.press(.enter)
        let picked = app.outcome?.picked(as: DirEntry.self).map(\.path)
        #expect(picked == [scratch.path + "/docs/guide.md"])
    }

    @Test func pickPreviewsAFileOnRightAndPicksItOnEnter() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path, picks: true), size: Size(rows: 24, columns: 100))
        await app.start()
        await app.press(.end)  // readme.txt, the last entry
        let name = app.lines[1...].first { $0.contains("readme.txt") }
        #expect(name != nil)
        await app.press(.right)  // a preview, not a pick
        #expect(app.outcome == nil)
        #expect(app.lines[0].hasSuffix("readme.txt"))  // the breadcrumb names the preview
        #expect(app.screen.contains("Hello from the readme"))
        await app.press(.left)  // back to the list
        await app.press(.enter)
        #expect(app.outcome?.picked(as: DirEntry.self).map(\.name) == ["readme.txt"])
    }

    @Test func aBrokenLinkPreviewsAsAnErrorNotAPick() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path, picks: true), size: Size(rows: 24, columns: 200))
        await app.start()
        await app.press(.down, .enter)
        #expect(app.outcome == nil)
        #expect(app.screen.contains("broken symbolic link to missing-target"))
    }

    @Test func anUnreadableDirectoryShowsTheErrorAndRetryReadsIt() async throws {
        let scratch = try DirSqlScratch()
        let later = scratch.path + "/later"
        let app = HeadlessApp(root: DirScreen(directory: later), size: Size(rows: 24, columns: 200))
        await app.start()
        #expect(app.screen.contains("cannot read \(later): No such file or directory"))
        #expect(app.screen.contains("retry"))
        try scratch.file("later/now-here.txt", text: "x")
        await app.press(.character("r"))
        #expect(app.screen.contains("now-here.txt"))
    }
}

extension String {
    /// The display column where `part` begins (0 when absent).
    func distance(of part: String) -> Int {
        guard let range = range(of: part) else { return 0 }
        return DisplayWidth.of(String(self[..<range.lowerBound]))
    }
}
