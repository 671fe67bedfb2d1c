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

    @Test func rowsShowSizeTimeAndNameDirectoriesFirst() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path))
        await app.start()
        await app.press(.character("p"))  // rows at full width; screens opened next keep the pane hidden
        #expect(app.lines[1].hasSuffix("docs/"))
        #expect(app.lines[1].hasPrefix("    -  "))
        #expect(app.lines[2].hasSuffix("dangling -> missing-target (broken link)"))
        #expect(app.lines[3].hasPrefix("   34  "))
        #expect(app.lines[3].hasSuffix("  readme.txt"))
        #expect(!app.screen.contains(".env"))
    }

    @Test func enterOpensADirectoryAndEscComesBack() async throws {
        let scratch = try tree()
        let app = HeadlessApp(root: DirScreen(directory: scratch.path))
        await app.start()
        await app.press(.character("p"))  // rows at full width; screens opened next keep the pane hidden
        await app.press(.enter)
        #expect(app.lines[0].contains("docs/"))
        #expect(app.lines[1].hasSuffix("guide.md"))
        await app.press(.enter)  // the preview of guide.md
        #expect(app.screen.contains("# Guide"))
        #expect(app.screen.contains("Read me."))
        await app.press(.escape, .escape)
        #expect(app.lines[1].hasSuffix("docs/"))
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
        #expect(app.lines[1].hasSuffix("guide.md"))
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
